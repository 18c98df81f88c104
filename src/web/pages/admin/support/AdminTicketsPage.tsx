import { Title } from '@mantine/core';
import { RequireSuperAdmin } from '../../../session/RequireSuperAdmin.tsx';

/** /super-admin/tickets (issue 8). */
export default function AdminTicketsPage() {
  return <RequireSuperAdmin><Title order={2}>Support tickets</Title></RequireSuperAdmin>;
}
