/** /super-admin/events (issue 9): being built. */
export default function EventsDashboardPage() {
  return null;
}
