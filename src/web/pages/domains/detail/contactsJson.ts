import { type DomainContactsView, type DomainContactView, splitAddressLine, splitName } from '../../../../common/domains/contacts.ts';

/**
 * The contacts panel's editor (spec §4): the JSON is parsed on each input; text that does not
 * parse is kept as typed, and Save waits until it parses.
 */
export type ContactsDraft =
  | { text: string; valid: true; value: unknown }
  | { text: string; valid: false };

export function parseContactsDraft(text: string): ContactsDraft {
  try {
    return { text, valid: true, value: JSON.parse(text) };
  } catch {
    return { text, valid: false };
  }
}

/** The spec's shape of one contact, as the advanced editor shows it. */
const BLANK_CONTACT = { name: '', email: '', phone: '', organization: null, address: '' };

/**
 * One contact for the editor: the spec's five keys when they say all the registrar needs (the
 * name splits back into the same first and last name, the one-line address into the same
 * parts); otherwise the registrar's parts, so nothing is lost on a save.
 */
export function editableContact(c: DomainContactView): Record<string, unknown> {
  const name = splitName(c.name);
  const address = splitAddressLine(c.address);
  const lossless = name?.firstName === c.firstName && name.lastName === c.lastName
    && address !== null && (['address1', 'address2', 'city', 'state', 'postalCode', 'country'] as const).every((k) => address[k] === c[k]);
  if (lossless) return { name: c.name, email: c.email, phone: c.phone, organization: c.organization, address: c.address };
  return {
    firstName: c.firstName, lastName: c.lastName, email: c.email, phone: c.phone, organization: c.organization,
    address1: c.address1, address2: c.address2, city: c.city, state: c.state, postalCode: c.postalCode, country: c.country,
  };
}

/** The editor's first text: the contacts as held, or the spec's fields to fill when none are on record. */
export function contactsText(contacts: DomainContactsView | null): string {
  if (!contacts) return JSON.stringify({ registrant: BLANK_CONTACT, admin: BLANK_CONTACT, tech: BLANK_CONTACT }, null, 2);
  const shown: Record<string, unknown> = {
    registrant: editableContact(contacts.registrant), admin: editableContact(contacts.admin), tech: editableContact(contacts.tech),
  };
  // Billing equal to admin is left out, so that it follows admin when admin is edited here.
  if (contacts.billing && JSON.stringify(editableContact(contacts.billing)) !== JSON.stringify(editableContact(contacts.admin))) {
    shown.billing = editableContact(contacts.billing);
  }
  return JSON.stringify(shown, null, 2);
}

export interface IssueLike {
  path: string;
  message: string;
}

/** The server's validation issues ('contacts.registrant.phone') named from inside the contacts ('registrant.phone'). */
export function contactIssues(details: unknown): IssueLike[] {
  const issues = (details as { issues?: unknown } | null | undefined)?.issues;
  if (!Array.isArray(issues)) return [];
  return issues
    .filter((i): i is IssueLike => typeof i?.path === 'string' && typeof i?.message === 'string')
    .map((i) => ({ path: i.path.replace(/^contacts\.?/, ''), message: i.message }));
}
