import type { DomainContact, DomainContacts } from '../registrar.ts';
import { child, childText, type XmlNode } from './namecheapXml.ts';

/** Namecheap's prefix for each of our roles; its billing contact is 'AuxBilling'. */
const roles = [['Registrant', 'registrant'], ['Tech', 'tech'], ['Admin', 'admin'], ['AuxBilling', 'billing']] as const;

/** The four prefixed contact blocks that domains.create and domains.setContacts take. */
export function contactParams(contacts: DomainContacts): Record<string, string> {
  const params: Record<string, string> = {};
  for (const [prefix, role] of roles) {
    const c = contacts[role];
    Object.assign(params, {
      [`${prefix}FirstName`]: c.firstName,
      [`${prefix}LastName`]: c.lastName,
      ...(c.organization ? { [`${prefix}OrganizationName`]: c.organization } : {}),
      [`${prefix}Address1`]: c.address1,
      ...(c.address2 ? { [`${prefix}Address2`]: c.address2 } : {}),
      [`${prefix}City`]: c.city,
      [`${prefix}StateProvince`]: c.state,
      [`${prefix}PostalCode`]: c.postalCode,
      [`${prefix}Country`]: c.country.toUpperCase(),
      [`${prefix}Phone`]: c.phone,
      [`${prefix}EmailAddress`]: c.email,
    });
  }
  return params;
}

function contactFrom(node: XmlNode): DomainContact {
  const optional = (name: string) => childText(node, name) || null;
  return {
    firstName: childText(node, 'FirstName'),
    lastName: childText(node, 'LastName'),
    organization: optional('OrganizationName'),
    email: childText(node, 'EmailAddress'),
    phone: childText(node, 'Phone'),
    address1: childText(node, 'Address1'),
    address2: optional('Address2'),
    city: childText(node, 'City'),
    // A country without provinces leaves StateProvince empty and may fill StateProvinceChoice.
    state: childText(node, 'StateProvince') || childText(node, 'StateProvinceChoice'),
    postalCode: childText(node, 'PostalCode'),
    country: childText(node, 'Country').toUpperCase(),
  };
}

/** The contacts of a getContacts answer; a missing role falls back to the registrant, no registrant is null. */
export function contactsFrom(result: XmlNode | null): DomainContacts | null {
  const registrantNode = child(result, 'Registrant');
  if (!registrantNode) return null;
  const registrant = contactFrom(registrantNode);
  const role = (name: string) => {
    const node = child(result, name);
    return node ? contactFrom(node) : registrant;
  };
  return { registrant, tech: role('Tech'), admin: role('Admin'), billing: role('AuxBilling') };
}
