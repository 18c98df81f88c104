/**
 * An amount typed in dollars ('12', '12.5', '1,200.00') as whole cents, exactly: the digits are
 * read as text, never through a float (0.29 * 100 is 28.999999999999996). Null when it is not
 * an amount with at most 2 decimals.
 */
export function dollarsToCents(typed: string): number | null {
  const match = typed.trim().replace(/^\$/, '').replace(/,(?=\d{3}(\D|$))/g, '').match(/^(\d+)(?:\.(\d{0,2}))?$/);
  if (!match) return null;
  const cents = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return Number.isSafeInteger(cents) ? cents : null;
}

/** Cents as the dollars a form shows: 1250 → '12.50'. */
export function centsToDollars(cents: number): string {
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}
