/** /super-admin/events/webhooks (issue 9): being built. */
export default function WebhooksPage() {
  return null;
}
