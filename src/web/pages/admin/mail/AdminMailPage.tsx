import { Title } from '@mantine/core';
import { RequireSuperAdmin } from '../../../session/RequireSuperAdmin.tsx';

/** /super-admin/mail (issue 8). */
export default function AdminMailPage() {
  return <RequireSuperAdmin><Title order={2}>Mail outbox</Title></RequireSuperAdmin>;
}
