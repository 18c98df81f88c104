import { formatAmount } from '../../../../common/billing/billing.ts';
import {
  type ContactCountry, DEFAULT_CONTACT_COUNTRY, REGISTRATION_YEARS, REQUIRED_CONTACT_FIELDS, missingFieldMessage,
  INVALID_PHONE, registrationFailedMessage, toRegistrarPhone,
} from '../../../../common/domains/orders.ts';
import { parseDomainQuery, searchedQuery } from '../../../../common/domains/search.ts';
import { FunctionCallError } from '../../../api/functionCallError.ts';

export const ORDER_CREATED = 'Order created! Redirecting to your order...';
/** The contract's text for a malformed address (zod's email check). */
export const INVALID_EMAIL = 'Please enter a valid email address.';
/** Ours: a number that cannot be written '+CC.NUMBER' would make the registrar refuse the paid order. */

export interface ContactValues {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  organization: string;
  address: string;
  city: string;
  state: string;
  postalCode: string;
  country: ContactCountry;
}
export type ContactField = keyof ContactValues;

/** The form's fields in the order they are shown and checked. */
export const CONTACT_FIELDS: readonly ContactField[] = [
  'firstName', 'lastName', 'email', 'phone', 'organization', 'address', 'city', 'state', 'postalCode', 'country',
];

export const CONTACT_LABELS: Record<ContactField, string> = {
  firstName: 'First name',
  lastName: 'Last name',
  email: 'Email',
  phone: 'Phone',
  organization: 'Organization',
  address: 'Address',
  city: 'City',
  state: 'State / Province',
  postalCode: 'Postal code',
  country: 'Country',
};

/** The lengths registerDomain's contract accepts (src/common/contracts/domainOrders.ts), so a field cannot outgrow them. */
export const CONTACT_MAX_LENGTHS: Record<Exclude<ContactField, 'country'>, number> = {
  firstName: 60, lastName: 60, email: 254, phone: 30, organization: 100, address: 200, city: 80, state: 80, postalCode: 20,
};

/** zod 4's e-mail pattern (`z.regexes.email`), the one the server checks the address with, copied so the page stays free of zod. */
const EMAIL = /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

interface SignedInUser {
  name: string;
  email: string;
  phoneNumber: string | null;
}

/** A blank contact with the signed-in user's name (stored as 'first last'), e-mail and phone filled in. */
export function initialContact(user: SignedInUser | null): ContactValues {
  const name = user?.name.trim() ?? '';
  // A display name that is the e-mail address (no name given at sign-up) is no first name.
  const words = name.includes('@') ? [] : name.split(/\s+/).filter(Boolean);
  return {
    firstName: words[0] ?? '',
    lastName: words.slice(1).join(' '),
    email: user?.email ?? '',
    phone: user?.phoneNumber ?? '',
    organization: '',
    address: '',
    city: '',
    state: '',
    postalCode: '',
    country: DEFAULT_CONTACT_COUNTRY,
  };
}

export type ContactErrors = Partial<Record<ContactField, string>>;

/**
 * The server's checks before the round trip, in its words ('Please fill in postal code', a
 * malformed e-mail), and one of ours: a phone number the registrars could not take.
 */
export function validateContact(values: ContactValues): ContactErrors {
  const errors: ContactErrors = {};
  for (const field of REQUIRED_CONTACT_FIELDS) {
    if (values[field].trim() === '') errors[field] = missingFieldMessage(field);
  }
  if (!errors.email && !EMAIL.test(values.email.trim())) errors.email = INVALID_EMAIL;
  if (!errors.phone && toRegistrarPhone(values.phone, values.country) === null) errors.phone = INVALID_PHONE;
  return errors;
}

/** What is sent: every text trimmed, as the server stores it. */
export function trimmedContact(values: ContactValues): ContactValues {
  const out = { ...values };
  for (const field of CONTACT_FIELDS) if (field !== 'country') out[field] = values[field].trim();
  return out;
}

export const REGISTRATION_PERIODS: readonly number[] = Array.from(
  { length: REGISTRATION_YEARS.max - REGISTRATION_YEARS.min + 1 },
  (_, i) => REGISTRATION_YEARS.min + i,
);

export const yearsText = (years: number) => `${years} ${years === 1 ? 'year' : 'years'}`;

/**
 * What a period costs in total, as getTldPricing lists it: later years cost the supplier's renew
 * price (the first year may be a promotion), so a period is not the one-year price × years. Null
 * while the prices load, or when the TLD is not sold for that period.
 */
export function periodTotalCents(periods: readonly { years: number; registerCents: number }[] | undefined, years: number): number | null {
  return periods?.find((period) => period.years === years)?.registerCents ?? null;
}

/** '1 year — $12.34', '2 years — $26.32': each period with its own total; the years alone while the price is unknown. */
export function periodLabel(years: number, periodTotal: number | null): string {
  return periodTotal === null ? yearsText(years) : `${yearsText(years)} — ${formatAmount(periodTotal)}`;
}

export type DomainToRegister = { kind: 'missing' } | { kind: 'invalid'; domain: string } | { kind: 'ok'; domain: string; tld: string };

/** The `domain` parameter: a name with its TLD, as the search links it ('example.com', 'example.co.uk'). */
export function domainToRegister(param: string | null): DomainToRegister {
  const typed = param?.trim() ?? '';
  if (typed === '') return { kind: 'missing' };
  const parsed = parseDomainQuery(typed);
  if (!parsed.ok || parsed.tld === null || searchedQuery(parsed) !== typed.toLowerCase()) return { kind: 'invalid', domain: typed };
  return { kind: 'ok', domain: searchedQuery(parsed), tld: parsed.tld };
}

/** The search's price in the link ('12.34' dollars) in cents; null when absent or not a price. */
export function priceHintCents(param: string | null): number | null {
  if (param === null || !/^\d{1,7}(?:\.\d{1,2})?$/.test(param.trim())) return null;
  return Math.round(Number(param.trim()) * 100);
}

export type RegistrationErrors = { fields: ContactErrors & { registrationYears?: string }; general: string | null };

/**
 * A refused registerDomain: the server's texts at the fields it names (its INVALID_ARGUMENT
 * details list each issue's path: 'contactInfo.postalCode', 'registrationYears'), anything
 * else in the alert as 'Registration failed: {message}'.
 */
export function registrationErrors(error: unknown): RegistrationErrors {
  const fields: RegistrationErrors['fields'] = {};
  const issues = error instanceof FunctionCallError ? issuesOf(error.details) : [];
  for (const { path, message } of issues) {
    const field = path === 'registrationYears' ? path : path.startsWith('contactInfo.') ? path.slice('contactInfo.'.length) : null;
    if (field !== null && (field === 'registrationYears' || (CONTACT_FIELDS as readonly string[]).includes(field))) {
      const key = field as keyof RegistrationErrors['fields'];
      fields[key] ??= message;
    }
  }
  if (Object.keys(fields).length > 0) return { fields, general: null };
  const message = error instanceof Error && error.message ? error.message : 'Unknown error';
  return { fields, general: registrationFailedMessage(message) };
}

function issuesOf(details: unknown): { path: string; message: string }[] {
  const issues = (details as { issues?: unknown } | null | undefined)?.issues;
  if (!Array.isArray(issues)) return [];
  return issues.filter((i): i is { path: string; message: string } =>
    typeof i === 'object' && i !== null && typeof i.path === 'string' && typeof i.message === 'string');
}
