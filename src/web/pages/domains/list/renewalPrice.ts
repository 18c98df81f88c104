import { formatAmount } from '../../../../common/billing/billing.ts';
import { RENEWAL_YEARS } from '../../../../common/domains/domains.ts';

/** The pricing key of a domain we hold: everything after its one label ('shop.co.uk' → 'co.uk'). */
export function tldOf(domain: string): string {
  return domain.slice(domain.indexOf('.') + 1);
}

export const RENEWAL_YEAR_CHOICES: number[] = Array.from({ length: RENEWAL_YEARS.max - RENEWAL_YEARS.min + 1 }, (_, i) => RENEWAL_YEARS.min + i);

/** A period's total from getRenewalPrices (the domain's own registrar's cost plus our markup); null when not offered. */
export function renewalTotalCents(periods: readonly { years: number; totalCents: number }[] | undefined, years: number): number | null {
  return periods?.find((period) => period.years === years)?.totalCents ?? null;
}

/** '3 years – $41.97' for the years select: each period with its own total. */
export function yearsOptionLabel(years: number, totalCents: number | null, currency: string): string {
  const period = `${years} ${years === 1 ? 'year' : 'years'}`;
  return totalCents === null ? period : `${period} – ${formatAmount(totalCents, currency)}`;
}

export function renewalTotalText(totalCents: number, currency: string): string {
  return `Total ${formatAmount(totalCents, currency)}`;
}
