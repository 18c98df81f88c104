import { type DomainContact, type DomainContacts, RegistrarError } from '../registrar.ts';
import { type DynadotConnection, dynadotCall, field, isObject, text } from './dynadotWire.ts';

export const ROLES = ['registrant', 'admin', 'tech', 'billing'] as const;

/** Dynadot's names of the four roles, as `register` and `set_whois` take their contact ids. */
export const ROLE_PARAMS: Record<(typeof ROLES)[number], string> = {
  registrant: 'registrant_contact', admin: 'admin_contact', tech: 'technical_contact', billing: 'billing_contact',
};
const WHOIS_KEYS: Record<(typeof ROLES)[number], string> = {
  registrant: 'Registrant', admin: 'Admin', tech: 'Technical', billing: 'Billing',
};

/** create_contact's fields: one `name`, the phone split into country code and number. */
export function contactParams(contact: DomainContact): Record<string, string> {
  const phone = /^\+?(\d{1,4})\.(\d+)$/.exec(contact.phone.replace(/[\s-]/g, ''));
  if (!phone) throw new RegistrarError('invalid', `The phone number ${contact.phone} is not in the +CC.NUMBER form.`, { registrar: 'dynadot', command: 'create_contact' });
  const params: Record<string, string> = {
    name: `${contact.firstName} ${contact.lastName}`.trim(),
    email: contact.email,
    phonecc: phone[1],
    phonenum: phone[2],
    address1: contact.address1,
    city: contact.city,
    state: contact.state,
    zip: contact.postalCode,
    country: contact.country.toUpperCase(),
  };
  if (contact.organization) params.organization = contact.organization;
  if (contact.address2) params.address2 = contact.address2;
  return params;
}

/**
 * api3 registers and sets WHOIS by contact ids only: each distinct contact becomes a new
 * Dynadot contact (editing an existing one would change every other domain that shares it).
 * One at a time, so that a refusal part-way leaves as few unused contacts as it can.
 */
export async function createContacts(connection: DynadotConnection, contacts: DomainContacts, signal?: AbortSignal): Promise<Record<string, string>> {
  const created = new Map<string, string>();
  const params: Record<string, string> = {};
  for (const role of ROLES) {
    const fields = contactParams(contacts[role]);
    const identity = JSON.stringify(fields);
    let id = created.get(identity);
    if (id === undefined) {
      const answer = await dynadotCall(connection, 'create_contact', fields, signal);
      id = text(field(answer, 'ContactId'));
      if (!id) throw new RegistrarError('failed', 'Dynadot created a contact without giving its id.', { registrar: 'dynadot', command: 'create_contact' });
      created.set(identity, id);
    }
    params[ROLE_PARAMS[role]] = id;
  }
  return params;
}

/** get_contact's answer in our shape; Dynadot keeps one `Name`, split at its first space. */
export function contactFrom(answer: unknown): DomainContact {
  const contact = field(answer, 'GetContact', 'Contact') ?? answer;
  const name = text(field(contact, 'Name'));
  const space = name.indexOf(' ');
  const cc = text(field(contact, 'PhoneCc')).replace(/^\+/, '');
  const number = text(field(contact, 'PhoneNum', 'PhoneNumber'));
  return {
    firstName: space < 0 ? name : name.slice(0, space),
    lastName: space < 0 ? '' : name.slice(space + 1).trim(),
    organization: text(field(contact, 'Organization')) || null,
    email: text(field(contact, 'Email')),
    phone: number ? `+${cc}.${number}` : '',
    address1: text(field(contact, 'Address1')),
    address2: text(field(contact, 'Address2')) || null,
    city: text(field(contact, 'City')),
    state: text(field(contact, 'State')),
    postalCode: text(field(contact, 'ZipCode', 'Zip')),
    country: text(field(contact, 'Country')).toUpperCase(),
  };
}

/** domain_info names contacts by id only; each distinct id is read once with get_contact. */
export async function readContacts(connection: DynadotConnection, whois: unknown, signal?: AbortSignal): Promise<DomainContacts | null> {
  if (!isObject(whois)) return null;
  const ids = ROLES.map((role) => text(field(field(whois, WHOIS_KEYS[role]), 'ContactId')));
  if (ids.some((id) => !id)) return null;
  const distinct = [...new Set(ids)];
  const read = await Promise.all(distinct.map((id) => dynadotCall(connection, 'get_contact', { contact_id: id }, signal)));
  const byId = new Map(distinct.map((id, i) => [id, contactFrom(read[i])]));
  return Object.fromEntries(ROLES.map((role, i) => [role, byId.get(ids[i])])) as unknown as DomainContacts;
}
