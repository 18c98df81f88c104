import { describe, expect, it } from 'vitest';
import { toContactView } from '../../../../common/domains/contacts.ts';
import { contactIssues, contactsText, editableContact, parseContactsDraft } from './contactsJson.ts';

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

  it('starts from the contacts held in the spec\'s shape when it loses nothing, or from the spec\'s fields to fill', () => {
    const contact = toContactView({
      firstName: 'Ada', lastName: 'Lovelace', organization: null, email: 'ada@example.com', phone: '+44.2079460000',
      address1: '1 St James Sq', address2: null, city: 'London', state: 'London', postalCode: 'SW1Y 4JH', country: 'GB',
    });
    const held = { registrant: contact, admin: contact, tech: contact };
    const spec = { name: 'Ada Lovelace', email: 'ada@example.com', phone: '+44.2079460000', organization: null, address: '1 St James Sq, London, London, SW1Y 4JH, GB' };
    expect(JSON.parse(contactsText(held))).toEqual({ registrant: spec, admin: spec, tech: spec });
    // Billing equal to admin is left out (it follows admin); one held apart is shown.
    expect(JSON.parse(contactsText({ ...held, billing: contact }))).toEqual({ registrant: spec, admin: spec, tech: spec });
    expect(JSON.parse(contactsText({ ...held, billing: { ...contact, name: 'Bill Payer', firstName: 'Bill', lastName: 'Payer' } })).billing).toMatchObject({ name: 'Bill Payer' });
    const blank = JSON.parse(contactsText(null));
    expect(Object.keys(blank)).toEqual(['registrant', 'admin', 'tech']);
    expect(blank.registrant).toEqual({ name: '', email: '', phone: '', organization: null, address: '' });
  });

  it('keeps the registrar\'s parts where the spec\'s name or address would not give them back', () => {
    const twoWordSurname = toContactView({
      firstName: 'Jan', lastName: 'van Dijk', organization: 'Acme', email: 'jan@example.nl', phone: '+31.201234567',
      address1: 'Dam 1', address2: null, city: 'Amsterdam', state: 'NH', postalCode: '1012 JS', country: 'NL',
    });
    expect(editableContact(twoWordSurname)).toEqual({
      firstName: 'Jan', lastName: 'van Dijk', email: 'jan@example.nl', phone: '+31.201234567', organization: 'Acme',
      address1: 'Dam 1', address2: null, city: 'Amsterdam', state: 'NH', postalCode: '1012 JS', country: 'NL',
    });
  });

  it('names the server\'s issues from inside the contacts and ignores malformed details', () => {
    expect(contactIssues({ issues: [{ path: 'contacts.registrant.phone', message: 'The phone must look like +1.5555550100.' }, { path: 'contacts', message: 'x' }] }))
      .toEqual([{ path: 'registrant.phone', message: 'The phone must look like +1.5555550100.' }, { path: '', message: 'x' }]);
    expect(contactIssues(undefined)).toEqual([]);
    expect(contactIssues({ issues: 'no' })).toEqual([]);
    expect(contactIssues({ issues: [{ path: 3 }] })).toEqual([]);
  });
});
