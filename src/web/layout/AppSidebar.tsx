import { Divider, NavLink, ScrollArea, Stack, Text } from '@mantine/core';
import { Link, useLocation } from 'react-router';
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

/** The sidebar groups of the spec; Account Settings only when the server says the caller may manage the account, Super Admin for global super admins. */
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
  if (isSuperAdmin) {
    groups.push({ title: 'Super Admin', items: [
      { to: '/super-admin', label: 'Super Admin' },
      { to: '/super-admin/users', label: 'Users' },
      { to: '/super-admin/accounts', label: 'Accounts' },
      { to: '/super-admin/orders', label: 'Orders' },
      { to: '/super-admin/orders/failed', label: 'Failed Orders' },
      { to: '/super-admin/provisioning', label: 'Provisioning Queue' },
      { to: '/super-admin/domains', label: 'Domains' },
      { to: '/super-admin/domains/bulk-map', label: 'Bulk Mapping' },
      { to: '/super-admin/portfolio-sync', label: 'Portfolio Sync' },
      { to: '/super-admin/registrars', label: 'Registrars' },
      { to: '/super-admin/servers', label: 'Servers' },
      { to: '/super-admin/services', label: 'Hosting Services' },
      { to: '/super-admin/tickets', label: 'Support Tickets' },
      { to: '/super-admin/products', label: 'Products' },
      { to: '/super-admin/mail', label: 'Mail Outbox' },
      { to: '/super-admin/audit', label: 'Audit Log' },
      { to: '/super-admin/whois-lookup', label: 'WHOIS Lookup' },
      { to: '/super-admin/events', label: 'Events' },
      { to: '/super-admin/events/webhooks', label: 'Webhooks' },
      { to: '/super-admin/events/flows', label: 'Event Flows' },
      { to: '/super-admin/events/deliveries', label: 'Deliveries' },
      { to: '/super-admin/events/test', label: 'Test Events' },
    ] });
  }
  return groups;
}

export function AppSidebar({ onNavigate }: { onNavigate(): void }) {
  const { activeAbilities, globalRole } = useSession();
  const { pathname } = useLocation();
  const groups = sidebarGroups(activeAbilities?.manageSettings ?? false, globalRole === 'super_admin');

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
