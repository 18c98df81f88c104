import { z } from 'zod';
import { AUDIT_PAGE_MAX, AUDIT_PAGE_SIZE, INVALID_AUDIT_CURSOR, INVALID_DATE_RANGE } from './texts.ts';
import { allow, defineContract, type FunctionContract } from '../../protocol.ts';
import { asObject, day, filterText, isoDate } from '../../contracts/shared.ts';

export const auditEntry = z.object({
  id: z.string(),
  createdAt: isoDate,
  /** Who did it (for an impersonated act, the operator); null for the system. */
  actor: z.object({ userId: z.string().nullable(), email: z.string().nullable(), displayName: z.string().nullable() }).nullable(),
  /** The account the operator was acting as, when the act was done while impersonating. */
  actingAsAccount: z.object({ id: z.string(), name: z.string().nullable() }).nullable(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string().nullable(),
  reason: z.string().nullable(),
  /** The target's state around the change, as recorded, with any secret value replaced. */
  before: z.unknown(),
  after: z.unknown(),
  requestId: z.string().nullable(),
});
export type AuditEntryView = z.infer<typeof auditEntry>;

export const listAuditLog = defineContract({
  name: 'listAuditLog',
  summary: `Every back-office write and every impersonated act, newest first, ${AUDIT_PAGE_SIZE} a page by default (keyset), filtered by operator (user id, or the beginning of the e-mail address in any case), target, action (prefix) and days (UTC, both ends included).`,
  access: 'back_office',
  kind: 'read',
  permissions: allow.backOffice,
  input: z.object({
    limit: z.number({ error: 'Limit must be a whole number.' }).int('Limit must be a whole number.')
      .min(1, 'Limit must be at least 1.').max(AUDIT_PAGE_MAX, `Limit must be at most ${AUDIT_PAGE_MAX}.`).default(AUDIT_PAGE_SIZE),
    startAfter: z.string({ error: INVALID_AUDIT_CURSOR }).max(400, INVALID_AUDIT_CURSOR).nullish(),
    actorUserId: filterText('Operator ID', 128),
    /** The beginning of the operator's address, any case. */
    actorEmail: filterText('Operator e-mail', 254, { lowerCase: true }),
    targetType: filterText('Target type', 64)
      .refine((v) => v == null || /^[a-z_]+$/.test(v), 'Target type must be lower-case letters and underscores.'),
    targetId: filterText('Target ID', 128),
    /** The beginning of the action: "user." picks every user action, "user.disabled" that one. */
    action: filterText('Action filter', 100)
      .refine((v) => v == null || /^[a-z_.]+$/.test(v), 'Action filter must be lower-case letters, dots and underscores.'),
    dateFrom: day('Start date'),
    dateTo: day('End date'),
  }, asObject).strict()
    .refine((i) => !i.dateFrom || !i.dateTo || i.dateFrom <= i.dateTo, { message: INVALID_DATE_RANGE, path: ['dateTo'] })
    .optional().default({ limit: AUDIT_PAGE_SIZE }),
  output: z.object({ entries: z.array(auditEntry), nextCursor: z.string().nullable() }),
});

/** The back office's audit functions (issue 8). */
export const contracts = { listAuditLog } satisfies Record<string, FunctionContract>;
