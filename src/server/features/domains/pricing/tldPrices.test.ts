import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { normalizeTldCosts } from './supplierSyncCosts.ts';
import { applyMarkup } from './tldPrices.ts';

describe('applyMarkup', () => {
  it('adds a percentage (hundredths of a percent) rounded up to a whole cent, or a fixed amount', () => {
    expect(applyMarkup(1029, { kind: 'percent', value: 2500 })).toBe(1287); // 1286.25
    expect(applyMarkup(1000, { kind: 'percent', value: 2500 })).toBe(1250); // exact: no rounding
    expect(applyMarkup(999, { kind: 'percent', value: 1 })).toBe(1000); // 999.0999
    expect(applyMarkup(1029, { kind: 'fixed', value: 300 })).toBe(1329);
    expect(applyMarkup(0, { kind: 'percent', value: 2500 })).toBe(0);
    expect(applyMarkup(0, { kind: 'fixed', value: 150 })).toBe(150);
  });

  it('no markup, a zero one or a negative one sells at cost, never below', () => {
    expect(applyMarkup(1029, null)).toBe(1029);
    expect(applyMarkup(1029, { kind: 'percent', value: 0 })).toBe(1029);
    expect(applyMarkup(1029, { kind: 'percent', value: -5000 })).toBe(1029);
    expect(applyMarkup(1029, { kind: 'fixed', value: -500 })).toBe(1029);
  });

  it('property: whole cents, never below the cost, never more than one cent above the exact percentage', () => {
    const cost = fc.integer({ min: 0, max: 10_000_000 });
    const markup = fc.record({ kind: fc.constantFrom('percent' as const, 'fixed' as const), value: fc.integer({ min: -100_000, max: 1_000_000 }) });
    fc.assert(fc.property(cost, markup, (c, m) => {
      const price = applyMarkup(c, m);
      expect(Number.isSafeInteger(price)).toBe(true);
      expect(price).toBeGreaterThanOrEqual(c);
      if (m.value > 0 && m.kind === 'percent') {
        const exact = (c * (10_000 + m.value)) / 10_000;
        expect(price).toBeGreaterThanOrEqual(exact);
        expect(price - exact).toBeLessThan(1);
      }
      if (m.value > 0 && m.kind === 'fixed') expect(price).toBe(c + m.value);
    }));
  });
});

describe('normalizeTldCosts', () => {
  it('stores TLDs without dot in lower case, currency upper case, drops bad amounts, empty rows, repeats and bad TLDs', () => {
    expect(normalizeTldCosts([
      { tld: '.COM', registerCents: 1099, renewCents: 1299, transferCents: -1, currency: 'usd' },
      { tld: 'com', registerCents: 1, renewCents: 1, transferCents: 1, currency: 'USD' },
      { tld: 'co.uk', registerCents: 650.5, renewCents: 650, transferCents: null, currency: '' },
      { tld: 'empty', registerCents: null, renewCents: null, transferCents: null, currency: 'USD' },
      { tld: 'bad tld', registerCents: 100, renewCents: 100, transferCents: 100, currency: 'USD' },
    ])).toEqual([
      { tld: 'com', registerCents: 1099, renewCents: 1299, transferCents: null, currency: 'USD' },
      { tld: 'co.uk', registerCents: null, renewCents: 650, transferCents: null, currency: 'USD' },
    ]);
  });
});
