import Box from '@mui/material/Box';
import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { useAppDispatch } from '../app/hooks';
import { ROUTES } from '../config/routes';
import { AcceptanceGuard } from '../features/acceptance/AcceptanceGuard';
import { LazyPage } from '../shared/components/PageErrorBoundary';
import { Header, HeaderOffset } from './Header';
import { Sidebar } from './Sidebar';
import { setShowAdmin } from './sidebarSlice';

/**
 * The default layout: header, collapsible sidebar, and the page (lazy, with the loading indicator, and failing on its
 * own), once the user has accepted the terms of service and privacy policy.
 */
export function DefaultLayout() {
  return (
    <AcceptanceGuard>
      <Shell />
    </AcceptanceGuard>
  );
}

function Shell() {
  const dispatch = useAppDispatch();
  const { pathname } = useLocation();

  useEffect(() => {
    if (pathname === ROUTES.admin || pathname.startsWith(`${ROUTES.admin}/`)) dispatch(setShowAdmin(true));
  }, [dispatch, pathname]);

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh', bgcolor: 'background.default' }}>
      <Header />
      <Sidebar />
      <Box component="main" sx={{ flexGrow: 1, minWidth: 0, p: { xs: 2, md: 4 } }}>
        <HeaderOffset />
        <Box sx={{ maxWidth: 1400, mx: 'auto' }}>
          <LazyPage key={pathname}>
            <Outlet />
          </LazyPage>
        </Box>
      </Box>
    </Box>
  );
}
