import { Title } from '@mantine/core';
import { RequireSuperAdmin } from '../../../session/RequireSuperAdmin.tsx';

/** /super-admin/orders/:orderId (issue 8). */
export default function AdminOrderDetailPage() {
  return <RequireSuperAdmin><Title order={2}>Order</Title></RequireSuperAdmin>;
}
