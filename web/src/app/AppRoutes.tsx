import { Suspense } from 'react';
import { matchPath, Route, Routes } from 'react-router-dom';
import { ROUTES } from '../config/routes';
import { HomeDashboard } from '../features/home/HomeDashboard';
import { BootSpinner } from '../shared/components/Loading';
import { LazyPage } from '../shared/components/PageErrorBoundary';
import { preloadable, type Preloadable } from '../shared/preloadable';
import { SIGNED_OUT_PAGES } from './signedOutPages';

// Every page is its own chunk, and so is the layout: the sign-in page loads neither the header, the
// sidebar nor their icons.
const DefaultLayout = preloadable<object>(() =>
  import('../layout/DefaultLayout').then(({ DefaultLayout }) => ({ default: DefaultLayout })),
);
const HomePage = preloadable(() => import('../features/home/HomePage'));
const ProfilePage = preloadable(() => import('../features/profile/ProfilePage'));
const AccountPage = preloadable(() => import('../features/account/AccountPage'));
const AdminPage = preloadable(() => import('../features/admin/AdminPage'));
const UserAcceptancePage = preloadable(() => import('../features/acceptance/UserAcceptancePage'));
const AccountOverviewPage = preloadable(() => import('../features/admin/account/AccountOverviewPage'));
const MembersPage = preloadable(() => import('../features/admin/account/MembersPage'));
const SecurityPage = preloadable(() => import('../features/admin/account/SecurityPage'));
const SecurityLogPage = preloadable(() => import('../features/admin/account/SecurityLogPage'));
const SubscriptionPage = preloadable(() => import('../features/admin/account/SubscriptionPage'));
const ManualsPage = preloadable(() => import('../features/admin/account/ManualsPage'));
const OrganizationsPage = preloadable(() => import('../features/admin/organizations/OrganizationsPage'));
const AccountsPage = preloadable(() => import('../features/admin/accounts/AccountsPage'));
const IntegrationsPage = preloadable(() => import('../features/admin/integrations/IntegrationsPage'));
const TelemetryPage = preloadable(() => import('../features/data-settings/TelemetryPage'));
const FinancialPage = preloadable(() => import('../features/data-settings/FinancialPage'));
const AssetsPage = preloadable(() => import('../features/management/assets/AssetsPage'));
const CollectionsPage = preloadable(() => import('../features/management/collections/CollectionsPage'));
const ViewsPage = preloadable(() => import('../features/management/views/ViewsPage'));
const InvitationsPage = preloadable(() => import('../features/invitations/InvitationsPage'));
const AssetDashboardPage = preloadable(() => import('../features/dashboard/AssetPage'));
const CollectionDashboardPage = preloadable(() => import('../features/dashboard/CollectionPage'));
const ViewDashboardPage = preloadable(() => import('../features/dashboard/ViewPage'));
const TagLibraryPage = preloadable(() => import('../features/tags/TagLibraryPage'));
const CreateTagsPage = preloadable(() => import('../features/tags/CreateTagsPage'));
const TagAssignPage = preloadable(() => import('../features/tags/TagAssignPage'));
const TagSummaryPage = preloadable(() => import('../features/tags/TagSummaryPage'));
const TagImportPage = preloadable(() => import('../features/tags/TagImportPage'));
const AuditLogsPage = preloadable(() => import('../features/tags/AuditLogsPage'));
const RulesPage = preloadable(() => import('../features/rules/RulesPage'));
const WidgetsPage = preloadable(() => import('../features/analytics/WidgetsPage'));
const EventsPage = preloadable(() => import('../features/events/EventsPage'));
const EventWizardPage = preloadable(() => import('../features/events/EventWizardPage'));
const EventPage = preloadable(() => import('../features/events/EventPage'));
const NotFoundPage = preloadable(() => import('../features/placeholder/NotFoundPage'));

type Page = { path: string; page: Preloadable<object> };

/**
 * Pages outside the default layout. The signed-out and sign-in pages never ask for the profile (no redirect
 * loop); the acceptance page is where the layout's guard sends a user who has not accepted the terms yet.
 */
const STANDALONE: Page[] = [...SIGNED_OUT_PAGES, { path: ROUTES.userAcceptance, page: UserAcceptancePage }];

