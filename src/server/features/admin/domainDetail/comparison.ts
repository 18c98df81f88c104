import {
  COMPARED_FIELDS, type ComparedField, type FieldDiff, MANUAL_REGISTRAR, type ManagedDomain, type MergedValue, type SupplierInfo, type WhoisInfo,
} from '../../../../common/admin/domainDetail/contract.ts';
import { SAME_DATE_TOLERANCE_MS } from '../../../../common/admin/domainDetail/texts.ts';
import type { DomainStatus } from '../../../../common/domains/domains.ts';

/**
 * The comparison behind the detail page's table and the Verification Review: per field our value,
 * the supplier's and the registry's, put in one form so that they can be compared.
 */

type Values = Record<ComparedField, string | null>;

/** The registry's EPP status words as one of our statuses; null when it lists none. */
export function statusFromRegistry(words: string[]): DomainStatus | null {
  if (words.length === 0) return null;
  const has = (...wanted: string[]) => words.some((word) => wanted.includes(word));
  if (has('redemption period', 'pending delete', 'pending restore')) return 'expired';
  if (has('server hold', 'client hold')) return 'suspended';
  if (has('pending create')) return 'pending';
  return 'active';
}

const squash = (text: string) => text.toLowerCase().replace(/[^a-z0-9]/g, '');

/**
 * The registry names the registrar in its own words ('NameCheap, Inc.'): one of our suppliers
 * when its id or name is in them, else 'manual' (a registrar we have no API for: kept by hand).
 */
export function registrarFromRegistry(name: string | null, suppliers: { id: string; name: string }[]): string | null {
  if (!name) return null;
  const words = squash(name);
  const match = suppliers.find((s) => s.id !== 'sandbox' && (words.includes(squash(s.id)) || (squash(s.name).length > 2 && words.includes(squash(s.name)))));
  return match?.id ?? MANUAL_REGISTRAR;
}

const isDateField = (field: ComparedField) => field === 'registrationDate' || field === 'updatedDate' || field === 'expiryAt';

/** Registrars and registries stamp the same day at different hours: dates within a day agree. */
export function sameValue(field: ComparedField, a: string | null, b: string | null): boolean {
  if (a === null || b === null) return a === b;
  if (!isDateField(field)) return a === b;
  const [x, y] = [Date.parse(a), Date.parse(b)];
  return Number.isNaN(x) || Number.isNaN(y) ? a === b : Math.abs(x - y) < SAME_DATE_TOLERANCE_MS;
}

export function localValues(local: ManagedDomain): Values {
  return { registrationDate: local.registrationDate, updatedDate: local.updatedDate, expiryAt: local.expiryAt, status: local.status, registrar: local.registrar };
}

function supplierValues(info: SupplierInfo | null): Values {
  return {
    registrationDate: info?.registrationDate ?? null, updatedDate: null, expiryAt: info?.expiryAt ?? null,
    status: info?.status ?? null, registrar: info?.supplier ?? null,
  };
}

function whoisValues(info: WhoisInfo | null, suppliers: { id: string; name: string }[]): Values {
  return {
    registrationDate: info?.registrationDate ?? null, updatedDate: info?.updatedDate ?? null, expiryAt: info?.expiryAt ?? null,
    status: info ? statusFromRegistry(info.status) : null, registrar: registrarFromRegistry(info?.registrar ?? null, suppliers),
  };
}

/** A source that did not answer, or said nothing of a field, is left out: never a conflict, never a change. */
export function compareSources(local: ManagedDomain, supplier: SupplierInfo | null, whois: WhoisInfo | null, suppliers: { id: string; name: string }[]) {
  const ours = localValues(local);
  const theirs = supplierValues(supplier);
  const registry = whoisValues(whois, suppliers);
  const diffs: FieldDiff[] = COMPARED_FIELDS.map((field) => {
    const [l, s, w] = [ours[field], theirs[field], registry[field]];
    const conflict = s !== null && w !== null && !sameValue(field, s, w);
    const changed = (s !== null && !sameValue(field, s, l)) || (w !== null && !sameValue(field, w, l));
    const preferred = s ?? w;
    const proposed = preferred !== null && !sameValue(field, preferred, l) ? preferred : null;
    return { field, local: l, supplier: s, whois: w, conflict, changed, proposed };
  });
  const merged = Object.fromEntries(diffs.map((diff) => [diff.field, mergedOf(diff)])) as Record<ComparedField, MergedValue>;
  return {
    diffs,
    merged,
    summary: { conflicts: diffs.filter((d) => d.conflict).length, changed: diffs.filter((d) => d.changed).length },
  };
}

/** Ours, unless a fresher source differs (the supplier first, then the registry). */
function mergedOf(diff: FieldDiff): MergedValue {
  if (diff.proposed === null) return { value: diff.local, from: 'local' };
  return { value: diff.proposed, from: diff.supplier !== null && diff.proposed === diff.supplier ? 'supplier' : 'whois' };
}
