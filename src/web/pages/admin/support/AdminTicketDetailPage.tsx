import { Title } from '@mantine/core';
import { RequireSuperAdmin } from '../../../session/RequireSuperAdmin.tsx';

/** /super-admin/tickets/:ticketId (issue 8). */
export default function AdminTicketDetailPage() {
  return <RequireSuperAdmin><Title order={2}>Ticket</Title></RequireSuperAdmin>;
}
