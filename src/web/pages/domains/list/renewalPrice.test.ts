import { describe, expect, it } from 'vitest';
import { RENEWAL_YEAR_CHOICES, renewalTotalCents, renewalTotalText, tldOf, yearsOptionLabel } from './renewalPrice.ts';

describe('renewal price', () => {
  it('finds the priced TLD of one- and two-part extensions', () => {
    expect(tldOf('shop.com')).toBe('com');
    expect(tldOf('shop.co.uk')).toBe('co.uk');
  });

  it('offers 1 to 10 years', () => {
    expect(RENEWAL_YEAR_CHOICES).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });

  it('shows the period\'s own total, as the domain\'s registrar prices it, in dollars with 2 decimals', () => {
    const periods = [{ years: 1, totalCents: 1399 }, { years: 3, totalCents: 4197 }];
    expect(renewalTotalCents(periods, 3)).toBe(4197);
    expect(renewalTotalCents(periods, 2)).toBeNull();
    expect(renewalTotalCents(undefined, 1)).toBeNull();
    expect(renewalTotalText(1399, 'USD')).toBe('Total $13.99');
    expect(renewalTotalText(10_000, 'USD')).toBe('Total $100.00');
  });

  it('labels each period with its price, or alone when the price is unknown', () => {
    expect(yearsOptionLabel(1, 1399, 'USD')).toBe('1 year – $13.99');
    expect(yearsOptionLabel(2, 2798, 'USD')).toBe('2 years – $27.98');
    expect(yearsOptionLabel(2, null, 'USD')).toBe('2 years');
  });
});
