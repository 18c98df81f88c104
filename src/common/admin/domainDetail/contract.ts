import { z } from 'zod';
import { allow, defineContract, type FunctionContract } from '../../protocol.ts';
import { asObject, id, isoDate } from '../../contracts/shared.ts';
import { contactsInput, contactsView } from '../../domains/contacts.ts';
import { DOMAIN_STATUSES } from '../../domains/domains.ts';
import { nameservers } from '../../domains/managementContract.ts';
import { domainName } from '../../domains/names.ts';
import { BULK_VERIFY_MAX, NOTES_MAX } from './texts.ts';

export const MANAGEMENT_MODES = ['manual', 'api'] as const;
/** The spec's registrar value of a domain kept by hand (no supplier). */
export const MANUAL_REGISTRAR = 'manual';
/** The fields the comparison table and the Verification Review compare, in the spec's row order. */
export const COMPARED_FIELDS = ['registrationDate', 'updatedDate', 'expiryAt', 'status', 'registrar'] as const;
export type ComparedField = (typeof COMPARED_FIELDS)[number];

const INSTANT = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2}))?$/;

/** The calendar and clock fields name a real instant: "2026-02-30" is refused, never rolled over into March. */
export function isRealInstant(text: string): boolean {
  const m = INSTANT.exec(text);
  if (!m) return false;
  const [y, mo, d, h = 0, mi = 0, s = 0] = m.slice(1, 7).map((v) => (v === undefined ? undefined : Number(v))) as number[];
  if (y < 1970 || y > 9999 || Number.isNaN(Date.parse(text))) return false;
  const at = new Date(Date.UTC(y, mo - 1, d, h, mi, s));
  return at.getUTCFullYear() === y && at.getUTCMonth() === mo - 1 && at.getUTCDate() === d
    && at.getUTCHours() === h && at.getUTCMinutes() === mi && at.getUTCSeconds() === s;
}

/** A date sent as ISO 8601 (a day alone is its 00:00 UTC; a time needs its zone) or null to clear it; stored as an ISO instant. */
const correctionDate = (what: string) => z.string({ error: `${what} must be an ISO date (YYYY-MM-DD or a full ISO time) or null.` }).trim().max(40, `${what} is not a real date.`)
  .refine(isRealInstant, `${what} is not a real date (YYYY-MM-DD or a full ISO time with its zone).`)
  .transform((v) => new Date(v.length === 10 ? `${v}T00:00:00Z` : v).toISOString())
  .nullable();

const status = z.enum(DOMAIN_STATUSES, { error: `Status must be one of ${DOMAIN_STATUSES.join(', ')}.` });
const managementMode = z.enum(MANAGEMENT_MODES, { error: 'Management mode must be manual or api.' });

export const domainCorrections = z.object({
  /** 'manual' or a supplier id; 'manual' forces the management mode to manual. */
  registrar: id('Registrar').optional(),
  managementMode: managementMode.optional(),
  registrationDate: correctionDate('Registration date').optional(),
  updatedDate: correctionDate('Updated date').optional(),
  expiryAt: correctionDate('Expiry date').optional(),
  status: status.optional(),
  notes: z.string({ error: 'Notes must be a text.' }).max(NOTES_MAX, `Notes must be at most ${NOTES_MAX} characters.`).nullable().optional(),
}, { error: (issue: { code: string }) => (issue.code === 'invalid_type' ? 'Patches must be an object of fields to change.' : undefined) })
  .strict();
export type DomainCorrections = z.output<typeof domainCorrections>;

/** A domain as we hold it (spec §3 "Managed domain"). */
export const managedDomain = z.object({
  id: z.string(),
  domain: z.string(),
  accountId: z.string().nullable(),
  accountName: z.string().nullable(),
  /** 'manual' or the supplier's id. */
  registrar: z.string(),
  /** The supplier's display name; null for 'manual'. */
  registrarName: z.string().nullable(),
  managementMode: z.enum(MANAGEMENT_MODES),
  status: status,
  registrationDate: isoDate.nullable(),
  /** The registry's own last-changed date. */
  updatedDate: isoDate.nullable(),
  expiryAt: isoDate.nullable(),
  autoRenewEnabled: z.boolean(),
  locked: z.boolean(),
  privacyEnabled: z.boolean(),
  nameservers: z.array(z.string()),
  notes: z.string().nullable(),
  contacts: contactsView.nullable(),
  lastVerifiedAt: isoDate.nullable(),
  lastSyncedAt: isoDate.nullable(),
  createdAt: isoDate,
  /** When our record last changed. */
  recordUpdatedAt: isoDate,
});
export type ManagedDomain = z.infer<typeof managedDomain>;

