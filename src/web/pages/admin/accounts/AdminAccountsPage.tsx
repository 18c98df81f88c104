/** Placeholder until this page is built (issue 8). */
export default function AdminAccountsPage() {
  return null;
}
