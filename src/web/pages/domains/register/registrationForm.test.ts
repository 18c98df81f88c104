import { INVALID_PHONE } from '../../../../common/domains/orders.ts';
import { describe, expect, it } from 'vitest';
import { FunctionCallError } from '../../../api/functionCallError.ts';
import {
  INVALID_EMAIL, REGISTRATION_PERIODS, domainToRegister, initialContact, periodLabel, priceHintCents, registrationErrors,
  periodTotalCents, trimmedContact, validateContact, type ContactValues,
} from './registrationForm.ts';

const FILLED: ContactValues = {
  firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', phone: '+44 20 7946 0000', organization: '',
  address: '12 St James Square', city: 'London', state: 'London', postalCode: 'SW1Y 4JH', country: 'GB',
};

describe('the contact the form starts with', () => {
  it('splits the signed-in user\'s name into first and last, and takes the e-mail and phone', () => {
    expect(initialContact({ name: 'Ada King Lovelace', email: 'ada@example.com', phoneNumber: '+44 1' })).toMatchObject({
      firstName: 'Ada', lastName: 'King Lovelace', email: 'ada@example.com', phone: '+44 1', country: 'US', organization: '',
    });
  });

  it('leaves the names blank when the display name is missing or is the e-mail address', () => {
    expect(initialContact({ name: '  ', email: 'a@b.co', phoneNumber: null })).toMatchObject({ firstName: '', lastName: '', phone: '' });
    expect(initialContact({ name: 'a@b.co', email: 'a@b.co', phoneNumber: null })).toMatchObject({ firstName: '', lastName: '' });
    expect(initialContact(null).email).toBe('');
  });
});

describe('validateContact', () => {
  it('accepts a full contact with no organization', () => {
    expect(validateContact(FILLED)).toEqual({});
  });

  it('names every blank required field in the spec\'s words', () => {
    const blank = { ...FILLED, firstName: ' ', lastName: '', email: '', phone: '', address: '', city: '', state: '', postalCode: '\t' };
    expect(validateContact(blank)).toEqual({
      firstName: 'Please fill in first name',
      lastName: 'Please fill in last name',
      email: 'Please fill in email',
      phone: 'Please fill in phone',
      address: 'Please fill in address',
      city: 'Please fill in city',
      state: 'Please fill in state',
      postalCode: 'Please fill in postal code',
    });
  });

  it('refuses a malformed e-mail as the server does', () => {
    expect(validateContact({ ...FILLED, email: 'ada@' })).toEqual({ email: INVALID_EMAIL });
    expect(validateContact({ ...FILLED, email: 'ada..x@example.com' })).toEqual({ email: INVALID_EMAIL });
    expect(validateContact({ ...FILLED, email: ' ada@example.com ' })).toEqual({});
  });

  it('refuses a phone number no registrar could take, in any country\'s way of writing it', () => {
    expect(validateContact({ ...FILLED, phone: '12345' })).toEqual({ phone: INVALID_PHONE });
    expect(validateContact({ ...FILLED, phone: '+1 555 555 0100 123 456 7' })).toEqual({ phone: INVALID_PHONE });
    expect(validateContact({ ...FILLED, phone: '020 7946 0000' })).toEqual({});
    expect(validateContact({ ...FILLED, country: 'US', phone: '(555) 555-0100' })).toEqual({});
  });

  it('sends the texts trimmed', () => {
    expect(trimmedContact({ ...FILLED, firstName: ' Ada ', organization: '  ' })).toMatchObject({ firstName: 'Ada', organization: '' });
  });
});

describe('the period and the total', () => {
  it('offers 1 to 10 years with the price of each period', () => {
    expect(REGISTRATION_PERIODS).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(periodLabel(1, 1234)).toBe('1 year — $12.34');
    expect(periodLabel(2, 2632)).toBe('2 years — $26.32');
    expect(periodLabel(10, 51488)).toBe('10 years — $514.88');
    expect(periodLabel(3, null)).toBe('3 years');
  });

  it('each period shows its own total from the price list, not the first year × years', () => {
    // .tech: 6.99 the first year, 44.99 each renewal, +25 %.
    const periods = [{ years: 1, registerCents: 874 }, { years: 10, registerCents: 51488 }];
    expect(periodTotalCents(periods, 10)).toBe(51488);
    expect(periodTotalCents(periods, 10)).not.toBe(874 * 10);
    expect(periodTotalCents(periods, 4)).toBeNull();
    expect(periodTotalCents(undefined, 1)).toBeNull();
  });
});

