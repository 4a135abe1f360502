/** Route paths (§2). Paths the spec does not show are our choice and marked so. */
export const ROUTES = {
  home: '/',
  profile: '/profile',
  account: '/account',
  loggedOut: '/loggedout',
  // Sign-in pages, outside the default layout (our choice; the gateway's login location redirects to /signin).
  signIn: '/signin',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  widgets: '/widgets',
  asset: '/assets/:id',
  collection: '/collections/:id',
  view: '/views/:id',
  admin: '/admin',
  adminEvents: '/admin/events',
  // The event pages under Events (not shown in the spec; our choice): Add Event, Edit Event, one event.
  eventCreate: '/admin/events/new',
  eventEdit: '/admin/events/:id/edit',
  event: '/admin/events/:id',
  adminViews: '/admin/views',
  adminIntegrations: '/admin/integrations',
  adminLogs: '/admin/logs/:id',
  tagLibrary: '/admin/tag-library',
  tagCreate: '/admin/tag-library/tag-create',
  tagAssign: '/admin/tag-library/tag-assign',
  tagSummary: '/admin/tag-library/tag-summary',
  tagImport: '/admin/tag-library/tag-import',
  // Not shown in the spec (our choice):
  adminAccountOverview: '/admin/account',
  adminMembers: '/admin/account/members',
  adminSecurity: '/admin/account/security',
  adminSecurityLog: '/admin/account/security-log',
  adminSubscription: '/admin/account/subscription',
  adminManuals: '/admin/account/manuals',
  adminOrganizations: '/admin/account/organizations',
  // System Admins only.
  adminAccounts: '/admin/accounts',
  adminAssets: '/admin/assets',
  adminCollections: '/admin/collections',
  adminBusinessRules: '/admin/business-rules',
  adminTelemetry: '/admin/telemetry',
  adminFinancial: '/admin/financial',
  userAcceptance: '/user-acceptance',
  invitations: '/invitations',
} as const;

export type RoutePath = (typeof ROUTES)[keyof typeof ROUTES];
