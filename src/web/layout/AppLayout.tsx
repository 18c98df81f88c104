import { Box, Container } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import { PageLoader } from '../components/PageLoader.tsx';

/** The login page stands alone: no header, footer or sidebar (spec section 2). */
const BARE_PATHS = new Set(['/login']);

// The shell (header, sidebar, footer) is its own chunk: /login, the first page most visitors
// load, never downloads it.
const AppChrome = lazy(() => import('./AppChrome.tsx'));

/** The layout route around every page: the bare page for /login, else the app shell. */
export function AppLayout() {
  const { pathname } = useLocation();
  if (BARE_PATHS.has(pathname)) {
    return (
      <Box component="main" p="md">
        <Container size="lg" px={0}>
          <Outlet />
        </Container>
      </Box>
    );
  }
  return (
    <Suspense fallback={<PageLoader />}>
      <AppChrome />
    </Suspense>
  );
}
