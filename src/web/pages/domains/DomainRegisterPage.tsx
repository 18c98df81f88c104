/** Placeholder until this page is built (issue 7). */
export default function DomainRegisterPage() {
  return null;
}
