import { z } from 'zod';
import { allow, defineContract } from '../../protocol.ts';
import { asObject, empty, id, isoDate } from '../../contracts/shared.ts';
import { domainName } from '../../domains/names.ts';

/** The window over which the health card counts calls, error rate and latency. */
export const HEALTH_WINDOW_DAYS = 7;

const callStats = z.object({
  /** Registrar calls recorded in the window (registrations, renewals and the read-backs before a retry). */
  calls: z.number().int(),
  failed: z.number().int(),
  /** Outcome not known (a time-out or an unclear answer). */
  unknown: z.number().int(),
  /** (failed + unknown) / calls, 0..1; null without calls. */
  errorRate: z.number().nullable(),
  avgLatencyMs: z.number().int().nullable(),
  maxLatencyMs: z.number().int().nullable(),
});

export const supplierHealth = z.object({
  id: z.string(),
  name: z.string(),
  isActive: z.boolean(),
  /** An adapter for it runs on this server (credentials set): it can be tested, synced and activated. */
  configured: z.boolean(),
  /** No adapter exists for it at all ('Coming soon'). */
  comingSoon: z.boolean(),
  tldCount: z.number().int(),
  lastSyncedAt: isoDate.nullable(),
  lastSyncError: z.string().nullable(),
  /** The latest call we recorded: an order attempt, a TLD sync, or the last portfolio sync that called it. */
  lastCallAt: isoDate.nullable(),
  lastCallKind: z.string().nullable(),
  window: callStats,
  /** Where the balance comes from, or why there is none: never a stale figure. */
  balance: z.string(),
});
export type SupplierHealth = z.infer<typeof supplierHealth>;

export const getRegistrarHealth = defineContract({
  name: 'getRegistrarHealth',
  summary: `Every supplier (domain_suppliers) with its TLD count, last sync and its health from the calls we recorded over ${HEALTH_WINDOW_DAYS} days: last call, error rate, latency. Asks no registrar.`,
  access: 'back_office',
  kind: 'read',
  permissions: allow.backOffice,
  input: empty,
  output: z.object({ success: z.literal(true), windowDays: z.number().int(), suppliers: z.array(supplierHealth) }),
});

export const setSupplierActive = defineContract({
  name: 'setSupplierActive',
  summary: 'Activates or deactivates a supplier (pricing and failover use active ones only). Refuses the sandbox beside a real registrar, an unconfigured supplier, and, without confirm, deactivating the last active supplier of a TLD that has domains. Audited.',
  access: 'back_office',
  kind: 'write',
  permissions: allow.backOffice,
  input: z.object({
    supplierId: id('Supplier ID'),
    isActive: z.boolean({ error: 'isActive must be true or false.' }),
    /** The operator saw the last-supplier warning and goes ahead. */
    confirm: z.boolean().optional(),
  }, asObject).strict(),
  output: z.object({ success: z.literal(true), supplier: z.object({ id: z.string(), name: z.string(), isActive: z.boolean() }), changed: z.boolean() }),
});

export const testLogLine = z.object({ at: isoDate, msg: z.string(), extra: z.record(z.string(), z.unknown()).nullable() });

export const testRegistrarApi = defineContract({
  name: 'testRegistrarApi',
  summary: 'Tests a supplier\'s API with read-only calls (its connection test, then an availability check of the domain given) and answers the timed log lines; never a credential. Audited.',
  access: 'back_office',
  kind: 'write',
  permissions: allow.backOffice,
  input: z.object({ supplier: id('Supplier'), domain: domainName }, asObject).strict(),
  output: z.object({ success: z.boolean(), logs: z.array(testLogLine), error: z.string().nullable() }),
});

/** Names held elsewhere that a domain sync left alone, listed in its answer up to this many (all are counted). */
export const SYNC_SKIPPED_SHOWN = 50;

export const syncSupplierDomains = defineContract({
  name: 'syncSupplierDomains',
  summary: 'Imports a supplier\'s portfolio (its domain list, page by page within its rate limits) into the inventory: a name we do not have becomes an unassigned domain at that supplier in api mode; a name we hold at this supplier gets the registrar\'s expiry, status, lock and nameservers; a name held at another supplier, by hand or in manual mode is left alone and reported. Each page is written in its own unit, so a failed list leaves what a re-run completes. Audited.',
  access: 'back_office',
  kind: 'write',
  permissions: allow.backOffice,
  input: z.object({
    supplier: id('Supplier'),
    mode: z.literal('apply', { error: "Mode must be 'apply'." }),
  }, asObject).strict(),
  output: z.object({
    /** False when the list could not be read to its end: the totals say what was written before. */
    success: z.boolean(),
    totals: z.object({
      created: z.number().int(),
      /** Names already ours at this supplier, refreshed from its list. */
      updated: z.number().int(),
      /** Of the updated, those whose expiry, status, lock or nameservers changed. */
      changed: z.number().int(),
      /** Names the list had that were left alone (held elsewhere, managed by hand, or not a domain name). */
      skipped: z.number().int(),
      /** List pages read. */
      pages: z.number().int(),
    }),
    skipped: z.array(z.object({ domain: z.string(), reason: z.string() })),
    message: z.string(),
    error: z.string().nullable(),
    /** The work run that recorded the sync's progress and summary. */
    runId: z.string(),
  }),
});

export const contracts = { getRegistrarHealth, setSupplierActive, testRegistrarApi, syncSupplierDomains };
