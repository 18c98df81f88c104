import { Title } from '@mantine/core';
import { RequireSuperAdmin } from '../../../session/RequireSuperAdmin.tsx';

/** /super-admin/audit (issue 8). */
export default function AdminAuditPage() {
  return <RequireSuperAdmin><Title order={2}>Audit log</Title></RequireSuperAdmin>;
}
