import { AppShell, Box, Container, rem, Skeleton, Stack } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { lazy, Suspense, useDeferredValue } from 'react';
import { Outlet } from 'react-router';
import { useSession } from '../session/SessionProvider.tsx';
import { AppFooter } from './AppFooter.tsx';
import { AppHeader } from './AppHeader.tsx';
import { useHeaderVisible } from './headerVisibility.ts';
import { ImpersonationBanner } from './ImpersonationBanner.tsx';

// The signed-in chrome (account selector, navigation, toasts) is its own chunk, so the
// sign-in and sign-up pages do not download it.
const AppSidebar = lazy(() => import('./AppSidebar.tsx').then((m) => ({ default: m.AppSidebar })));
const Toasts = lazy(() => import('./Toasts.tsx'));

/** The sidebar's shape while its code loads: the account selector and a few links. */
function SidebarSkeleton() {
  return (
    <Stack gap="sm" aria-hidden>
      <Skeleton height={36} />
      {[0, 1, 2, 3, 4, 5].map((i) => <Skeleton key={i} height={22} width={`${70 - i * 5}%`} />)}
    </Stack>
  );
}

const HEADER_HEIGHT = 60;
const SIDEBAR_WIDTH = 260;

/** The app shell around every page but /login: top bar that hides on scroll, collapsible sidebar, footer. */
export default function AppChrome() {
  const { user } = useSession();
  const headerVisible = useHeaderVisible();
  const [mobileOpened, { toggle: toggleMobile, close: closeMobile }] = useDisclosure(false);
  const [desktopOpened, { toggle: toggleDesktop }] = useDisclosure(true);

  const withSidebar = Boolean(user);
  // When the sign-in becomes known, the page renders first (its place for the sidebar already
  // kept, so nothing moves) and the sidebar's content in a background render React can
  // interrupt, rather than all of it in one long task.
  const sidebarContent = useDeferredValue(withSidebar);
  // The open mobile sidebar hangs under the header, so the header stays while it is open.
  const headerShown = headerVisible || mobileOpened;
  const headerSpace = headerShown ? rem(HEADER_HEIGHT) : '0rem';

  return (
    <AppShell
      padding="md"
      // offset: false keeps the page from jumping when the header slides away on scroll.
      header={{ height: HEADER_HEIGHT, collapsed: !headerShown, offset: false }}
      navbar={withSidebar
        ? { width: SIDEBAR_WIDTH, breakpoint: 'sm', collapsed: { mobile: !mobileOpened, desktop: !desktopOpened } }
        : undefined}
    >
      {sidebarContent && <Suspense fallback={null}><Toasts /></Suspense>}
      <AppShell.Header>
        <AppHeader sidebar={withSidebar ? { mobileOpened, desktopOpened, toggleMobile, toggleDesktop } : null} />
      </AppShell.Header>
      {withSidebar && (
        <AppShell.Navbar component="nav" aria-label="Sidebar" p="md" style={{ top: headerSpace, height: `calc(100dvh - ${headerSpace})` }}>
          {sidebarContent ? (
            <Suspense fallback={<SidebarSkeleton />}>
              <AppSidebar onNavigate={closeMobile} />
            </Suspense>
          ) : <SidebarSkeleton />}
        </AppShell.Navbar>
      )}
      <AppShell.Main
        pt={`calc(${rem(HEADER_HEIGHT)} + var(--mantine-spacing-md))`}
        style={{ display: 'flex', flexDirection: 'column' }}
      >
        <Box style={{ flex: 1 }}>
          <Container size="lg" px={0}>
            <ImpersonationBanner />
            <Outlet />
          </Container>
        </Box>
        <AppFooter />
      </AppShell.Main>
    </AppShell>
  );
}
