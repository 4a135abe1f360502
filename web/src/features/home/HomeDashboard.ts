import { preloadable } from '../../shared/preloadable';

/**
 * The organization's dashboard on Home (charts, grids): its own chunk, so the greeting and the shortcuts do not wait
 * for it; starts loading with the first render when the app opens on Home (AppRoutes' `preloadInnerChunks`).
 */
export const HomeDashboard = preloadable(() => import('../analytics/OrganizationDashboard'));
