import { Paper, SimpleGrid, Text, UnstyledButton } from '@mantine/core';
import { Link } from 'react-router';

/** The back-office pages that exist so far; a page joins here when it is built. */
const TILES = [
  { to: '/super-admin/users', title: 'Users', description: 'Find a user, change their role or details.' },
  { to: '/super-admin/accounts', title: 'Accounts', description: 'Customer accounts, their members and domains.' },
  { to: '/super-admin/orders', title: 'Orders', description: 'Every domain order, filtered and sorted.' },
  { to: '/super-admin/orders/failed', title: 'Failed orders', description: 'Orders that need a retry or a hand, oldest first.' },
  { to: '/super-admin/domains', title: 'Domains', description: 'Every managed domain: add, import, move between accounts, map the unassigned.' },
  { to: '/super-admin/portfolio-sync', title: 'Portfolio sync', description: 'Where our domains and their registrars disagree, checked nightly.' },
  { to: '/super-admin/registrars', title: 'Registrars', description: 'Activate suppliers, see their health, test their APIs, sync TLDs.' },
  { to: '/super-admin/tickets', title: 'Support tickets', description: 'Read and answer customers\' tickets.' },
  { to: '/super-admin/products', title: 'Products', description: 'The plans and prices customers subscribe to.' },
  { to: '/super-admin/mail', title: 'Mail outbox', description: 'Every e-mail the portal sent or stored.' },
  { to: '/super-admin/audit', title: 'Audit log', description: 'Every back-office act and impersonation.' },
  { to: '/super-admin/whois-lookup', title: 'WHOIS lookup', description: 'Any domain at its registry, by RDAP or WHOIS.' },
  { to: '/super-admin/events', title: 'Events', description: 'What happened on the platform, as it happens.' },
  { to: '/super-admin/events/webhooks', title: 'Webhooks', description: 'Endpoints that receive signed events.' },
  { to: '/super-admin/events/flows', title: 'Event flows', description: 'Which events go to which webhooks.' },
  { to: '/super-admin/events/test', title: 'Test events', description: 'Send a test event through the flows.' },
] as const;

export function AdminTiles() {
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }} component="nav" aria-label="Back-office pages">
      {TILES.map((tile) => (
        <UnstyledButton key={tile.to} component={Link} to={tile.to}>
          <Paper withBorder p="md" radius="md" h="100%">
            <Text fw={700} c="indigo.7">{tile.title}</Text>
            <Text size="sm" c="dimmed">{tile.description}</Text>
          </Paper>
        </UnstyledButton>
      ))}
    </SimpleGrid>
  );
}
