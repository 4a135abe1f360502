import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { Route, Routes } from 'react-router-dom';
import { ROUTES } from '../config/routes';
import { BootSpinner, Loading } from '../shared/components/Loading';

// Every page is its own chunk, and so is the layout: the sign-in page loads neither the header, the
// sidebar nor their icons.
const loadLayout = () => import('../layout/DefaultLayout');
const loadHome = () => import('../features/home/HomePage');
const loadProfile = () => import('../features/profile/ProfilePage');
const loadAccount = () => import('../features/account/AccountPage');
const loadAdmin = () => import('../features/admin/AdminPage');
const loadLoggedOut = () => import('../features/auth/LoggedOutPage');
const loadSignIn = () => import('../features/auth/SignInPage');
const loadForgotPassword = () => import('../features/auth/ForgotPasswordPage');
const loadResetPassword = () => import('../features/auth/ResetPasswordPage');

const DefaultLayout = lazy(() => loadLayout().then(({ DefaultLayout }) => ({ default: DefaultLayout })));
const HomePage = lazy(loadHome);
const ProfilePage = lazy(loadProfile);
const AccountPage = lazy(loadAccount);
const AdminPage = lazy(loadAdmin);
const LoggedOutPage = lazy(loadLoggedOut);
const SignInPage = lazy(loadSignIn);
const ForgotPasswordPage = lazy(loadForgotPassword);
const ResetPasswordPage = lazy(loadResetPassword);
const UserAcceptancePage = lazy(() => import('../features/acceptance/UserAcceptancePage'));
const AccountOverviewPage = lazy(() => import('../features/admin/account/AccountOverviewPage'));
const MembersPage = lazy(() => import('../features/admin/account/MembersPage'));
const SecurityPage = lazy(() => import('../features/admin/account/SecurityPage'));
const SubscriptionPage = lazy(() => import('../features/admin/account/SubscriptionPage'));
const ManualsPage = lazy(() => import('../features/admin/account/ManualsPage'));
const OrganizationsPage = lazy(() => import('../features/admin/organizations/OrganizationsPage'));
const AccountsPage = lazy(() => import('../features/admin/accounts/AccountsPage'));
const IntegrationsPage = lazy(() => import('../features/admin/integrations/IntegrationsPage'));
const TelemetryPage = lazy(() => import('../features/data-settings/TelemetryPage'));
const FinancialPage = lazy(() => import('../features/data-settings/FinancialPage'));
const AssetsPage = lazy(() => import('../features/management/assets/AssetsPage'));
const CollectionsPage = lazy(() => import('../features/management/collections/CollectionsPage'));
const ViewsPage = lazy(() => import('../features/management/views/ViewsPage'));
const InvitationsPage = lazy(() => import('../features/invitations/InvitationsPage'));
const AssetDashboardPage = lazy(() => import('../features/dashboard/AssetPage'));
const CollectionDashboardPage = lazy(() => import('../features/dashboard/CollectionPage'));
const ViewDashboardPage = lazy(() => import('../features/dashboard/ViewPage'));
const TagLibraryPage = lazy(() => import('../features/tags/TagLibraryPage'));
const CreateTagsPage = lazy(() => import('../features/tags/CreateTagsPage'));
const TagAssignPage = lazy(() => import('../features/tags/TagAssignPage'));
const TagSummaryPage = lazy(() => import('../features/tags/TagSummaryPage'));
const TagImportPage = lazy(() => import('../features/tags/TagImportPage'));
const AuditLogsPage = lazy(() => import('../features/tags/AuditLogsPage'));
const RulesPage = lazy(() => import('../features/rules/RulesPage'));
const WidgetsPage = lazy(() => import('../features/analytics/WidgetsPage'));
const EventsPage = lazy(() => import('../features/events/EventsPage'));
const EventWizardPage = lazy(() => import('../features/events/EventWizardPage'));
const EventPage = lazy(() => import('../features/events/EventPage'));
const NotFoundPage = lazy(() => import('../features/placeholder/NotFoundPage'));

const STANDALONE_LOADERS: Record<string, () => Promise<unknown>> = {
  [ROUTES.signIn]: loadSignIn,
  [ROUTES.loggedOut]: loadLoggedOut,
  [ROUTES.forgotPassword]: loadForgotPassword,
  [ROUTES.resetPassword]: loadResetPassword,
};
const LAYOUT_PAGE_LOADERS: Record<string, () => Promise<unknown>> = {
  [ROUTES.home]: loadHome,
  [ROUTES.profile]: loadProfile,
  [ROUTES.account]: loadAccount,
  [ROUTES.admin]: loadAdmin,
};

/**
 * Starts loading the chunks of the page at `pathname` at once. Rendering waits for the translations, and
 * only then would the lazy page start its own download: this runs both in parallel.
 */
