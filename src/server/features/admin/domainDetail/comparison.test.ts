import { describe, expect, it } from 'vitest';
import type { ManagedDomain, SupplierInfo, WhoisInfo } from '../../../../common/admin/domainDetail/contract.ts';
import { compareSources, registrarFromRegistry, sameValue, statusFromRegistry } from './comparison.ts';
import { whoisRedacted } from './whoisRedaction.ts';

const suppliers = [{ id: 'namecheap', name: 'Namecheap' }, { id: 'dynadot', name: 'Dynadot' }, { id: 'sandbox', name: 'Sandbox' }];
const local = {
  registrationDate: '2025-01-01T00:00:00.000Z', updatedDate: null, expiryAt: '2026-01-01T00:00:00.000Z', status: 'active', registrar: 'namecheap',
} as ManagedDomain;
const supplier = { supplier: 'namecheap', status: 'active', registrationDate: '2025-01-01T00:00:00.000Z', expiryAt: '2027-01-01T00:00:00.000Z' } as SupplierInfo;
const whois = {
  registrar: 'NameCheap, Inc.', registrationDate: '2025-01-01T09:00:00.000Z', updatedDate: null, expiryAt: '2027-01-01T05:00:00.000Z', status: ['client transfer prohibited'],
} as WhoisInfo;

describe('the comparison of our record with the supplier and the registry', () => {
  it('reads the registry\'s status words as our statuses', () => {
    expect(statusFromRegistry([])).toBeNull();
    expect(statusFromRegistry(['client transfer prohibited'])).toBe('active');
    expect(statusFromRegistry(['active', 'redemption period'])).toBe('expired');
    expect(statusFromRegistry(['server hold'])).toBe('suspended');
    expect(statusFromRegistry(['pending create'])).toBe('pending');
  });

  it('names the registrar as one of our suppliers when the registry\'s words contain it, else manual', () => {
    expect(registrarFromRegistry('NameCheap, Inc.', suppliers)).toBe('namecheap');
    expect(registrarFromRegistry('DYNADOT LLC', suppliers)).toBe('dynadot');
    expect(registrarFromRegistry('GoDaddy.com, LLC', suppliers)).toBe('manual');
    expect(registrarFromRegistry(null, suppliers)).toBeNull();
  });

  it('dates within a day agree; other values must be equal', () => {
    expect(sameValue('expiryAt', '2026-01-01T00:00:00Z', '2026-01-01T23:00:00Z')).toBe(true);
    expect(sameValue('expiryAt', '2026-01-01T00:00:00Z', '2026-01-02T01:00:00Z')).toBe(false);
    expect(sameValue('status', 'active', 'expired')).toBe(false);
    expect(sameValue('expiryAt', null, '2026-01-01T00:00:00Z')).toBe(false);
  });

  it('agreeing sources that differ from ours are a change without a conflict, the supplier\'s value proposed and shown', () => {
    const { diffs, merged, summary } = compareSources(local, supplier, whois, suppliers);
    expect(diffs.find((d) => d.field === 'expiryAt')).toMatchObject({ conflict: false, changed: true, proposed: '2027-01-01T00:00:00.000Z' });
    expect(merged.expiryAt).toEqual({ value: '2027-01-01T00:00:00.000Z', from: 'supplier' });
    expect(merged.registrar).toEqual({ value: 'namecheap', from: 'local' });
    expect(summary).toEqual({ conflicts: 0, changed: 1 });
  });

  it('a missing source is left out: nothing to compare is no change', () => {
    const { summary, diffs } = compareSources(local, null, null, suppliers);
    expect(summary).toEqual({ conflicts: 0, changed: 0 });
    expect(diffs.every((d) => d.proposed === null)).toBe(true);
  });

  it('sees redacted registry answers', () => {
    expect(whoisRedacted('Registrant Name: REDACTED FOR PRIVACY')).toBe(true);
    expect(whoisRedacted('{"redacted":[]}')).toBe(false);
    expect(whoisRedacted('{"redacted":[{"name":{"type":"Registrant Name"}}]}')).toBe(true);
    expect(whoisRedacted('Registrant Name: Ada Lovelace')).toBe(false);
  });
});
