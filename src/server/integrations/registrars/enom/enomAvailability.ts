import type { AvailabilityResult } from '../registrar.ts';
import { enomBoolean, enomCents } from './enomValues.ts';
import { text, type XmlNode } from './enomXml.ts';

/** Enom checks at most this many names per Check (DomainList). */
export const ENOM_CHECK_BATCH = 30;

interface CheckEntry {
  domain: string;
  rrpCode: string | null;
  rrpText: string | null;
  premium: boolean;
  premiumPrice: string | null;
}

const CHECK_FIELD = /^(domain|domainname|rrpcode|rrptext|ispremiumname|premiumprice|premiumname)(\d*)$/i;

/**
 * The names of a Check answer. Enom has several shapes for one answer (⚠ in the reference):
 * numbered fields (Domain1, RRPCode1, …), repeated unnumbered ones (the documented XML form:
 * Domain, RRPCode, Domain, RRPCode, …), the single-name form (DomainName, RRPCode), and premium
 * details flat (IsPremiumName, PremiumPrice) or in a PremiumName block, sometimes unnumbered
 * between numbered fields. Reading the fields in document order, an unnumbered field belongs to
 * the name that came last, which covers them all.
 */
export function parseCheckEntries(root: XmlNode): CheckEntry[] {
  const numbered = new Map<string, CheckEntry>();
  const entries: CheckEntry[] = [];
  let current: CheckEntry | null = null;
  const entryFor = (index: string): CheckEntry => {
    if (!index) {
      if (!current) entries.push(current = { domain: '', rrpCode: null, rrpText: null, premium: false, premiumPrice: null });
      return current;
    }
    let entry = numbered.get(index);
    if (!entry) {
      entry = { domain: '', rrpCode: null, rrpText: null, premium: false, premiumPrice: null };
      numbered.set(index, entry);
      entries.push(entry);
    }
    return entry;
  };
  for (const node of root.children) {
    const match = CHECK_FIELD.exec(node.name);
    if (!match) continue;
    const field = match[1].toLowerCase();
    const index = match[2];
    if (field === 'domain' || field === 'domainname') {
      if (index) entryFor(index).domain = node.text.toLowerCase();
      else if (current && !current.domain) current.domain = node.text.toLowerCase();
      else entries.push({ domain: node.text.toLowerCase(), rrpCode: null, rrpText: null, premium: false, premiumPrice: null });
      current = index ? entryFor(index) : entries[entries.length - 1];
      continue;
    }
    const entry = entryFor(index);
    if (field === 'rrpcode') entry.rrpCode = node.text;
    else if (field === 'rrptext') entry.rrpText = node.text;
    else if (field === 'ispremiumname') entry.premium = enomBoolean(node.text) === true;
    else if (field === 'premiumprice') entry.premiumPrice = node.text || null;
    else {
      entry.premium = enomBoolean(text(node, 'IsPremiumName')) === true;
      entry.premiumPrice = text(node, 'PremiumPrice');
    }
  }
  return entries.filter((e) => e.domain);
}

/** One result per asked name, in the order asked, from the entries of a Check answer. */
export function availabilityOf(domains: string[], entries: CheckEntry[]): AvailabilityResult[] {
  const byName = new Map(entries.map((e) => [e.domain, e]));
  return domains.map((domain) => {
    const entry = byName.get(domain.toLowerCase());
    const result: AvailabilityResult = { domain, available: false, premium: false, premiumPriceCents: null, error: null };
    if (!entry) return { ...result, error: 'Enom did not answer for this name.' };
    const code = entry.rrpCode === null ? NaN : Number(entry.rrpCode);
    if (code !== 210 && code !== 211) return { ...result, error: entry.rrpText ?? `Enom answered RRP code ${entry.rrpCode ?? 'none'}.` };
    return {
      ...result,
      available: code === 210,
      premium: entry.premium,
      premiumPriceCents: entry.premium ? enomCents(entry.premiumPrice) : null,
    };
  });
}