/**
 * How a source answered: 'answered'; 'unknown' (a time-out or an unclear answer: it may hold
 * anything, never read as a disagreement); 'failed' (it said no, or does not list the name);
 * 'skipped' (nothing to ask: a manual domain, an unconfigured supplier, the lookup budget).
 */
export const sourceOutcome = z.enum(['answered', 'unknown', 'failed', 'skipped']);

export const supplierInfo = z.object({
  supplier: z.string(),
  supplierName: z.string(),
  status: status,
  registrationDate: isoDate.nullable(),
  expiryAt: isoDate.nullable(),
  nameservers: z.array(z.string()),
  autoRenew: z.boolean().nullable(),
  locked: z.boolean().nullable(),
  privacy: z.boolean().nullable(),
});
export type SupplierInfo = z.infer<typeof supplierInfo>;

export const whoisInfo = z.object({
  source: z.enum(['rdap', 'whois']),
  /** The registrar as the registry names it ('NameCheap, Inc.'). */
  registrar: z.string().nullable(),
  registrationDate: isoDate.nullable(),
  updatedDate: isoDate.nullable(),
  expiryAt: isoDate.nullable(),
  /** The registry's status words ('client transfer prohibited'). */
  status: z.array(z.string()),
  nameservers: z.array(z.string()),
  /** The registry withholds contact data (RDAP redactions or WHOIS "REDACTED FOR PRIVACY"). */
  redacted: z.boolean(),
});
export type WhoisInfo = z.infer<typeof whoisInfo>;

export const dataSource = z.object({ outcome: sourceOutcome, reason: z.string().nullable(), askedAt: isoDate.nullable() });
export type DataSource = z.infer<typeof dataSource>;

const fieldValue = z.string().nullable();
export const fieldDiff = z.object({
  field: z.enum(COMPARED_FIELDS),
  local: fieldValue,
  supplier: fieldValue,
  whois: fieldValue,
  /** The supplier and the registry both answered and disagree. */
  conflict: z.boolean(),
  /** A source that answered differs from our record. */
  changed: z.boolean(),
  /** What to apply: the supplier's value first, then the registry's; null when ours already holds it. */
  proposed: fieldValue,
});
export type FieldDiff = z.infer<typeof fieldDiff>;

export const verificationReview = z.object({
  domain: z.string(),
  summary: z.object({ conflicts: z.number().int(), changed: z.number().int() }),
  diffs: z.array(fieldDiff),
  sources: z.object({ supplier: dataSource, whois: dataSource }),
  verifiedAt: isoDate.nullable(),
  /** Supplier ids to their names, for the registrar values. */
  registrarNames: z.record(z.string(), z.string()),
});
export type VerificationReview = z.infer<typeof verificationReview>;

/** The value to show for a field and where it comes from. */
const mergedValue = z.object({ value: fieldValue, from: z.enum(['local', 'supplier', 'whois']) });
export type MergedValue = z.infer<typeof mergedValue>;

const domainInput = z.object({ domain: domainName }, asObject).strict();

export const adminGetDomainDetails = defineContract({
  name: 'adminGetDomainDetails',
  summary: 'The spec\'s getDomainDetails for operators: any domain as we hold it (local), its supplier\'s record (api mode) and the registry\'s (RDAP, WHOIS fallback), each null with a reason, and per field the value to show (merged). Reads only.',
  access: 'back_office',
  kind: 'read',
  permissions: allow.backOffice,
  input: domainInput,
  output: z.object({
    success: z.literal(true),
    local: managedDomain,
    supplierInfo: supplierInfo.nullable(),
    whoisInfo: whoisInfo.nullable(),
    /** Per compared field: ours unless a fresher source (supplier, then registry) differs. */
    merged: z.object({ registrationDate: mergedValue, updatedDate: mergedValue, expiryAt: mergedValue, status: mergedValue, registrar: mergedValue }),
    diffs: z.array(fieldDiff),
    sources: z.object({ supplier: dataSource, whois: dataSource }),
    /** The registrar choices: every supplier (the page adds Manually Managed). */
    suppliers: z.array(z.object({ id: z.string(), name: z.string(), isActive: z.boolean() })),
    message: z.string().nullable(),
  }),
});

