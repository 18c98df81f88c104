import { describe, expect, it } from 'vitest';
import { minutesLeft } from './texts.ts';

describe('minutesLeft (the impersonation banner)', () => {
  const start = '2026-01-01T10:00:00.000Z';
  const at = (iso: string) => Date.parse(iso);

  it('counts down the hour in whole minutes, rounding up', () => {
    expect(minutesLeft(start, at('2026-01-01T10:00:00.000Z'))).toBe(60);
    expect(minutesLeft(start, at('2026-01-01T10:00:30.000Z'))).toBe(60);
    expect(minutesLeft(start, at('2026-01-01T10:59:01.000Z'))).toBe(1);
  });

  it('never shows more than the hour nor less than nothing', () => {
    expect(minutesLeft(start, at('2026-01-01T09:58:00.000Z'))).toBe(60);
    expect(minutesLeft(start, at('2026-01-01T11:00:00.000Z'))).toBe(0);
    expect(minutesLeft(start, at('2026-01-01T12:00:00.000Z'))).toBe(0);
  });
});
