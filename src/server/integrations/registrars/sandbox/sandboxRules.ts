import { type DomainContact, type DomainContacts, RegistrarError, splitDomain } from '../registrar.ts';
import { sandboxCostOf } from './sandboxPrices.ts';

/** Second-level labels the sandbox treats as registered elsewhere, so "taken" answers can be seen. */
export const TAKEN_ELSEWHERE = ['google', 'example', 'amazon', 'facebook', 'microsoft', 'apple', 'wikipedia', 'github'] as const;

export const SANDBOX_NAMESERVERS = ['ns1.sandbox-dns.test', 'ns2.sandbox-dns.test'];

export const FAIL_MESSAGE = 'The sandbox registrar refuses names that begin with fail-.';

const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;
const HOST = /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{0,62}$/;

const invalid = (message: string) => new RegistrarError('invalid', message, { registrar: 'sandbox' });

/** Callers pass lower-case names without a trailing dot; the sandbox accepts the odd 'Example.COM.' too. */
export function normalizeDomain(domain: string): string {
  return domain.trim().toLowerCase().replace(/\.$/, '');
}

export interface SandboxName {
  domain: string;
  sld: string;
  tld: string;
}

/** A registrable name of a TLD the sandbox sells, or why not (a RegistrarError 'invalid'). */
export function parseSandboxName(domain: string): SandboxName {
  const name = normalizeDomain(domain);
  const { sld, tld } = splitDomain(name, 'sandbox');
  if (!LABEL.test(sld)) throw invalid(`Not a valid domain name: ${name}`);
  if (!sandboxCostOf(tld)) throw invalid(`The sandbox registrar does not offer .${tld}.`);
  return { domain: name, sld, tld };
}

/** Taken elsewhere: one of TAKEN_ELSEWHERE, or a label of 1 or 2 characters (long gone at real registries). */
export function isTakenElsewhere(sld: string): boolean {
  return sld.length <= 2 || (TAKEN_ELSEWHERE as readonly string[]).includes(sld);
}

export const FAIL_ONCE_PREFIX = 'fail-once-';
export const FAIL_ONCE_MESSAGE = 'The sandbox registrar refuses a name that begins with fail-once- the first time it is asked.';

/** fail-once- names are refused once per sandbox instance (process), so an operator's retry can be seen to succeed. */
export function refusesRegistration(sld: string): boolean {
  return sld.startsWith('fail-') && !sld.startsWith(FAIL_ONCE_PREFIX);
}

export function checkYears(years: number): void {
  if (!Number.isInteger(years) || years < 1 || years > 10) throw invalid(`Years must be a whole number from 1 to 10, not ${years}.`);
}

export function normalizeNameservers(nameservers: string[]): string[] {
  const hosts = [...new Set(nameservers.map(normalizeDomain))];
  const bad = hosts.find((host) => !HOST.test(host));
  if (bad !== undefined) throw invalid(`Not a valid nameserver: ${bad}`);
  if (hosts.length > 13) throw invalid('At most 13 nameservers.');
  return hosts;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE = /^\+\d{1,3}\.\d{4,14}$/;

function checkContact(role: string, contact: DomainContact): void {
  const missing = (['firstName', 'lastName', 'email', 'phone', 'address1', 'city', 'postalCode', 'country'] as const)
    .find((field) => !contact?.[field]?.trim());
  if (missing) throw invalid(`The ${role} contact has no ${missing}.`);
  if (!EMAIL.test(contact.email)) throw invalid(`The ${role} contact's e-mail address is not valid.`);
  if (!PHONE.test(contact.phone)) throw invalid(`The ${role} contact's phone must look like +1.5555550100.`);
  if (!/^[A-Z]{2}$/.test(contact.country)) throw invalid(`The ${role} contact's country must be a two-letter ISO code.`);
}

/** The same checks a real registrar makes, so the domain layer's validation errors can be seen offline. */
export function checkContacts(contacts: DomainContacts): void {
  for (const role of ['registrant', 'admin', 'tech', 'billing'] as const) {
    if (!contacts?.[role]) throw invalid(`The ${role} contact is missing.`);
    checkContact(role, contacts[role]);
  }
}
