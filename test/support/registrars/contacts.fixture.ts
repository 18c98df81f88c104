import type { DomainContact, DomainContacts } from '../../../src/server/integrations/registrars/registrar.ts';

export function testContact(overrides: Partial<DomainContact> = {}): DomainContact {
  return {
    firstName: 'Ada', lastName: 'Lovelace', organization: null, email: 'ada@example.test', phone: '+44.2071234567',
    address1: '12 Analytical Row', address2: null, city: 'London', state: 'London', postalCode: 'N1 9GU', country: 'GB',
    ...overrides,
  };
}

export function testContacts(overrides: Partial<DomainContact> = {}): DomainContacts {
  const contact = testContact(overrides);
  return { registrant: contact, admin: contact, tech: contact, billing: contact };
}
