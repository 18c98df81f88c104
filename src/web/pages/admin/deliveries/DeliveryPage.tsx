/** /super-admin/events/deliveries/:deliveryId (issue 9): being built. */
export default function DeliveryPage() {
  return null;
}
