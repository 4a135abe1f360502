import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { Route, Routes } from 'react-router-dom';
import { ROUTES } from '../config/routes';
import { DefaultLayout } from '../layout/DefaultLayout';
import { Loading } from '../shared/components/Loading';

const HomePage = lazy(() => import('../features/home/HomePage'));
const ProfilePage = lazy(() => import('../features/profile/ProfilePage'));
const AccountPage = lazy(() => import('../features/account/AccountPage'));
const AdminPage = lazy(() => import('../features/admin/AdminPage'));
const LoggedOutPage = lazy(() => import('../features/auth/LoggedOutPage'));
const SignInPage = lazy(() => import('../features/auth/SignInPage'));
const ForgotPasswordPage = lazy(() => import('../features/auth/ForgotPasswordPage'));
const ResetPasswordPage = lazy(() => import('../features/auth/ResetPasswordPage'));
const UserAcceptancePage = lazy(() => import('../features/acceptance/UserAcceptancePage'));
const AccountOverviewPage = lazy(() => import('../features/admin/account/AccountOverviewPage'));
const MembersPage = lazy(() => import('../features/admin/account/MembersPage'));
const SecurityPage = lazy(() => import('../features/admin/account/SecurityPage'));
const SubscriptionPage = lazy(() => import('../features/admin/account/SubscriptionPage'));
const ManualsPage = lazy(() => import('../features/admin/account/ManualsPage'));
const ComingSoonPage = lazy(() => import('../features/placeholder/ComingSoonPage'));
const NotFoundPage = lazy(() => import('../features/placeholder/NotFoundPage'));

/** Pages that later issues fill in, with the translation key of their title. */
const PLACEHOLDERS: { path: string; titleKey: string }[] = [
  { path: ROUTES.widgets, titleKey: 'pages.widgets' },
  { path: ROUTES.asset, titleKey: 'pages.asset' },
  { path: ROUTES.collection, titleKey: 'pages.collection' },
  { path: ROUTES.view, titleKey: 'pages.view' },
  { path: ROUTES.event, titleKey: 'pages.event' },
  { path: ROUTES.adminEvents, titleKey: 'admin.sections.events.title' },
  { path: ROUTES.adminViews, titleKey: 'admin.sections.views.title' },
  { path: ROUTES.adminIntegrations, titleKey: 'admin.sections.integrations.title' },
  { path: ROUTES.adminLogs, titleKey: 'pages.auditLogs' },
  { path: ROUTES.tagLibrary, titleKey: 'pages.tagLibrary' },
  { path: ROUTES.tagCreate, titleKey: 'pages.tagCreate' },
  { path: ROUTES.tagAssign, titleKey: 'pages.tagAssign' },
  { path: ROUTES.tagSummary, titleKey: 'pages.tagSummary' },
  { path: ROUTES.tagImport, titleKey: 'pages.tagImport' },
  { path: ROUTES.adminAssets, titleKey: 'admin.sections.assets.title' },
  { path: ROUTES.adminCollections, titleKey: 'admin.sections.collections.title' },
  { path: ROUTES.adminBusinessRules, titleKey: 'admin.sections.businessRule.title' },
  { path: ROUTES.adminTelemetry, titleKey: 'admin.sections.telemetry.title' },
  { path: ROUTES.adminFinancial, titleKey: 'admin.sections.financial.title' },
];

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
      <Route path="/" element={<DefaultLayout />}>
        <Route index element={<HomePage />} />
        <Route path={ROUTES.profile} element={<ProfilePage />} />
        <Route path={ROUTES.account} element={<AccountPage />} />
        <Route path={ROUTES.admin} element={<AdminPage />} />
        {ADMIN_ACCOUNT.map(({ path, page: Page }) => (
          <Route key={path} path={path} element={<Page />} />
        ))}
        {PLACEHOLDERS.map(({ path, titleKey }) => (
          <Route key={path} path={path} element={<ComingSoonPage key={titleKey} titleKey={titleKey} />} />
        ))}
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
