import type { DomainContactsView } from '../../../../common/domains/managementContract.ts';

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

const BLANK_CONTACT = {
  firstName: '', lastName: '', organization: null, email: '', phone: '',
  address1: '', address2: null, city: '', state: '', postalCode: '', country: '',
};

/** The editor's first text: the contacts as held, or the fields to fill when none are on record. */
export function contactsText(contacts: DomainContactsView | null): string {
  const shown = contacts ?? { registrant: BLANK_CONTACT, admin: BLANK_CONTACT, tech: BLANK_CONTACT };
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
