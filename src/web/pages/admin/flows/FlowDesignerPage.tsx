/** /super-admin/events/flows (issue 9): being built. */
export default function FlowDesignerPage() {
  return null;
}