describe('the URL of the form', () => {
  it('takes a name with its TLD, lower-cased', () => {
    expect(domainToRegister('Example.COM')).toEqual({ kind: 'ok', domain: 'example.com', tld: 'com' });
    expect(domainToRegister('example.co.uk')).toEqual({ kind: 'ok', domain: 'example.co.uk', tld: 'co.uk' });
  });

  it('tells a missing name from one that cannot be registered', () => {
    expect(domainToRegister(null)).toEqual({ kind: 'missing' });
    expect(domainToRegister('  ')).toEqual({ kind: 'missing' });
    expect(domainToRegister('example')).toEqual({ kind: 'invalid', domain: 'example' });
    expect(domainToRegister('www.example.com').kind).toBe('invalid');
    expect(domainToRegister('exa mple.com').kind).toBe('invalid');
  });

  it('reads the price hint in dollars, ignoring anything else', () => {
    expect(priceHintCents('12.34')).toBe(1234);
    expect(priceHintCents('9')).toBe(900);
    expect(priceHintCents('0.1')).toBe(10);
    expect(priceHintCents(null)).toBeNull();
    expect(priceHintCents('-1')).toBeNull();
    expect(priceHintCents('12.345')).toBeNull();
    expect(priceHintCents('1e3')).toBeNull();
  });
});

describe('registrationErrors', () => {
  const refused = (message: string, issues?: { path: string; message: string }[]) =>
    new FunctionCallError('invalid-argument', message, issues ? { issues } : undefined);

  it('puts the server\'s texts at the fields it names', () => {
    const error = refused('Please fill in city', [
      { path: 'contactInfo.city', message: 'Please fill in city' },
      { path: 'contactInfo.email', message: INVALID_EMAIL },
      { path: 'registrationYears', message: 'The period must be 1 to 10 years.' },
    ]);
    expect(registrationErrors(error)).toEqual({
      fields: { city: 'Please fill in city', email: INVALID_EMAIL, registrationYears: 'The period must be 1 to 10 years.' },
      general: null,
    });
  });

  it('shows anything else as "Registration failed: {message}"', () => {
    expect(registrationErrors(refused('This is not a valid domain name.', [{ path: 'domain', message: 'This is not a valid domain name.' }])))
      .toEqual({ fields: {}, general: 'Registration failed: This is not a valid domain name.' });
    expect(registrationErrors(new FunctionCallError('aborted', 'This domain is already taken.')))
      .toEqual({ fields: {}, general: 'Registration failed: This domain is already taken.' });
    expect(registrationErrors(new FunctionCallError('invalid-argument', 'x', { issues: 'not a list' })).general).toBe('Registration failed: x');
  });

  it('keeps the first text when the server names a field twice', () => {
    const error = refused('a', [{ path: 'contactInfo.phone', message: 'first' }, { path: 'contactInfo.phone', message: 'second' }]);
    expect(registrationErrors(error).fields).toEqual({ phone: 'first' });
  });
});

describe('the e-mail check', () => {
  it('agrees with the server\'s (zod\'s) on the addresses people type', async () => {
    const { z } = await import('zod');
    const addresses = [
      'ada@example.com', 'a.b+c@sub.example.co.uk', "o'neil@example.ie", 'ada@', '@example.com', 'ada@example', 'ada..x@example.com',
      '.ada@example.com', 'ada.@example.com', 'ada@-example.com', 'ada@example.c', 'ada @example.com', 'ADA@EXAMPLE.COM',
    ];
    for (const email of addresses) {
      const server = z.email().safeParse(email.toLowerCase()).success;
      expect([email, validateContact({ ...FILLED, email }).email === undefined]).toEqual([email, server]);
    }
  });
});
