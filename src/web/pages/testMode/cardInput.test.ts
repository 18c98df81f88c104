import { describe, expect, it } from 'vitest';
import { formatCardNumber, formatExpiry } from './cardInput.ts';

describe('test card inputs', () => {
  it('groups a card number by four, keeping digits only', () => {
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('4000-0000-0000-0002')).toBe('4000 0000 0000 0002');
    expect(formatCardNumber('42424')).toBe('4242 4');
    expect(formatCardNumber('4242 ')).toBe('4242');
    expect(formatCardNumber('abc')).toBe('');
    expect(formatCardNumber('1'.repeat(25)).replace(/ /g, '')).toHaveLength(19);
  });

  it('writes an expiry as MM / YY while typing, and lets the slash be deleted', () => {
    expect(formatExpiry('1')).toBe('1');
    expect(formatExpiry('12')).toBe('12 / ');
    expect(formatExpiry('1230')).toBe('12 / 30');
    expect(formatExpiry('12 / 305')).toBe('12 / 30');
    expect(formatExpiry('12 /', '12 / ')).toBe('1');
    expect(formatExpiry('')).toBe('');
  });
});
