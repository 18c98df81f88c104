/** /super-admin/events/deliveries (issue 9): being built. */
export default function DeliveriesPage() {
  return null;
}
