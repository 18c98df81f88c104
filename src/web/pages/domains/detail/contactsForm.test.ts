import { describe, expect, it } from 'vitest';
import { toContactsView } from '../../../../common/domains/contacts.ts';
import { testContact } from '../../../../../test/support/registrars/contacts.fixture.ts';
import { contactsInputOf, copyRegistrant, formValuesOf, placeServerIssues, validateContactsForm } from './contactsForm.ts';

describe('the contacts form', () => {
  it('says what is wrong on each field with the server\'s sentences, and nothing when all is right', () => {
    const values = formValuesOf(null);
    values.registrant = { ...formValuesOf(toContactsView({ registrant: testContact(), admin: testContact(), tech: testContact() })).registrant, phone: '555 0100' };
    const errors = validateContactsForm(values);
    expect(errors['registrant.phone']).toBe('The phone must look like +1.5555550100.');
    expect(errors['admin.firstName']).toBe('The first name is required.');
    expect(errors['tech.country']).toBe('The country must be a two-letter code such as US.');
    expect(errors['registrant.organization']).toBeUndefined();
    const fixed = copyRegistrant(copyRegistrant({ ...values, registrant: { ...values.registrant, phone: '+44.2071234567' } }, 'admin'), 'tech');
    expect(validateContactsForm(fixed)).toEqual({});
    expect(fixed.tech).toEqual(fixed.registrant);
  });

  it('sends the parts, empty optional fields as null; a billing contact held apart from admin is kept, one equal to admin follows it', () => {
    const apart = toContactsView({ registrant: testContact(), admin: testContact(), tech: testContact(), billing: testContact({ firstName: 'Bill' }) });
    const input = contactsInputOf(formValuesOf(apart), apart);
    expect(input.registrant).toMatchObject({ firstName: 'Ada', organization: null, address2: null });
    expect(input.billing).toMatchObject({ firstName: 'Bill' });
    const same = toContactsView({ registrant: testContact(), admin: testContact(), tech: testContact(), billing: testContact() });
    expect(contactsInputOf(formValuesOf(same), same).billing).toBeUndefined();
  });

  it('places the server\'s issues on their fields and keeps the others for the alert', () => {
    expect(placeServerIssues([{ path: 'admin.email', message: 'Please enter a valid email address.' }, { path: 'registrant.name', message: 'x' }, { path: '', message: 'y' }]))
      .toEqual({ fields: { 'admin.email': 'Please enter a valid email address.' }, other: [{ path: 'registrant.name', message: 'x' }, { path: '', message: 'y' }] });
  });
});
