import { preloadable } from '../../shared/preloadable';

/**
 * The organization's dashboard on Home (charts, grids): its own chunk, so the greeting and the shortcuts do not wait
 * for it; loaded with the page when the app opens on Home (AppRoutes' `preloadPage`).
 */
export const HomeDashboard = preloadable(() => import('../analytics/OrganizationDashboard'));
