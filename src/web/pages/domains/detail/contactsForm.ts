import { type DomainContactsInput, type DomainContactsView, type DomainContactView, registrarContact } from '../../../../common/domains/contacts.ts';
import type { IssueLike } from './contactsJson.ts';

/** The roles the form edits; billing follows admin unless it was set apart before (then it is kept). */
export const CONTACT_ROLES = ['registrant', 'admin', 'tech'] as const;
export type ContactRole = (typeof CONTACT_ROLES)[number];
export const ROLE_LABELS: Record<ContactRole, string> = { registrant: 'Registrant contact', admin: 'Admin contact', tech: 'Tech contact' };

export const CONTACT_FORM_FIELDS = [
  'firstName', 'lastName', 'organization', 'email', 'phone', 'address1', 'address2', 'city', 'state', 'postalCode', 'country',
] as const;
export type ContactFormField = (typeof CONTACT_FORM_FIELDS)[number];
export type ContactFormValues = Record<ContactFormField, string>;
export type ContactsFormValues = Record<ContactRole, ContactFormValues>;
/** 'admin.phone' -> its message. */
export type ContactsFormErrors = Partial<Record<`${ContactRole}.${ContactFormField}`, string>>;

export const FIELD_LABELS: Record<ContactFormField, string> = {
  firstName: 'First name', lastName: 'Last name', organization: 'Organization (optional)', email: 'Email', phone: 'Phone',
  address1: 'Address', address2: 'Address line 2 (optional)', city: 'City', state: 'State / Province', postalCode: 'Postal code',
  country: 'Country code',
};
export const OPTIONAL_FIELDS: readonly ContactFormField[] = ['organization', 'address2'];

const BLANK: ContactFormValues = {
  firstName: '', lastName: '', organization: '', email: '', phone: '', address1: '', address2: '', city: '', state: '', postalCode: '', country: '',
};

function fromContact(c: DomainContactView | undefined): ContactFormValues {
  if (!c) return { ...BLANK };
  return {
    firstName: c.firstName, lastName: c.lastName, organization: c.organization ?? '', email: c.email, phone: c.phone,
    address1: c.address1, address2: c.address2 ?? '', city: c.city, state: c.state, postalCode: c.postalCode, country: c.country,
  };
}

export function formValuesOf(contacts: DomainContactsView | null): ContactsFormValues {
  return { registrant: fromContact(contacts?.registrant), admin: fromContact(contacts?.admin), tech: fromContact(contacts?.tech) };
}

/** Admin and tech take the registrant's fields (the common case: one person holds the domain). */
export function copyRegistrant(values: ContactsFormValues, to: Exclude<ContactRole, 'registrant'>): ContactsFormValues {
  return { ...values, [to]: { ...values.registrant } };
}

const sameContact = (a: DomainContactView, b: DomainContactView) => CONTACT_FORM_FIELDS.every((k) => a[k] === b[k]);

function toContact(v: ContactFormValues) {
  return { ...v, organization: v.organization.trim() || null, address2: v.address2.trim() || null };
}

/**
 * What Save sends: the registrars' parts of each role. A billing contact the registrar holds apart
 * from admin is sent back unchanged; one equal to admin is left out, so it follows admin.
 */
export function contactsInputOf(values: ContactsFormValues, held: DomainContactsView | null): DomainContactsInput {
  const input: DomainContactsInput = { registrant: toContact(values.registrant), admin: toContact(values.admin), tech: toContact(values.tech) };
  if (held?.billing && !sameContact(held.billing, held.admin)) input.billing = toContact(fromContact(held.billing));
  return input;
}

/** The same checks as the server's, field by field, with its sentences. */
export function validateContactsForm(values: ContactsFormValues): ContactsFormErrors {
  const errors: ContactsFormErrors = {};
  for (const role of CONTACT_ROLES) {
    const parsed = registrarContact.safeParse(toContact(values[role]));
    if (parsed.success) continue;
    for (const issue of parsed.error.issues) {
      const key = `${role}.${String(issue.path[0])}` as keyof ContactsFormErrors;
      errors[key] ??= issue.message;
    }
  }
  return errors;
}

/** The server's issues ('registrant.phone') placed on the form's fields; the rest are answered as a list. */
export function placeServerIssues(issues: IssueLike[]): { fields: ContactsFormErrors; other: IssueLike[] } {
  const fields: ContactsFormErrors = {};
  const other: IssueLike[] = [];
  for (const issue of issues) {
    const [role, field] = issue.path.split('.');
    if ((CONTACT_ROLES as readonly string[]).includes(role) && (CONTACT_FORM_FIELDS as readonly string[]).includes(field)) {
      fields[`${role as ContactRole}.${field as ContactFormField}`] ??= issue.message;
    } else {
      other.push(issue);
    }
  }
  return { fields, other };
}
