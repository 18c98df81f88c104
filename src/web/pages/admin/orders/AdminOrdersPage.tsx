import { Title } from '@mantine/core';
import { RequireSuperAdmin } from '../../../session/RequireSuperAdmin.tsx';

/** /super-admin/orders (issue 8). */
export default function AdminOrdersPage() {
  return <RequireSuperAdmin><Title order={2}>Orders</Title></RequireSuperAdmin>;
}
