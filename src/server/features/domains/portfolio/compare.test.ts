import { describe, expect, it } from 'vitest';
import { comparedFieldsOf, differencesOf, type OurDomain, REGISTRAR_DNS } from './compare.ts';

const ours: OurDomain = {
  id: 'd1', name: 'example.com', status: 'active', expirationDate: '2027-06-15T10:00:00.000Z', nameservers: ['ns1.ours.example', 'ns2.ours.example'], locked: true,
};
const fields = (list: { field: string }[]) => list.map((d) => d.field);

describe('what the portfolio sync counts as a difference', () => {
  it('compares expiry by UTC day, nameservers as a set, and only the fields the registrar gave', () => {
    expect(differencesOf(ours, { domain: 'example.com', expiresAt: '2027-06-15T00:00:00.000Z', autoRenew: false, nameservers: ['NS2.ours.example', 'ns1.ours.example'] })).toEqual([]);
    expect(differencesOf(ours, { domain: 'example.com', expiresAt: null, autoRenew: null })).toEqual([]);
    expect(differencesOf(ours, { domain: 'example.com', expiresAt: '2028-06-15T00:00:00.000Z', autoRenew: false, status: 'expired', locked: false, nameservers: ['ns1.other.example'] }))
      .toEqual([
        { domainId: 'd1', field: 'expiry', ours: '2027-06-15', theirs: '2028-06-15', action: null },
        { domainId: 'd1', field: 'status', ours: 'active', theirs: 'expired', action: null },
        { domainId: 'd1', field: 'nameservers', ours: 'ns1.ours.example, ns2.ours.example', theirs: 'ns1.other.example', action: null },
        { domainId: 'd1', field: 'locked', ours: 'on', theirs: 'off', action: null },
      ]);
  });

  it('an empty list of ours means the registrar\'s own DNS, whose hosts we do not know: not compared', () => {
    expect(differencesOf({ ...ours, nameservers: [] }, { domain: 'example.com', expiresAt: null, autoRenew: null, nameservers: ['dns1.registrar-servers.com'] })).toEqual([]);
  });

  it('a list that says only "the registrar\'s own DNS" (Namecheap\'s IsOurDNS) is judged against ours', () => {
    const listed = { domain: 'example.com', expiresAt: null, autoRenew: null, registrarDns: true };
    expect(differencesOf(ours, listed, 'registrar-servers.com')).toEqual([
      { domainId: 'd1', field: 'nameservers', ours: 'ns1.ours.example, ns2.ours.example', theirs: REGISTRAR_DNS, action: null },
    ]);
    expect(differencesOf({ ...ours, nameservers: ['dns1.registrar-servers.com', 'dns2.registrar-servers.com'] }, listed, 'registrar-servers.com')).toEqual([]);
    expect(fields(differencesOf(ours, { ...listed, registrarDns: false }, 'registrar-servers.com'))).toEqual([]);
    expect(comparedFieldsOf(listed, 'registrar-servers.com')).toContain('nameservers');
    expect(comparedFieldsOf({ ...listed, registrarDns: false }, 'registrar-servers.com')).not.toContain('nameservers');
  });

  it('judges only what the answer carries: a field it left out keeps its earlier difference', () => {
    expect(comparedFieldsOf(null)).toEqual(['listed']);
    expect(comparedFieldsOf({ domain: 'example.com', expiresAt: '2027-01-01T00:00:00.000Z', autoRenew: true, locked: true })).toEqual(['listed', 'expiry', 'locked', 'registrarAutoRenew']);
  });
});
