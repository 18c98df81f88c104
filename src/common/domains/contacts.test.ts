import { describe, expect, it } from 'vitest';
import {
  ADDRESS_FORMAT, ADDRESS_MISMATCH, contactInput, contactsInput, NAME_MISMATCH, NAME_NEEDS_TWO_WORDS, splitAddressLine, splitName, toContactView,
} from './contacts.ts';

const parts = {
  firstName: 'Grace', lastName: 'Hopper', organization: null, email: 'grace@example.test', phone: '+1.2025550100',
  address1: '1 Navy Yard', address2: null, city: 'Washington', state: 'DC', postalCode: '20374', country: 'US',
};
const spec = { name: 'Grace Hopper', email: 'Grace@Example.test', phone: '+1.2025550100', organization: 'US Navy', address: '1 Navy Yard, Washington, DC, 20374, us' };
const issuesOf = (value: unknown) => {
  const parsed = contactInput.safeParse(value);
  return parsed.success ? [] : parsed.error.issues.map((i) => [i.path.join('.'), i.message]);
};

describe('domain contacts in the spec\'s shape and the registrars\'', () => {
  it('maps the spec\'s name and one-line address to the registrar\'s parts', () => {
    expect(contactInput.parse(spec)).toEqual({ ...parts, email: 'grace@example.test', organization: 'US Navy' });
    expect(splitName('  Jean-Luc  de la Tour ')).toEqual({ firstName: 'Jean-Luc de la', lastName: 'Tour' });
    expect(splitAddressLine('Suite 5, 100 Main St, Floor 2, Springfield, IL, 62701, US')).toEqual({
      address1: 'Suite 5', address2: '100 Main St, Floor 2', city: 'Springfield', state: 'IL', postalCode: '62701', country: 'US',
    });
  });

  it('answers stored contacts in both shapes, and an answer sent back unchanged is accepted as it was', () => {
    const view = toContactView(parts);
    expect(view).toMatchObject({ name: 'Grace Hopper', address: '1 Navy Yard, Washington, DC, 20374, US', firstName: 'Grace', city: 'Washington' });
    expect(contactInput.parse(view)).toEqual(parts);
  });

  it('still takes the registrar\'s parts alone, and tidies a phone with spaces or dashes', () => {
    expect(contactInput.parse({ ...parts, phone: '+1.202-555 (0100)', organization: '' })).toEqual(parts);
  });

  it('refuses what cannot be mapped, on the field the caller sent', () => {
    expect(issuesOf({ ...spec, name: 'Cher' })).toEqual([['name', NAME_NEEDS_TWO_WORDS]]);
    expect(issuesOf({ ...spec, address: '1 Navy Yard, Washington DC' })).toEqual([['address', ADDRESS_FORMAT]]);
    expect(issuesOf({ ...spec, address: '1 Navy Yard, Washington, DC, 20374, USA' })).toEqual([['address', 'The country must be a two-letter code such as US.']]);
    expect(issuesOf({ ...spec, phone: '202 555 0100' })).toEqual([['phone', 'The phone must look like +1.5555550100.']]);
    expect(issuesOf({ ...toContactView(parts), name: 'Grace Brewster Hopper' })).toEqual([['name', NAME_MISMATCH]]);
    expect(issuesOf({ ...toContactView(parts), city: 'Arlington' })).toEqual([['address', ADDRESS_MISMATCH]]);
    expect(issuesOf({ ...spec, fax: '+1.2025550101' })).toEqual([['', 'Unrecognized key: "fax"']]);
    expect(issuesOf({ email: 'a@example.test', phone: '+1.2025550100' })).toEqual([['name', 'The name is required.'], ['address', 'The address is required.']]);
  });

  it('refuses unknown roles and nesting where text belongs', () => {
    expect(contactsInput.safeParse({ registrant: spec, admin: spec, tech: spec, owner: spec }).success).toBe(false);
    expect(contactsInput.safeParse({ registrant: { ...spec, name: { first: 'Grace' } }, admin: spec, tech: spec }).success).toBe(false);
  });
});
