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

export const contracts = { getRegistrarHealth, setSupplierActive, testRegistrarApi };
