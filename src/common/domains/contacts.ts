import { z } from 'zod';

/**
 * Domain contacts in two shapes, one record.
 *
 * The spec's shape is `{ name, email, phone, organization, address }` per role; registrars need
 * first and last name and the address in parts (street, city, state, postal code, country). We
 * keep the registrars' parts and accept either shape (docs/decisions.md, "Domain contacts in the
 * spec's shape"):
 * - `name` is split at its last space: 'Jean-Luc de la Tour' is firstName 'Jean-Luc de la',
 *   lastName 'Tour'. One word is refused: every registrar needs both.
 * - `address` is one line, comma-separated: 'street[, more street], city, state, postal code,
 *   country', e.g. '12 Analytical Row, London, London, N1 9GU, GB'. The last four parts are
 *   city, state, postal code and the two-letter country; the first is address1 and any between
 *   are address2.
 * - Given together with the parts (firstName/lastName, address1/city/...), `name` and `address`
 *   must say the same thing, or the contact is refused: we never guess which one was edited.
 * Answers carry both: the parts, and `name` and `address` composed from them.
 */

const text = (field: string, max: number) => z.string({ error: `The ${field} is required.` }).trim().min(1, `The ${field} is required.`).max(max, `The ${field} is too long.`);

/** One contact as registrars carry it (registrar.ts DomainContact). */
export const registrarContact = z.object({
  firstName: text('first name', 60),
  lastName: text('last name', 60),
  organization: z.string().trim().max(100, 'The organization is too long.').nullable().default(null)
    .transform((v) => (v ? v : null)),
  email: text('email', 254).toLowerCase().pipe(z.email('Please enter a valid email address.')),
  /** '+CC.NUMBER', as every registrar takes it; spaces, dashes and brackets in the number are dropped. */
  phone: z.string({ error: 'The phone is required.' }).trim().transform((v) => v.replace(/[\s()-]/g, ''))
    .pipe(z.string().regex(/^\+\d{1,3}\.\d{4,14}$/, 'The phone must look like +1.5555550100.')),
  address1: text('address', 200),
  address2: z.string().trim().max(200, 'The second address line is too long.').nullable().default(null)
    .transform((v) => (v ? v : null)),
  city: text('city', 80),
  state: text('state', 80),
  postalCode: text('postal code', 20),
  country: z.string({ error: 'The country is required.' }).trim().toUpperCase().regex(/^[A-Z]{2}$/, 'The country must be a two-letter code such as US.'),
}).strict();
export type RegistrarContact = z.output<typeof registrarContact>;

export const NAME_NEEDS_TWO_WORDS = 'Please enter a first and last name.';
export const NAME_REQUIRED = 'The name is required.';
export const NAME_MISMATCH = 'The name does not match firstName and lastName: change one of them, or leave one out.';
export const ADDRESS_REQUIRED = 'The address is required.';
export const ADDRESS_FORMAT = 'The address must read: street, city, state, postal code, country (for example 1 Main St, Springfield, IL, 62701, US).';
export const ADDRESS_MISMATCH = 'The address does not match address1, address2, city, state, postalCode and country: change one of them, or leave one out.';

const ADDRESS_PARTS = ['address1', 'address2', 'city', 'state', 'postalCode', 'country'] as const;
const NAME_PARTS = ['firstName', 'lastName'] as const;

const squash = (s: string) => s.trim().replace(/\s+/g, ' ');
/** Two one-line addresses are the same when they differ only in spacing and case. */
const sameLine = (line: string) => line.split(',').map(squash).filter(Boolean).join(', ').toLowerCase();

/** 'Ada Lovelace' from the parts; the spec's `name`. */
export function contactName(c: Pick<RegistrarContact, 'firstName' | 'lastName'>): string {
  return squash(`${c.firstName} ${c.lastName}`);
}

/** The spec's one-line `address`, in the order splitAddressLine reads it back. */
export function contactAddressLine(c: Pick<RegistrarContact, (typeof ADDRESS_PARTS)[number]>): string {
  return ADDRESS_PARTS.map((key) => c[key]).filter((part): part is string => Boolean(part && part.trim())).map(squash).join(', ');
}

/** firstName up to the last space, lastName after it; null for a single word. */
export function splitName(name: string): { firstName: string; lastName: string } | null {
  const clean = squash(name);
  const at = clean.lastIndexOf(' ');
  if (at <= 0) return null;
  return { firstName: clean.slice(0, at), lastName: clean.slice(at + 1) };
}

/** The one-line address in its parts; null when it has fewer than five. */
export function splitAddressLine(line: string): Pick<RegistrarContact, (typeof ADDRESS_PARTS)[number]> | null {
  const parts = line.split(',').map(squash).filter(Boolean);
  if (parts.length < 5) return null;
  const [country, postalCode, state, city] = parts.slice(-4).reverse();
  const street = parts.slice(0, -4);
  return { address1: street[0], address2: street.length > 1 ? street.slice(1).join(', ') : null, city, state, postalCode, country };
}

