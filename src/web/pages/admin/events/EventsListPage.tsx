/** /super-admin/events/all (issue 9): being built. */
export default function EventsListPage() {
  return null;
}
