import { Divider, NavLink, ScrollArea, Stack, Text } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { ACCOUNT_ADMIN_ROLES } from '../../common/constants.ts';
import { useSession } from '../session/SessionProvider.tsx';
import { ActiveAccountSelect } from './ActiveAccountSelect.tsx';

interface Item {
  to: string;
  label: string;
}

interface Group {
  title: string | null;
  items: Item[];
}

/** The sidebar groups of the spec; Account Settings and Super Admin only for the roles that may use them. */
function sidebarGroups(canManageAccount: boolean, isSuperAdmin: boolean): Group[] {
  const groups: Group[] = [
    { title: null, items: [{ to: '/', label: 'Dashboard' }] },
    { title: 'Support', items: [{ to: '/tickets', label: 'Tickets' }, { to: '/tickets/new', label: 'New Ticket' }] },
    {
      title: 'Services',
      items: [
        { to: '/services', label: 'All Services' },
        { to: '/services/hosting', label: 'Hosting' },
        { to: '/domains/search', label: 'Domain Search' },
        { to: '/domains', label: 'My Domains' },
      ],
    },
    {
      title: 'Settings',
      items: [
        { to: '/profile', label: 'Your Profile' },
        ...(canManageAccount ? [{ to: '/account-settings', label: 'Account Settings' }] : []),
        { to: '/billing', label: 'Billing' },
      ],
    },
  ];
  if (isSuperAdmin) groups.push({ title: 'Super Admin', items: [{ to: '/super-admin', label: 'Super Admin' }] });
  return groups;
}

export function AppSidebar({ onNavigate }: { onNavigate(): void }) {
  const { activeRole, globalRole } = useSession();
  const { pathname } = useLocation();
  const canManageAccount = activeRole !== null && ACCOUNT_ADMIN_ROLES.includes(activeRole);
  const groups = sidebarGroups(canManageAccount, globalRole === 'super_admin');

  return (
    <>
      <ActiveAccountSelect />
      <Divider my="sm" />
      <ScrollArea type="auto" style={{ flex: 1 }}>
        <Stack gap="sm">
          {groups.map((group) => (
            <div key={group.title ?? 'home'}>
              {group.title && (
                <Text size="xs" fw={700} tt="uppercase" c="dimmed" px="sm" mb={4}>
                  {group.title}
                </Text>
              )}
              {group.items.map((item) => (
                <NavLink
                  key={item.to}
                  component={Link}
                  to={item.to}
                  label={item.label}
                  active={pathname === item.to}
                  onClick={onNavigate}
                />
              ))}
            </div>
          ))}
        </Stack>
      </ScrollArea>
    </>
  );
}
