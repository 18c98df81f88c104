import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { enomDateText, enomEnvelope } from '../../../../../test/support/registrars/enom.fake.ts';
import { availabilityOf, parseCheckEntries } from './enomAvailability.ts';
import { parseContacts } from './enomContacts.ts';
import { parseDomainInfo } from './enomDomainAnswers.ts';
import { enomBoolean, enomCents, enomDate } from './enomValues.ts';
import { parseXml } from './enomXml.ts';

const root = (inner: string) => parseXml(enomEnvelope('Check', inner))!;

describe('reading Enom\'s alternative answer shapes', () => {
  it('Check: the documented XML form repeats unnumbered Domain/RRPCode pairs', () => {
    const entries = parseCheckEntries(root('<Domain>a.us</Domain><RRPCode>210</RRPCode><RRPText>Domain available</RRPText>'
      + '<Domain>b.ca</Domain><IsPremiumName>true</IsPremiumName><PremiumPrice>99.00</PremiumPrice><RRPCode>210</RRPCode><RRPText>x</RRPText>'
      + '<Domain>C.com</Domain><RRPCode>211</RRPCode><RRPText>Domain not available</RRPText><DomainCount>3</DomainCount>'));
    expect(availabilityOf(['c.com', 'a.us', 'b.ca'], entries)).toEqual([
      { domain: 'c.com', available: false, premium: false, premiumPriceCents: null, error: null },
      { domain: 'a.us', available: true, premium: false, premiumPriceCents: null, error: null },
      { domain: 'b.ca', available: true, premium: true, premiumPriceCents: 9900, error: null },
    ]);
  });

  it('Check: the single-name form, with lower-case element names and a flat premium price', () => {
    const entries = parseCheckEntries(root('<domainname>1plus1.tv</domainname><ispremiumname>True</ispremiumname><premiumprice>999.00</premiumprice><rrpcode>210</rrpcode>'));
    expect(availabilityOf(['1plus1.tv'], entries)[0]).toMatchObject({ available: true, premium: true, premiumPriceCents: 99900 });
  });

  it('Check: a name missing from the answer carries an error instead of a guess', () => {
    expect(availabilityOf(['missing.com'], parseCheckEntries(root('<Domain1>other.com</Domain1><RRPCode1>210</RRPCode1>')))[0])
      .toMatchObject({ available: false, error: 'Enom did not answer for this name.' });
  });

  it('GetContacts: unprefixed contact fields are read too; a None block is no contact', () => {
    const block = (tag: string) => `<${tag}><FirstName>Ann</FirstName><LastName>Lee</LastName><EmailAddress>ann@x.example</EmailAddress><Country>nl</Country></${tag}>`;
    const answer = parseXml(enomEnvelope('GetContacts', `<GetContacts>${block('Registrant')}${block('Admin')}${block('Tech')}${block('AuxBilling')}</GetContacts>`))!;
    expect(parseContacts(answer)?.admin).toMatchObject({ firstName: 'Ann', email: 'ann@x.example', country: 'NL', organization: null });
    const none = parseXml(enomEnvelope('GetContacts', `<GetContacts>${block('Registrant')}<Admin>None</Admin>${block('Tech')}${block('AuxBilling')}</GetContacts>`))!;
    expect(parseContacts(none)).toBeNull();
  });

  it('GetDomainInfo: a UTC attribute wins over the US-format text', () => {
    const answer = parseXml(enomEnvelope('GetDomainInfo', '<GetDomainInfo><status><expiration UTC="2027-01-31T01:23:00Z">1/30/2027 5:23:00 PM</expiration>'
      + '<registrationstatus>Registered</registrationstatus></status></GetDomainInfo>'))!;
    expect(parseDomainInfo(answer, Date.parse('2026-11-01T00:00:00.000Z'))).toEqual({ expiresAt: '2027-01-31T01:23:00.000Z', status: 'active', nameservers: [] });
  });

  it('not XML is no answer', () => {
    expect(parseXml('Command=CHECK\nErrCount=0')).toBeNull();
    expect(parseXml('<html><body>')).toBeNull();
  });
});

describe('Enom values', () => {
  it('prices become exact cents, thousands separators included', () => {
    expect([enomCents('8.95'), enomCents('1,234.5'), enomCents('19.99'), enomCents('0.07'), enomCents(''), enomCents(null)]).toEqual([895, 123450, 1999, 7, null, null]);
    fc.assert(fc.property(fc.integer({ min: 0, max: 10_000_000 }), (cents) => {
      const text = `${Math.floor(cents / 100).toLocaleString('en-US')}.${String(cents % 100).padStart(2, '0')}`;
      return enomCents(text) === cents;
    }));
  });

  it('US dates with a 12-hour clock read back to the instant they were written from', () => {
    expect(enomDate('1/30/2027 5:23:00 PM')).toBe('2027-01-30T17:23:00.000Z');
    expect(enomDate('12/1/2030 12:05:09 AM')).toBe('2030-12-01T00:05:09.000Z');
    expect(enomDate('3/28/2010')).toBe('2010-03-28T00:00:00.000Z');
    expect(enomDate('soon')).toBeNull();
    fc.assert(fc.property(fc.date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2099-12-31T23:59:59Z'), noInvalidDate: true }), (date) => {
      const whole = new Date(Math.floor(date.getTime() / 1000) * 1000);
      return enomDate(enomDateText(whole)) === whole.toISOString();
    }));
  });

  it('booleans in every spelling Enom uses', () => {
    expect(['True', 'yes', '1', 'Enabled'].map(enomBoolean)).toEqual([true, true, true, true]);
    expect(['False', 'No', '0', 'n/a'].map(enomBoolean)).toEqual([false, false, false, false]);
    expect([enomBoolean('maybe'), enomBoolean(null)]).toEqual([null, null]);
  });
});