export function preloadPage(pathname: string): void {
  const standalone = STANDALONE_LOADERS[pathname];
  if (standalone) {
    void standalone();
    return;
  }
  void loadLayout();
  void LAYOUT_PAGE_LOADERS[pathname]?.();
}

/**
 * Pages outside the default layout. The signed-out and sign-in pages never ask for the profile (no redirect
 * loop); the acceptance page is where the layout's guard sends a user who has not accepted the terms yet.
 */
const STANDALONE: { path: string; page: LazyExoticComponent<ComponentType> }[] = [
  { path: ROUTES.loggedOut, page: LoggedOutPage },
  { path: ROUTES.signIn, page: SignInPage },
  { path: ROUTES.forgotPassword, page: ForgotPasswordPage },
  { path: ROUTES.resetPassword, page: ResetPasswordPage },
  { path: ROUTES.userAcceptance, page: UserAcceptancePage },
];

/** Admin → Account pages. */
const ADMIN_ACCOUNT: { path: string; page: LazyExoticComponent<ComponentType> }[] = [
  { path: ROUTES.adminAccountOverview, page: AccountOverviewPage },
  { path: ROUTES.adminMembers, page: MembersPage },
  { path: ROUTES.adminSecurity, page: SecurityPage },
  { path: ROUTES.adminSubscription, page: SubscriptionPage },
  { path: ROUTES.adminManuals, page: ManualsPage },
  { path: ROUTES.adminOrganizations, page: OrganizationsPage },
];

/** Admin → Management pages (the inventory). */
const ADMIN_MANAGEMENT: { path: string; page: LazyExoticComponent<ComponentType> }[] = [
  { path: ROUTES.adminAssets, page: AssetsPage },
  { path: ROUTES.adminCollections, page: CollectionsPage },
  { path: ROUTES.adminViews, page: ViewsPage },
  // Events: the list, Add Event, Edit Event and one event (the static "new" wins over ":id").
  { path: ROUTES.adminEvents, page: EventsPage },
  { path: ROUTES.eventCreate, page: EventWizardPage },
  { path: ROUTES.eventEdit, page: EventWizardPage },
  { path: ROUTES.event, page: EventPage },
];

/** The tagging pages (Tag Library and its steps, audit logs) and Admin → Rules. */
const TAGGING: { path: string; page: LazyExoticComponent<ComponentType> }[] = [
  { path: ROUTES.tagLibrary, page: TagLibraryPage },
  { path: ROUTES.tagCreate, page: CreateTagsPage },
  { path: ROUTES.tagAssign, page: TagAssignPage },
  { path: ROUTES.tagSummary, page: TagSummaryPage },
  { path: ROUTES.tagImport, page: TagImportPage },
  { path: ROUTES.adminLogs, page: AuditLogsPage },
  { path: ROUTES.adminBusinessRules, page: RulesPage },
];

/** The dashboards of one asset, collection or view, and every widget of the organization. */
const DASHBOARDS: { path: string; page: LazyExoticComponent<ComponentType> }[] = [
  { path: ROUTES.widgets, page: WidgetsPage },
  { path: ROUTES.asset, page: AssetDashboardPage },
  { path: ROUTES.collection, page: CollectionDashboardPage },
  { path: ROUTES.view, page: ViewDashboardPage },
];

/** The routes (§2): the signed-out and sign-in pages on their own; everything else under the default layout. */
export function AppRoutes() {
  return (
    <Routes>
      {STANDALONE.map(({ path, page: Page }) => (
        <Route
          key={path}
          path={path}
          element={
            <Suspense fallback={<Loading />}>
              <Page />
            </Suspense>
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
        <Route index element={<HomePage />} />
        <Route path={ROUTES.profile} element={<ProfilePage />} />
        <Route path={ROUTES.account} element={<AccountPage />} />
        <Route path={ROUTES.admin} element={<AdminPage />} />
        <Route path={ROUTES.invitations} element={<InvitationsPage />} />
        <Route path={ROUTES.adminAccounts} element={<AccountsPage />} />
        <Route path={ROUTES.adminIntegrations} element={<IntegrationsPage />} />
        <Route path={ROUTES.adminTelemetry} element={<TelemetryPage />} />
        <Route path={ROUTES.adminFinancial} element={<FinancialPage />} />
        {ADMIN_ACCOUNT.map(({ path, page: Page }) => (
          <Route key={path} path={path} element={<Page />} />
        ))}
        {ADMIN_MANAGEMENT.map(({ path, page: Page }) => (
          <Route key={path} path={path} element={<Page />} />
        ))}
        {TAGGING.map(({ path, page: Page }) => (
          <Route key={path} path={path} element={<Page />} />
        ))}
        {DASHBOARDS.map(({ path, page: Page }) => (
          <Route key={path} path={path} element={<Page />} />
        ))}
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
