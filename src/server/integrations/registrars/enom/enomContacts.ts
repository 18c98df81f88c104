import type { DomainContact, DomainContacts } from '../registrar.ts';
import { text, child, type XmlNode } from './enomXml.ts';

/** Our contact roles and Enom's prefixes; our billing contact is Enom's AuxBilling (its Billing is the account's). */
export const ENOM_CONTACT_PREFIXES: [keyof DomainContacts, string][] = [
  ['registrant', 'Registrant'],
  ['admin', 'Admin'],
  ['tech', 'Tech'],
  ['billing', 'AuxBilling'],
];

function contactParams(prefix: string, c: DomainContact): Record<string, string> {
  const params: Record<string, string> = {
    [`${prefix}FirstName`]: c.firstName,
    [`${prefix}LastName`]: c.lastName,
    [`${prefix}Address1`]: c.address1,
    [`${prefix}City`]: c.city,
    [`${prefix}StateProvince`]: c.state,
    // Enom asks whether the region is a state or a province; only US addresses have states.
    [`${prefix}StateProvinceChoice`]: c.country.toUpperCase() === 'US' ? 'S' : 'P',
    [`${prefix}PostalCode`]: c.postalCode,
    [`${prefix}Country`]: c.country.toUpperCase(),
    [`${prefix}EmailAddress`]: c.email,
    [`${prefix}Phone`]: c.phone,
  };
  if (c.organization) params[`${prefix}OrganizationName`] = c.organization;
  if (c.address2) params[`${prefix}Address2`] = c.address2;
  return params;
}

/** The four contacts as Purchase and Contacts (without ContactType) take them, in one request. */
export function contactsParams(contacts: DomainContacts): Record<string, string> {
  return Object.assign({}, ...ENOM_CONTACT_PREFIXES.map(([role, prefix]) => contactParams(prefix, contacts[role])));
}

/** A contact block of GetContacts; fields come prefixed (RegistrantFirstName) or not (FirstName). */
function contactOf(block: XmlNode | null, prefix: string): DomainContact | null {
  if (!block || block.children.length === 0) return null; // 'None': Enom uses the account's defaults
  const field = (name: string) => text(block, `${prefix}${name}`) ?? text(block, name);
  const firstName = field('FirstName');
  const email = field('EmailAddress');
  if (!firstName && !email) return null;
  return {
    firstName: firstName ?? '',
    lastName: field('LastName') ?? '',
    organization: field('OrganizationName'),
    email: email ?? '',
    phone: field('Phone') ?? '',
    address1: field('Address1') ?? '',
    address2: field('Address2'),
    city: field('City') ?? '',
    state: field('StateProvince') ?? '',
    postalCode: field('PostalCode') ?? '',
    country: (field('Country') ?? '').toUpperCase(),
  };
}

/** The contacts of a GetContacts answer; null when any of the four is missing. */
export function parseContacts(root: XmlNode): DomainContacts | null {
  const info = child(root, 'GetContacts') ?? root;
  const found = ENOM_CONTACT_PREFIXES.map(([role, prefix]) => {
    const own = contactOf(child(info, prefix), prefix);
    // Without an AuxBilling contact the domain's billing contact is the account's Billing one.
    return [role, own ?? (role === 'billing' ? contactOf(child(info, 'Billing'), 'Billing') : null)] as const;
  });
  if (found.some(([, contact]) => contact === null)) return null;
  return Object.fromEntries(found) as unknown as DomainContacts;
}
