import { describe, expect, it } from 'vitest';
import type { ProviderInvoiceLine } from '../../../integrations/payments/events.ts';
import { billedPeriod, supersedes } from './sync.ts';

describe('which invoice report wins', () => {
  it('a later stage wins whenever it arrives; an earlier stage never undoes paid or void', () => {
    expect(supersedes({ status: 'open', clock: 200 }, { status: 'paid', clock: 100 })).toBe(true);
    expect(supersedes({ status: 'paid', clock: 100 }, { status: 'open', clock: 200 })).toBe(false);
    expect(supersedes({ status: 'void', clock: 100 }, { status: 'draft', clock: 300 })).toBe(false);
    expect(supersedes({ status: 'uncollectible', clock: 100 }, { status: 'paid', clock: 100 })).toBe(true);
  });

  it('within a stage, the newer report wins and a repeat of the same one is harmless', () => {
    expect(supersedes({ status: 'open', clock: 100 }, { status: 'open', clock: 101 })).toBe(true);
    expect(supersedes({ status: 'open', clock: 100 }, { status: 'open', clock: 100 })).toBe(true);
    expect(supersedes({ status: 'open', clock: 100 }, { status: 'open', clock: 99 })).toBe(false);
    expect(supersedes({ status: 'paid', clock: 100 }, { status: 'void', clock: 99 })).toBe(false);
  });
});

describe('the period an invoice bills', () => {
  const line = (start: number, end: number): ProviderInvoiceLine => ({
    id: `il_${start}`, description: 'Plan', amount: 999, currency: 'usd', quantity: 1, period: { start, end }, pricing: null,
  });
  const JAN = 1_767_225_600;
  const FEB = 1_769_904_000;
  const MAR = 1_772_323_200;

  it('a first invoice (its own period empty) bills its line\'s period', () => {
    expect(billedPeriod({ period_start: JAN, period_end: JAN, lines: { data: [line(JAN, FEB)] } })).toEqual({ start: JAN, end: FEB });
  });

  it('a renewal bills the new period of its line, not the period that ended, which Stripe puts on the invoice', () => {
    expect(billedPeriod({ period_start: JAN, period_end: FEB, lines: { data: [line(FEB, MAR)] } })).toEqual({ start: FEB, end: MAR });
  });

  it('several lines (a proration and the next period) span from the first start to the last end; no lines: the invoice\'s own', () => {
    expect(billedPeriod({ period_start: FEB, period_end: FEB, lines: { data: [line(FEB + 86_400, MAR), line(JAN + 86_400, FEB)] } }))
      .toEqual({ start: JAN + 86_400, end: MAR });
    expect(billedPeriod({ period_start: JAN, period_end: FEB, lines: { data: [] } })).toEqual({ start: JAN, end: FEB });
  });
});

describe('the term a one-off payment buys', () => {
  const NOV_27 = Date.UTC(2026, 10, 27) / 1000;
  const oneOff = { period_start: NOV_27, period_end: NOV_27, created: NOV_27, lines: { data: [] } };

  it('a 2-year registration bills two years from the day it was paid, not the moment of issue', () => {
    expect(billedPeriod({ ...oneOff, metadata: { termYears: '2' } })).toEqual({ start: NOV_27, end: Date.UTC(2028, 10, 27) / 1000 });
  });

  it('a renewal bills from the current expiry the checkout named', () => {
    expect(billedPeriod({ ...oneOff, metadata: { termYears: '1', termFrom: '2027-03-14T00:00:00.000Z' } }))
      .toEqual({ start: Date.UTC(2027, 2, 14) / 1000, end: Date.UTC(2028, 2, 14) / 1000 });
  });

  it('a term that is not 1 to 10 whole years is ignored: the invoice keeps its own period', () => {
    for (const termYears of ['0', '11', '1.5', 'two', '']) {
      expect(billedPeriod({ ...oneOff, metadata: { termYears } })).toEqual({ start: NOV_27, end: NOV_27 });
    }
  });
});