/** The pages of the default layout (§2). */
const LAYOUT_PAGES: Page[] = [
  { path: ROUTES.home, page: HomePage },
  { path: ROUTES.profile, page: ProfilePage },
  { path: ROUTES.account, page: AccountPage },
  { path: ROUTES.admin, page: AdminPage },
  { path: ROUTES.invitations, page: InvitationsPage },
  { path: ROUTES.adminAccounts, page: AccountsPage },
  { path: ROUTES.adminIntegrations, page: IntegrationsPage },
  { path: ROUTES.adminTelemetry, page: TelemetryPage },
  { path: ROUTES.adminFinancial, page: FinancialPage },
  // Admin → Account.
  { path: ROUTES.adminAccountOverview, page: AccountOverviewPage },
  { path: ROUTES.adminMembers, page: MembersPage },
  { path: ROUTES.adminSecurity, page: SecurityPage },
  { path: ROUTES.adminSecurityLog, page: SecurityLogPage },
  { path: ROUTES.adminSubscription, page: SubscriptionPage },
  { path: ROUTES.adminManuals, page: ManualsPage },
  { path: ROUTES.adminOrganizations, page: OrganizationsPage },
  // Admin → Management (the inventory); events: the list, Add Event, Edit Event and one event (the static "new"
  // wins over ":id").
  { path: ROUTES.adminAssets, page: AssetsPage },
  { path: ROUTES.adminCollections, page: CollectionsPage },
  { path: ROUTES.adminViews, page: ViewsPage },
  { path: ROUTES.adminEvents, page: EventsPage },
  { path: ROUTES.eventCreate, page: EventWizardPage },
  { path: ROUTES.eventEdit, page: EventWizardPage },
  { path: ROUTES.event, page: EventPage },
  // The tagging pages (Tag Library and its steps, audit logs) and Admin → Rules.
  { path: ROUTES.tagLibrary, page: TagLibraryPage },
  { path: ROUTES.tagCreate, page: CreateTagsPage },
  { path: ROUTES.tagAssign, page: TagAssignPage },
  { path: ROUTES.tagSummary, page: TagSummaryPage },
  { path: ROUTES.tagImport, page: TagImportPage },
  { path: ROUTES.adminLogs, page: AuditLogsPage },
  { path: ROUTES.adminBusinessRules, page: RulesPage },
  // The dashboards of one asset, collection or view, and every widget of the organization.
  { path: ROUTES.widgets, page: WidgetsPage },
  { path: ROUTES.asset, page: AssetDashboardPage },
  { path: ROUTES.collection, page: CollectionDashboardPage },
  { path: ROUTES.view, page: ViewDashboardPage },
];

/**
 * What a page shows inside itself, lazily, that is worth loading with it when the app opens on that page. Not waited
 * for: the page renders first (its own loading state meanwhile) and the charts and the data grid are not among the
 * scripts the first render waits for (issue 21, item 8: budget of the compressed scripts before it).
 */
const INNER_CHUNKS: Record<string, Preloadable<object>[]> = { [ROUTES.home]: [HomeDashboard] };

const matching = (pages: Page[], pathname: string) => pages.find(({ path }) => matchPath(path, pathname));

/**
 * Loads the chunks of the page at `pathname` (and of the layout around it) at once, in parallel with the
 * translations; the app renders once they are in (startApp), so that no part of the page suspends on its first
 * render (see `preloadable`).
 */
export function preloadPage(pathname: string): Promise<unknown> {
  const standalone = matching(STANDALONE, pathname);
  if (standalone) return standalone.page.preload();
  const page = matching(LAYOUT_PAGES, pathname);
  return Promise.all([DefaultLayout, page ? page.page : NotFoundPage].map((chunk) => chunk.preload()));
}

/** Starts loading what the page at `pathname` shows inside itself (the home dashboard): once its first render is under way. */
export function preloadInnerChunks(pathname: string): void {
  const page = matching(LAYOUT_PAGES, pathname);
  for (const chunk of page ? (INNER_CHUNKS[page.path] ?? []) : []) void chunk.preload();
}

/** The routes (§2): the signed-out and sign-in pages on their own; everything else under the default layout. */
export function AppRoutes() {
  return (
    <Routes>
      {STANDALONE.map(({ path, page: Page }) => (
        <Route
          key={path}
          path={path}
          element={
            <LazyPage>
              <Page />
            </LazyPage>
          }
        />
      ))}
      <Route
        path="/"
        element={
          <Suspense fallback={<BootSpinner />}>
            <DefaultLayout />
          </Suspense>
        }
      >
        {LAYOUT_PAGES.map(({ path, page: Page }) =>
          path === ROUTES.home ? (
            <Route key={path} index element={<Page />} />
          ) : (
            <Route key={path} path={path} element={<Page />} />
          ),
        )}
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
