import { formatAmount } from '../../../../common/billing/billing.ts';
import { RENEWAL_YEARS } from '../../../../common/domains/domains.ts';

/** The pricing key of a domain we hold: everything after its one label ('shop.co.uk' → 'co.uk'). */
export function tldOf(domain: string): string {
  return domain.slice(domain.indexOf('.') + 1);
}

export const RENEWAL_YEAR_CHOICES: number[] = Array.from({ length: RENEWAL_YEARS.max - RENEWAL_YEARS.min + 1 }, (_, i) => RENEWAL_YEARS.min + i);

export function renewalTotalCents(renewCentsPerYear: number, years: number): number {
  return renewCentsPerYear * years;
}

/** '3 years – $41.97' for the years select: the price of each period at a glance. */
export function yearsOptionLabel(years: number, renewCentsPerYear: number | null, currency: string): string {
  const period = `${years} ${years === 1 ? 'year' : 'years'}`;
  return renewCentsPerYear === null ? period : `${period} – ${formatAmount(renewalTotalCents(renewCentsPerYear, years), currency)}`;
}

export function renewalTotalText(renewCentsPerYear: number, years: number, currency: string): string {
  return `Total ${formatAmount(renewalTotalCents(renewCentsPerYear, years), currency)}`;
}
