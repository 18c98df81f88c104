/** Dates from the server are ISO strings; anything missing or unparseable shows 'N/A' (spec section 3). */
function parse(value: string | null | undefined): Date | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

export function formatDate(value: string | null | undefined): string {
  const date = parse(value);
  return date ? date.toLocaleDateString() : 'N/A';
}

export function formatDateTime(value: string | null | undefined): string {
  const date = parse(value);
  return date ? date.toLocaleString() : 'N/A';
}
