import { describe, expect, it } from 'vitest';
import type { ManagedDomain } from '../../../../../common/admin/domainDetail/contract.ts';
import { dateOf, showDate } from './displayDate.ts';
import { draftOf, patchesOf, withRegistrar } from './domainDraft.ts';

const local = {
  registrar: 'namecheap', managementMode: 'api', status: 'active', registrationDate: '2025-03-14T10:00:00.000Z', updatedDate: null,
  expiryAt: '2026-03-14T10:00:00.000Z', notes: null,
} as ManagedDomain;

describe('the detail page\'s dates', () => {
  it('reads timestamp objects, seconds and nanoseconds, strings and numbers', () => {
    const at = '2026-03-14T10:00:00.000Z';
    const ms = Date.parse(at);
    expect(dateOf({ toDate: () => new Date(ms) })?.toISOString()).toBe(at);
    expect(dateOf({ seconds: ms / 1000, nanoseconds: 0 })?.toISOString()).toBe(at);
    expect(dateOf({ _seconds: ms / 1000, _nanoseconds: 5e8 })?.toISOString()).toBe('2026-03-14T10:00:00.500Z');
    expect(dateOf(at)?.toISOString()).toBe(at);
    expect(dateOf(ms)?.toISOString()).toBe(at);
    expect(dateOf(ms / 1000)?.toISOString()).toBe(at);
  });

  it('shows N/A for nothing or what cannot be read', () => {
    for (const value of [null, undefined, '', 'not a date', {}, { seconds: 'x' }, Number.NaN]) expect(showDate(value)).toBe('N/A');
  });
});

describe('the detail page\'s patches', () => {
  it('sends only what changed, a cleared date as null and notes trimmed', () => {
    const draft = { ...draftOf(local), expiryAt: '2027-03-14', registrationDate: '', notes: '  Checked by hand. ' };
    expect(patchesOf(local, draft)).toEqual({ expiryAt: '2027-03-14', registrationDate: null, notes: 'Checked by hand.' });
    expect(patchesOf(local, draftOf(local))).toEqual({});
  });

  it('choosing Manually Managed forces manual mode', () => {
    const draft = withRegistrar(draftOf(local), 'manual');
    expect(draft.managementMode).toBe('manual');
    expect(patchesOf(local, draft)).toEqual({ registrar: 'manual', managementMode: 'manual' });
  });
});
