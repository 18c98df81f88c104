import { describe, expect, it } from 'vitest';
import { centsToDollars, dollarsToCents } from './dollarsToCents.ts';

describe('dollars typed by an operator as cents', () => {
  it('converts whole and decimal amounts exactly, where a float would not', () => {
    expect(dollarsToCents('12')).toBe(1200);
    expect(dollarsToCents('12.5')).toBe(1250);
    expect(dollarsToCents('12.50')).toBe(1250);
    expect(dollarsToCents('0.29')).toBe(29);
    expect(dollarsToCents('19.99')).toBe(1999);
    expect(dollarsToCents('1.10')).toBe(110);
    expect(dollarsToCents('0')).toBe(0);
    expect(dollarsToCents('7.')).toBe(700);
  });

  it('accepts a leading dollar sign, spaces and thousands separators', () => {
    expect(dollarsToCents(' $1,200.00 ')).toBe(120000);
    expect(dollarsToCents('1,000,000')).toBe(100000000);
  });

  it('refuses what is not an amount with at most 2 decimals', () => {
    for (const typed of ['', ' ', 'abc', '12.345', '-5', '1e3', '12,34', '.5', '1.2.3', '12 00']) {
      expect(dollarsToCents(typed), typed).toBeNull();
    }
  });

  it('writes cents back as dollars for the form', () => {
    expect(centsToDollars(1250)).toBe('12.50');
    expect(centsToDollars(5)).toBe('0.05');
    expect(centsToDollars(120000)).toBe('1200.00');
    expect(dollarsToCents(centsToDollars(1999))).toBe(1999);
  });
});
