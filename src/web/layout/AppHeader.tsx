import { Anchor, Burger, Button, Group, Text } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { useSession } from '../session/SessionProvider.tsx';
import { ProductLogo } from './ProductLogo.tsx';
import { useLogout } from './useLogout.ts';

const TOP_LINKS = [
  { to: '/', label: 'Dashboard' },
  { to: '/tickets', label: 'Tickets' },
  { to: '/tickets/new', label: 'New Ticket' },
  { to: '/profile', label: 'Profile' },
];

interface Props {
  sidebar: { mobileOpened: boolean; desktopOpened: boolean; toggleMobile(): void; toggleDesktop(): void } | null;
}

/** Top bar: logo, the main links, greeting and Logout when signed in; a Login link otherwise. */
export function AppHeader({ sidebar }: Props) {
  const { user } = useSession();
  const logout = useLogout();
  const { pathname } = useLocation();

  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap">
      <Group gap="sm" wrap="nowrap">
        {sidebar && (
          <>
            <Burger opened={sidebar.mobileOpened} onClick={sidebar.toggleMobile} hiddenFrom="sm" size="sm" aria-label="Toggle sidebar" />
            <Burger opened={sidebar.desktopOpened} onClick={sidebar.toggleDesktop} visibleFrom="sm" size="sm" aria-label="Toggle sidebar" />
          </>
        )}
        <ProductLogo />
      </Group>

      {user ? (
        <Group gap="md" wrap="nowrap">
          <Group gap="md" visibleFrom="md" component="nav" aria-label="Main">
            {TOP_LINKS.map((link) => (
              <Anchor
                key={link.to}
                component={Link}
                to={link.to}
                fw={500}
                c={pathname === link.to ? undefined : 'var(--mantine-color-text)'}
                aria-current={pathname === link.to ? 'page' : undefined}
              >
                {link.label}
              </Anchor>
            ))}
          </Group>
          <Text size="sm" c="dimmed" truncate maw={{ base: 150, sm: 220 }}>
            Hi, {user.name || user.email}!
          </Text>
          <Button variant="light" size="xs" onClick={logout}>
            Logout
          </Button>
        </Group>
      ) : (
        <Anchor component={Link} to="/login" fw={500}>
          Login
        </Anchor>
      )}
    </Group>
  );
}
