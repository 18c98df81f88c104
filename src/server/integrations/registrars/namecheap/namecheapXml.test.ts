import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { attr, children, isTrue, parseXml, toCents, toIsoDate } from './namecheapXml.ts';

describe('Namecheap XML reading', () => {
  it('reads Namecheap dates (MM/DD/YYYY, renew\'s M/D/YYYY h:mm:ss AM) as UTC instants', () => {
    expect(toIsoDate('03/14/2026')).toBe('2026-03-14T00:00:00.000Z');
    expect(toIsoDate('3/4/2027 12:05:09 AM')).toBe('2027-03-04T00:05:09.000Z');
    expect(toIsoDate('3/4/2027 12:05:09 PM')).toBe('2027-03-04T12:05:09.000Z');
    expect(toIsoDate('3/4/2027 1:00:00 pm')).toBe('2027-03-04T13:00:00.000Z');
    expect(toIsoDate('2027-03-04T10:00:00Z')).toBe('2027-03-04T10:00:00.000Z');
    expect(toIsoDate('')).toBeNull();
    expect(toIsoDate('soon')).toBeNull();
  });

  it('any calendar day written MM/DD/YYYY reads back as that day', () => {
    fc.assert(fc.property(fc.date({ min: new Date(Date.UTC(1990, 0, 1)), max: new Date(Date.UTC(2200, 0, 1)), noInvalidDate: true }), (date) => {
      const day = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
      const written = `${String(day.getUTCMonth() + 1).padStart(2, '0')}/${String(day.getUTCDate()).padStart(2, '0')}/${day.getUTCFullYear()}`;
      expect(toIsoDate(written)).toBe(day.toISOString());
    }));
  });

  it('converts dollar amounts to cents without float drift', () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 10_000_000_00 }), (cents) => {
      expect(toCents((cents / 100).toFixed(4))).toBe(cents);
      expect(toCents((cents / 100).toFixed(2))).toBe(cents);
    }));
    expect(toCents('')).toBeNull();
    expect(toCents('n/a')).toBeNull();
  });

  it('keeps ids as written (leading zeros) and reads names in any casing', () => {
    const doc = parseXml('<ApiResponse><CommandResponse><Row ID="007"/><row id="008"/><ROW Id="0"/></CommandResponse></ApiResponse>');
    const rows = children(children(children(doc, 'apiresponse')[0], 'CommandResponse')[0], 'Row');
    expect(rows.map((row) => attr(row, 'ID'))).toEqual(['007', '008', '0']);
    expect(parseXml('not xml at all')).toBeNull();
    expect(children(parseXml('\uFEFF\n<?xml version="1.0"?><ApiResponse Status="OK"/>'), 'ApiResponse')).toHaveLength(1);
    expect([isTrue('True'), isTrue('true'), isTrue('yes'), isTrue('False'), isTrue('NotAlloted'), isTrue(null)]).toEqual([true, true, true, false, false, false]);
  });
});