export const adminVerifyManagedDomain = defineContract({
  name: 'adminVerifyManagedDomain',
  summary: 'The spec\'s verifyManagedDomain: reads the supplier (api mode) and the registry, answers the Verification Review (per field ours, the supplier\'s, the registry\'s, conflict, changed, proposed) and stamps lastVerifiedAt when a source answered. Changes no field. Audited.',
  access: 'back_office',
  kind: 'write',
  permissions: allow.backOffice,
  input: domainInput,
  output: z.object({ success: z.boolean(), result: verificationReview }),
});

export const adminVerifyManagedDomainsBulk = defineContract({
  name: 'adminVerifyManagedDomainsBulk',
  summary: `The spec's verifyManagedDomainsBulk: verifies up to ${BULK_VERIFY_MAX} domains, a few at a time; one result (summary or error) per name. Audited per domain.`,
  access: 'back_office',
  kind: 'write',
  permissions: allow.backOffice,
  input: z.object({
    domains: z.array(domainName).min(1, 'Select at least one domain.').max(BULK_VERIFY_MAX, `Select at most ${BULK_VERIFY_MAX} domains.`),
  }, asObject).strict(),
  output: z.object({
    succeeded: z.number().int(),
    failed: z.number().int(),
    results: z.array(z.object({
      domain: z.string(),
      success: z.boolean(),
      summary: z.object({ conflicts: z.number().int(), changed: z.number().int() }).nullable(),
      error: z.string().nullable(),
    })),
    message: z.string(),
  }),
});

export const applyDomainCorrections = defineContract({
  name: 'applyDomainCorrections',
  summary: 'Corrects our record of a domain: registrar (\'manual\' or a supplier id; manual forces mode manual), managementMode (api needs a supplier), registrationDate, updatedDate, expiryAt (ISO or null), status, notes. Writes our record only, never the registrar. Audited with before and after.',
  access: 'back_office',
  kind: 'write',
  permissions: allow.backOffice,
  input: z.object({ domain: domainName, patches: domainCorrections }, asObject).strict(),
  output: z.object({ success: z.literal(true), message: z.string(), changed: z.array(z.string()), local: managedDomain }),
});

const operatorWriteOutput = z.object({ success: z.literal(true), message: z.string(), local: managedDomain });

export const adminUpdateDomainContacts = defineContract({
  name: 'adminUpdateDomainContacts',
  summary: 'The spec\'s updateDomainContacts for operators, on any domain: api mode sets them at the registrar first (no transaction open), then in our record; manual mode in our record only. Audited.',
  access: 'back_office',
  kind: 'write',
  permissions: allow.backOffice,
  input: z.object({ domain: domainName, contacts: contactsInput }, asObject).strict(),
  output: operatorWriteOutput,
});

export const adminUpdateDomainNameservers = defineContract({
  name: 'adminUpdateDomainNameservers',
  summary: 'The spec\'s updateDomainNameservers for operators, on any domain: api mode sets them at the registrar first (no transaction open), then in our record; manual mode in our record only. Audited.',
  access: 'back_office',
  kind: 'write',
  permissions: allow.backOffice,
  input: z.object({ domain: domainName, nameservers }, asObject).strict(),
  output: operatorWriteOutput,
});

/** The operator's domain detail, verification and corrections (issue 19). */
export const contracts = {
  adminGetDomainDetails, adminVerifyManagedDomain, adminVerifyManagedDomainsBulk, applyDomainCorrections, adminUpdateDomainContacts, adminUpdateDomainNameservers,
} satisfies Record<string, FunctionContract>;
