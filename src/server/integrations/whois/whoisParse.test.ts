import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { whoisRecord } from '../../../../test/support/registrars/rdap.fake.ts';
import { DomainLookupError, isoDate, statusWords } from './domainLookup.ts';
import { lookupFromWhois } from './whoisParse.ts';

describe('WHOIS answers', () => {
  it('reads the common ICANN layout, the first value of each date, every nameserver and status', () => {
    expect(lookupFromWhois(whoisRecord('acme.com'), 'com')).toEqual({
      source: 'whois', registrar: 'Example Registrar LLC', status: ['client transfer prohibited', 'client update prohibited'],
      registeredAt: '2025-03-14T10:00:00.000Z', expiresAt: '2026-03-14T10:00:00.000Z', updatedAt: '2025-06-01T08:30:00.000Z',
      nameservers: ['ns1.example.net', 'ns2.example.net'],
    });
  });

  it('reads Nominet\'s blocks: the registrar and nameservers on the lines under their heading', () => {
    const text = [
      '    Domain name:', '        acme.co.uk', '',
      '    Registrar:', '        Example Ltd t/a Example [Tag = EXAMPLE]', '        URL: https://www.example.test', '',
      '    Relevant dates:', '        Registered on: 14-Mar-2025', '        Expiry date:  14-Mar-2026', '        Last updated:  01-Jun-2025', '',
      '    Name servers:', '        ns1.example.net           192.0.2.1', '        ns2.example.net           2001:db8::1', '',
    ].join('\n');
    expect(lookupFromWhois(text, 'co.uk')).toEqual({
      source: 'whois', registrar: 'Example Ltd t/a Example', status: [],
      registeredAt: '2025-03-14T00:00:00.000Z', expiresAt: '2026-03-14T00:00:00.000Z', updatedAt: '2025-06-01T00:00:00.000Z',
      nameservers: ['ns1.example.net', 'ns2.example.net'],
    });
  });

  it('a registry\'s "not registered" is null; an answer with nothing readable is unavailable', () => {
    expect(lookupFromWhois('No match for "FREE.COM".\r\n>>> Last update of whois database: 2025-06-02T00:00:00Z <<<', 'com')).toBeNull();
    expect(lookupFromWhois('NOT FOUND\n', 'io')).toBeNull();
    expect(lookupFromWhois('%% This is the AFNIC Whois server.\nStatus: FREE\n', 'fr')).toBeNull();
    expect(() => lookupFromWhois('Query rate limit exceeded. Try later.', 'com')).toThrow(DomainLookupError);
  });

  it('never fails on arbitrary text with anything but a DomainLookupError', () => {
    fc.assert(fc.property(fc.string({ unit: 'binary', maxLength: 400 }), (text) => {
      try {
        const lookup = lookupFromWhois(text, 'com');
        if (lookup) expect(lookup.source).toBe('whois');
      } catch (error) {
        expect(error).toBeInstanceOf(DomainLookupError);
      }
    }));
  });
});

describe('registry dates and statuses', () => {
  it('reads the date forms registries write as UTC instants, and nothing else', () => {
    expect(isoDate('2026-03-14T10:00:00Z')).toBe('2026-03-14T10:00:00.000Z');
    expect(isoDate('2026-03-14T10:00:00+02:00')).toBe('2026-03-14T08:00:00.000Z');
    expect(isoDate('2026-03-14 10:00:00')).toBe('2026-03-14T10:00:00.000Z');
    expect(isoDate('2026-03-14')).toBe('2026-03-14T00:00:00.000Z');
    expect(isoDate('2026.03.14')).toBe('2026-03-14T00:00:00.000Z');
    expect(isoDate('14-Mar-2026')).toBe('2026-03-14T00:00:00.000Z');
    for (const bad of ['yesterday', '14-Foo-2026', '2026-13-45', '', null, 20260314]) expect(isoDate(bad)).toBeNull();
  });

  it('turns EPP codes into RDAP\'s words (RFC 8056)', () => {
    expect(['clientTransferProhibited', 'ok', 'autoRenewPeriod', 'pending delete', 'Server Hold'].map(statusWords))
      .toEqual(['client transfer prohibited', 'active', 'auto renew period', 'pending delete', 'server hold']);
  });
});
