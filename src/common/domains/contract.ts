import { z } from 'zod';
import { SEARCH_MODES, normalizeTld } from './search.ts';
import { allow, defineContract } from '../protocol.ts';
import { accountId, empty, id } from '../contracts/shared.ts';

const tldPrice = z.object({
  /** Our sell price to register, per year, in dollars (the spec's `price`). */
  price: z.number(),
  registerCents: z.number().int(),
  renewCents: z.number().int().nullable(),
  transferCents: z.number().int().nullable(),
  currency: z.string(),
  /**
   * Each term of 1 to 10 years the TLD can be registered for, with its total: what the register
   * page's period selector shows and what the order charges. A multi-year term costs the first
   * year plus renewals at the supplier (or its published multi-year price), so it is not the
   * one-year price times the years. `renewCents` is a renewal's total for that term at the
   * cheapest supplier; a domain renews at its own supplier's price.
   */
  periods: z.array(z.object({ years: z.number().int(), registerCents: z.number().int(), renewCents: z.number().int().nullable() })),
});
export type TldPrice = z.infer<typeof tldPrice>;

export const getTldPricing = defineContract({
  name: 'getTldPricing',
  summary: 'Our price per TLD (keys without the dot: com, co.uk): cheapest active supplier\'s cost plus the markup, per year, and each term\'s total (periods).',
  access: 'user',
  kind: 'read',
  permissions: allow.signedIn,
  input: empty,
  output: z.object({ success: z.literal(true), pricing: z.record(z.string(), tldPrice) }),
});

export const searchResult = z.object({
  domain: z.string(),
  available: z.boolean(),
  /** Per year, in dollars; null when unknown (an error, an unpriced TLD). */
  price: z.number().nullable(),
  priceCents: z.number().int().nullable(),
  premium: z.boolean(),
  /** The supplier that answered (its display name). */
  supplier: z.string().nullable(),
  error: z.string().nullable(),
});
export type SearchResult = z.infer<typeof searchResult>;

// 'com', '.com' or 'co.uk'; anything else is refused rather than silently dropped from the search.
const tldInput = z.string().trim().toLowerCase().max(32, 'A TLD is not valid.')
  .refine((tld) => normalizeTld(tld) !== null, 'A TLD is not valid.');

export const searchDomains = defineContract({
  name: 'searchDomains',
  summary: 'Checks a name across TLDs for the active account: the server parses the query and decides the TLDs itself (the spec\'s modes); suppliers are asked in parallel with a time-out each.',
  access: 'user',
  kind: 'read',
  permissions: allow.members,
  input: z.object({
    query: z.string({ error: 'Please enter a domain name to search.' }).max(500, 'Please enter a valid domain name.'),
    tlds: z.array(tldInput).max(20, 'Too many TLDs selected.').default([]),
    accountId,
    // Sent by the spec's client; the server recomputes them from the query and ignores these.
    enhancedSearch: z.boolean().optional(),
    originalQuery: z.string().max(500).optional(),
    searchMode: z.enum(SEARCH_MODES).optional(),
    requestedTld: tldInput.nullable().optional(),
    parsedInput: z.unknown().optional(),
  }).strict(),
  output: z.object({
    success: z.literal(true),
    mode: z.enum(SEARCH_MODES),
    /** '{tld} is supported ($price)' or '{tld} is not supported. Showing popular alternatives instead.' */
    message: z.string().nullable(),
    results: z.array(searchResult),
  }),
});

/** The spec's TLD sync result (back-office spec §3): a summary, each supplier by id, the failures, the request. */
export const tldSyncResult = z.object({
  success: z.literal(true),
  summary: z.object({
    totalSuppliers: z.number().int(), successfulSuppliers: z.number().int(), failedSuppliers: z.number().int(),
    /** TLDs on record for the suppliers synced, after the sync. */
    totalTlds: z.number().int(),
    /** TLDs a supplier listed for the first time, and those whose costs changed (held changes are neither until approved). */
    newTlds: z.number().int(), updatedTlds: z.number().int(),
  }),
  suppliers: z.record(z.string(), z.object({
    name: z.string(),
    status: z.enum(['success', 'failed']),
    /** TLDs on record after the sync (the kept ones when it failed). */
    tldCount: z.number().int(),
    newTlds: z.number().int(),
    updatedTlds: z.number().int(),
    error: z.string().nullable(),
    syncedAt: z.string(),
  })),
  errors: z.array(z.object({ supplier: z.string(), error: z.string() })),
  /** The operator's request, or the run's id for the system's own syncs. */
  requestId: z.string(),
  message: z.string(),
});
export type TldSyncResult = z.infer<typeof tldSyncResult>;

export const syncSupplierTlds = defineContract({
  name: 'syncSupplierTlds',
  summary: 'Reads each active supplier\'s TLD costs (or one supplier\'s) into the price table; the daily job runs the same.',
  access: 'back_office',
  kind: 'write',
  permissions: allow.backOffice,
  input: z.object({ supplierId: id('Supplier ID').optional() }).strict().optional().default({}),
  output: tldSyncResult,
});
