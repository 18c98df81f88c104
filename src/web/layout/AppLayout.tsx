import { AppShell, Box, Container, rem } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Outlet, useLocation } from 'react-router';
import { useSession } from '../session/SessionProvider.tsx';
import { AppFooter } from './AppFooter.tsx';
import { AppHeader } from './AppHeader.tsx';
import { AppSidebar } from './AppSidebar.tsx';
import { useHeaderVisible } from './headerVisibility.ts';

const HEADER_HEIGHT = 60;
const SIDEBAR_WIDTH = 260;
/** The login page stands alone: no header, footer or sidebar (spec section 2). */
const BARE_PATHS = new Set(['/login']);

/** The app shell around every route: top bar that hides on scroll, collapsible sidebar, footer. */
export function AppLayout() {
  const { pathname } = useLocation();
  const { user } = useSession();
  const headerVisible = useHeaderVisible();
  const [mobileOpened, { toggle: toggleMobile, close: closeMobile }] = useDisclosure(false);
  const [desktopOpened, { toggle: toggleDesktop }] = useDisclosure(true);

  const bare = BARE_PATHS.has(pathname);
  const withSidebar = Boolean(user) && !bare;
  // The open mobile sidebar hangs under the header, so the header stays while it is open.
  const headerShown = !bare && (headerVisible || mobileOpened);
  const headerSpace = headerShown ? rem(HEADER_HEIGHT) : '0rem';

  return (
    <AppShell
      padding="md"
      // offset: false keeps the page from jumping when the header slides away on scroll.
      header={bare ? undefined : { height: HEADER_HEIGHT, collapsed: !headerShown, offset: false }}
      navbar={withSidebar
        ? { width: SIDEBAR_WIDTH, breakpoint: 'sm', collapsed: { mobile: !mobileOpened, desktop: !desktopOpened } }
        : undefined}
    >
      {!bare && (
        <AppShell.Header>
          <AppHeader sidebar={withSidebar ? { mobileOpened, desktopOpened, toggleMobile, toggleDesktop } : null} />
        </AppShell.Header>
      )}
      {withSidebar && (
        <AppShell.Navbar component="nav" aria-label="Sidebar" p="md" style={{ top: headerSpace, height: `calc(100dvh - ${headerSpace})` }}>
          <AppSidebar onNavigate={closeMobile} />
        </AppShell.Navbar>
      )}
      <AppShell.Main
        pt={bare ? undefined : `calc(${rem(HEADER_HEIGHT)} + var(--mantine-spacing-md))`}
        style={{ display: 'flex', flexDirection: 'column' }}
      >
        <Box style={{ flex: 1 }}>
          <Container size="lg" px={0}>
            <Outlet />
          </Container>
        </Box>
        {!bare && <AppFooter />}
      </AppShell.Main>
    </AppShell>
  );
}
