import { describe, expect, it } from 'vitest';
import { contactIssues, contactsText, parseContactsDraft } from './contactsJson.ts';

describe('the contacts editor', () => {
  it('parses valid JSON into the value to save', () => {
    const draft = parseContactsDraft('{"registrant":{"firstName":"Ada"}}');
    expect(draft).toEqual({ text: '{"registrant":{"firstName":"Ada"}}', valid: true, value: { registrant: { firstName: 'Ada' } } });
  });

  it('keeps invalid JSON as the raw text typed, marked invalid', () => {
    const text = '{"registrant": {"firstName": "Ada",';
    expect(parseContactsDraft(text)).toEqual({ text, valid: false });
    expect(parseContactsDraft('')).toEqual({ text: '', valid: false });
  });

  it('starts from the contacts held, or from the fields to fill when there are none', () => {
    const contact = {
      firstName: 'Ada', lastName: 'Lovelace', organization: null, email: 'ada@example.com', phone: '+44.2079460000',
      address1: '1 St James Sq', address2: null, city: 'London', state: 'London', postalCode: 'SW1Y 4JH', country: 'GB',
    };
    const held = { registrant: contact, admin: contact, tech: contact };
    expect(JSON.parse(contactsText(held))).toEqual(held);
    const blank = JSON.parse(contactsText(null));
    expect(Object.keys(blank)).toEqual(['registrant', 'admin', 'tech']);
    expect(blank.registrant).toMatchObject({ firstName: '', email: '', country: '' });
  });

  it('names the server\'s issues from inside the contacts and ignores malformed details', () => {
    expect(contactIssues({ issues: [{ path: 'contacts.registrant.phone', message: 'The phone must look like +1.5555550100.' }, { path: 'contacts', message: 'x' }] }))
      .toEqual([{ path: 'registrant.phone', message: 'The phone must look like +1.5555550100.' }, { path: '', message: 'x' }]);
    expect(contactIssues(undefined)).toEqual([]);
    expect(contactIssues({ issues: 'no' })).toEqual([]);
    expect(contactIssues({ issues: [{ path: 3 }] })).toEqual([]);
  });
});
