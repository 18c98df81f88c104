import { Title } from '@mantine/core';
import { RequireSuperAdmin } from '../../../session/RequireSuperAdmin.tsx';

/** /super-admin/orders/failed (issue 8). */
export default function AdminFailedOrdersPage() {
  return <RequireSuperAdmin><Title order={2}>Failed orders</Title></RequireSuperAdmin>;
}
