import { describe, expect, it } from 'vitest';
import { RENEWAL_YEAR_CHOICES, renewalTotalText, tldOf, yearsOptionLabel } from './renewalPrice.ts';

describe('renewal price', () => {
  it('finds the priced TLD of one- and two-part extensions', () => {
    expect(tldOf('shop.com')).toBe('com');
    expect(tldOf('shop.co.uk')).toBe('co.uk');
  });

  it('offers 1 to 10 years', () => {
    expect(RENEWAL_YEAR_CHOICES).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });

  it('totals the per-year renewal price times the years in dollars with 2 decimals', () => {
    expect(renewalTotalText(1399, 1, 'USD')).toBe('Total $13.99');
    expect(renewalTotalText(1399, 3, 'USD')).toBe('Total $41.97');
    expect(renewalTotalText(1000, 10, 'USD')).toBe('Total $100.00');
  });

  it('labels each period with its price, or alone when the price is unknown', () => {
    expect(yearsOptionLabel(1, 1399, 'USD')).toBe('1 year – $13.99');
    expect(yearsOptionLabel(2, 1399, 'USD')).toBe('2 years – $27.98');
    expect(yearsOptionLabel(2, null, 'USD')).toBe('2 years');
  });
});