const optionalText = z.string().max(1_000, 'This field is too long.').optional();

/**
 * What a caller may send for one contact: the spec's keys, the registrars' keys, or both that
 * agree. Unknown keys are refused, as before.
 */
export const contactInput = z.object({
  name: optionalText,
  firstName: optionalText,
  lastName: optionalText,
  organization: optionalText.nullable(),
  email: optionalText,
  phone: optionalText,
  address: optionalText,
  address1: optionalText,
  address2: optionalText.nullable(),
  city: optionalText,
  state: optionalText,
  postalCode: optionalText,
  country: optionalText,
}).strict().transform((given, ctx): RegistrarContact => {
  const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', message, path: [path] });
  const candidate: Record<string, unknown> = { organization: given.organization ?? null, email: given.email, phone: given.phone };

  const hasNameParts = NAME_PARTS.some((key) => given[key] !== undefined);
  const nameGiven = given.name !== undefined;
  if (hasNameParts) {
    candidate.firstName = given.firstName;
    candidate.lastName = given.lastName;
    if (nameGiven && squash(given.name!) !== squash(`${given.firstName ?? ''} ${given.lastName ?? ''}`)) issue('name', NAME_MISMATCH);
  } else if (nameGiven) {
    const split = splitName(given.name!);
    if (!squash(given.name!)) issue('name', NAME_REQUIRED);
    else if (!split) issue('name', NAME_NEEDS_TWO_WORDS);
    else Object.assign(candidate, split);
  } else {
    issue('name', NAME_REQUIRED);
  }

  const hasAddressParts = ADDRESS_PARTS.some((key) => given[key] !== undefined);
  const addressGiven = given.address !== undefined;
  const lineOnly = addressGiven && !hasAddressParts;
  if (hasAddressParts) {
    for (const key of ADDRESS_PARTS) candidate[key] = given[key];
    const line = contactAddressLine({
      address1: given.address1 ?? '', address2: given.address2 ?? null, city: given.city ?? '', state: given.state ?? '',
      postalCode: given.postalCode ?? '', country: given.country ?? '',
    });
    if (addressGiven && sameLine(line) !== sameLine(given.address!)) issue('address', ADDRESS_MISMATCH);
  } else if (addressGiven) {
    const parts = splitAddressLine(given.address!);
    if (!squash(given.address!)) issue('address', ADDRESS_REQUIRED);
    else if (!parts) issue('address', ADDRESS_FORMAT);
    else Object.assign(candidate, parts);
  } else {
    issue('address', ADDRESS_REQUIRED);
  }
  if (ctx.issues.length > 0) return z.NEVER;

  const parsed = registrarContact.safeParse(candidate);
  if (parsed.success) return parsed.data;
  // An issue of a part the caller did not send is reported on the field they did send.
  for (const found of parsed.error.issues) {
    const key = String(found.path[0] ?? '');
    const path = !hasNameParts && (NAME_PARTS as readonly string[]).includes(key) ? 'name'
      : lineOnly && (ADDRESS_PARTS as readonly string[]).includes(key) ? 'address' : key;
    issue(path, found.message);
  }
  return z.NEVER;
});
export type DomainContactInput = z.input<typeof contactInput>;

export const contactsInput = z.object({
  registrant: contactInput,
  admin: contactInput,
  tech: contactInput,
  /** Registrars need a billing contact too; when left out it is the admin contact. */
  billing: contactInput.optional(),
}).strict();
export type DomainContactsInput = z.input<typeof contactsInput>;
export type DomainContactsGiven = z.output<typeof contactsInput>;

/** One contact as answered: the registrars' parts and the spec's `name` and `address`. */
export const contactView = z.object({
  name: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  organization: z.string().nullable(),
  email: z.string(),
  phone: z.string(),
  address: z.string(),
  address1: z.string(),
  address2: z.string().nullable(),
  city: z.string(),
  state: z.string(),
  postalCode: z.string(),
  country: z.string(),
});
export type DomainContactView = z.infer<typeof contactView>;

export const contactsView = z.object({ registrant: contactView, admin: contactView, tech: contactView, billing: contactView.optional() });
export type DomainContactsView = z.infer<typeof contactsView>;

/** A stored (registrar-shaped) contact as answered. */
export function toContactView(c: RegistrarContact): DomainContactView {
  return {
    name: contactName(c), firstName: c.firstName, lastName: c.lastName, organization: c.organization, email: c.email, phone: c.phone,
    address: contactAddressLine(c), address1: c.address1, address2: c.address2, city: c.city, state: c.state, postalCode: c.postalCode, country: c.country,
  };
}

export function toContactsView(c: { registrant: RegistrarContact; admin: RegistrarContact; tech: RegistrarContact; billing?: RegistrarContact }): DomainContactsView {
  return {
    registrant: toContactView(c.registrant), admin: toContactView(c.admin), tech: toContactView(c.tech),
    ...(c.billing ? { billing: toContactView(c.billing) } : {}),
  };
}
