import { INVENTORY_NAMESERVERS_MAX } from '../../../../common/admin/domainInventory/texts.ts';

/** Bulk Add's list (spec §5): split on commas and newlines, trimmed, lower-cased, blanks dropped, each name once in first-seen order. */
export function parseDomainList(text: string): string[] {
  return [...new Set(text.split(/[,\r\n]+/).map((d) => d.trim().toLowerCase()).filter(Boolean))];
}

/** Add Domain's nameservers (spec §5): split on commas or whitespace, blanks dropped. */
export function parseNameservers(text: string): string[] {
  return text.split(/[,\s]+/).map((n) => n.trim()).filter(Boolean).slice(0, INVENTORY_NAMESERVERS_MAX + 1);
}

/** The first `shown` failures, and how many more there are (spec §9: the first 10, then '...and N more'). */
export function firstFailures<T>(failures: readonly T[], shown: number): { shown: T[]; more: number } {
  return { shown: failures.slice(0, shown), more: Math.max(0, failures.length - shown) };
}
