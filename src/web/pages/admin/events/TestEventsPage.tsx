/** /super-admin/events/test (issue 9): being built. */
export default function TestEventsPage() {
  return null;
}
