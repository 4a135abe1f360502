import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';
import { ROUTES } from '../config/routes';
import { DefaultLayout } from '../layout/DefaultLayout';
import { Loading } from '../shared/components/Loading';

const HomePage = lazy(() => import('../features/home/HomePage'));
const ProfilePage = lazy(() => import('../features/profile/ProfilePage'));
const AccountPage = lazy(() => import('../features/account/AccountPage'));
const AdminPage = lazy(() => import('../features/admin/AdminPage'));
const LoggedOutPage = lazy(() => import('../features/auth/LoggedOutPage'));
const ComingSoonPage = lazy(() => import('../features/placeholder/ComingSoonPage'));
const NotFoundPage = lazy(() => import('../features/placeholder/NotFoundPage'));

/** Pages that later issues fill in, with the translation key of their title. */
const PLACEHOLDERS: { path: string; titleKey: string }[] = [
  { path: ROUTES.widgets, titleKey: 'pages.widgets' },
  { path: ROUTES.asset, titleKey: 'pages.asset' },
  { path: ROUTES.collection, titleKey: 'pages.collection' },
  { path: ROUTES.view, titleKey: 'pages.view' },
  { path: ROUTES.event, titleKey: 'pages.event' },
  { path: ROUTES.userAcceptance, titleKey: 'pages.userAcceptance' },
  { path: ROUTES.adminEvents, titleKey: 'admin.sections.events.title' },
  { path: ROUTES.adminViews, titleKey: 'admin.sections.views.title' },
  { path: ROUTES.adminIntegrations, titleKey: 'admin.sections.integrations.title' },
  { path: ROUTES.adminLogs, titleKey: 'pages.auditLogs' },
  { path: ROUTES.tagLibrary, titleKey: 'pages.tagLibrary' },
  { path: ROUTES.tagCreate, titleKey: 'pages.tagCreate' },
  { path: ROUTES.tagAssign, titleKey: 'pages.tagAssign' },
  { path: ROUTES.tagSummary, titleKey: 'pages.tagSummary' },
  { path: ROUTES.tagImport, titleKey: 'pages.tagImport' },
  { path: ROUTES.adminAccountOverview, titleKey: 'admin.sections.overview.title' },
  { path: ROUTES.adminMembers, titleKey: 'admin.sections.members.title' },
  { path: ROUTES.adminSecurity, titleKey: 'admin.sections.security.title' },
  { path: ROUTES.adminSubscription, titleKey: 'admin.sections.subscription.title' },
  { path: ROUTES.adminManuals, titleKey: 'admin.sections.manuals.title' },
  { path: ROUTES.adminAssets, titleKey: 'admin.sections.assets.title' },
  { path: ROUTES.adminCollections, titleKey: 'admin.sections.collections.title' },
  { path: ROUTES.adminBusinessRules, titleKey: 'admin.sections.businessRule.title' },
  { path: ROUTES.adminTelemetry, titleKey: 'admin.sections.telemetry.title' },
  { path: ROUTES.adminFinancial, titleKey: 'admin.sections.financial.title' },
];

/** The routes (§2): the signed-out page on its own; everything else under the default layout. */
export function AppRoutes() {
  return (
    <Routes>
      <Route
        path={ROUTES.loggedOut}
        element={
          <Suspense fallback={<Loading />}>
            <LoggedOutPage />
          </Suspense>
        }
      />
      <Route path="/" element={<DefaultLayout />}>
        <Route index element={<HomePage />} />
        <Route path={ROUTES.profile} element={<ProfilePage />} />
        <Route path={ROUTES.account} element={<AccountPage />} />
        <Route path={ROUTES.admin} element={<AdminPage />} />
        {PLACEHOLDERS.map(({ path, titleKey }) => (
          <Route key={path} path={path} element={<ComingSoonPage key={titleKey} titleKey={titleKey} />} />
        ))}
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
