/**
 * The columns a WHMCS domain CSV may carry. WHMCS has no official domain CSV format
 * (shared/reference/registrars.md section 6), so headers are the tbldomains column names or
 * the GetClientsDomains API names, matched without regard to case, spaces or underscores.
 * Only `domain` (or `domainname`) is required; any other header is reported as ignored.
 */
export const WHMCS_COLUMNS = {
  domain: ['domain', 'domainname'],
  status: ['status'],
  registrar: ['registrar'],
  registrationDate: ['registrationdate', 'regdate'],
  expiryDate: ['expirydate'],
  nextDueDate: ['nextduedate'],
  doNotRenew: ['donotrenew'],
  idProtection: ['idprotection'],
  clientId: ['userid', 'clientid'],
  clientEmail: ['email', 'clientemail'],
  notes: ['notes', 'additionalnotes'],
} as const;

export type WhmcsField = keyof typeof WHMCS_COLUMNS;

export const headerKey = (header: string) => header.trim().toLowerCase().replace(/[\s_-]+/g, '');

const FIELD_BY_HEADER = new Map<string, WhmcsField>(
  (Object.entries(WHMCS_COLUMNS) as [WhmcsField, readonly string[]][]).flatMap(([field, names]) => names.map((n) => [n, field] as const)),
);

export interface ColumnMap {
  /** Index of each recognised field in a row. */
  index: Partial<Record<WhmcsField, number>>;
  /** Headers we do not read (as written in the file). */
  ignored: string[];
}

/** Maps a header row to field positions; a file without a domain column, or naming a field twice, is refused. */
export function mapColumns(headers: string[]): ColumnMap | { error: string } {
  const index: Partial<Record<WhmcsField, number>> = {};
  const ignored: string[] = [];
  for (const [i, header] of headers.entries()) {
    const field = FIELD_BY_HEADER.get(headerKey(header));
    if (!field) { ignored.push(header); continue; }
    if (index[field] !== undefined) return { error: `The column "${header}" repeats the ${field} column (column ${index[field] + 1}).` };
    index[field] = i;
  }
  if (index.domain === undefined) return { error: 'The file has no "domain" (or "domainname") column in its first line.' };
  return { index, ignored };
}
