import { Title } from '@mantine/core';
import { RequireSuperAdmin } from '../../../session/RequireSuperAdmin.tsx';

/** /super-admin/mail/:messageId (issue 8). */
export default function AdminMailMessagePage() {
  return <RequireSuperAdmin><Title order={2}>Message</Title></RequireSuperAdmin>;
}
