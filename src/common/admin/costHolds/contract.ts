import { z } from 'zod';
import { allow, defineContract } from '../../protocol.ts';
import { asObject, isoDate } from '../../contracts/shared.ts';

/** How many held changes (and, after them, decided ones) the back office lists. */
export const COST_HOLDS_LIMIT = 200;
export const COST_HOLD_NOT_FOUND = 'This held cost change was not found.';
export const COST_HOLD_ALREADY_DECIDED = 'This cost change was already decided, or a newer sync replaced it. Reload the list.';

const costs = z.object({
  registerCents: z.number().int().nullable(),
  renewCents: z.number().int().nullable(),
  transferCents: z.number().int().nullable(),
  currency: z.string(),
});

export const heldCostChange = z.object({
  id: z.string(),
  supplierId: z.string(),
  supplierName: z.string(),
  tld: z.string(),
  /** The costs in use; null for a TLD the supplier did not list before. */
  before: costs.nullable(),
  /** The costs the supplier now lists. */
  after: costs,
  /** What moved, e.g. 'register cost $10.99 → zero'. */
  reason: z.string(),
  status: z.enum(['held', 'approved', 'rejected']),
  detectedAt: isoDate,
  decidedAt: isoDate.nullable(),
  decidedBy: z.string().nullable(),
});
export type HeldCostChange = z.infer<typeof heldCostChange>;

export const listHeldCostChanges = defineContract({
  name: 'listHeldCostChanges',
  summary: `Supplier cost changes a TLD sync held instead of applying (a move beyond SUPPLIER_COST_HOLD_SHARE, or to zero): the undecided ones oldest first, then the latest decided; up to ${COST_HOLDS_LIMIT} each.`,
  access: 'back_office',
  kind: 'read',
  permissions: allow.backOffice,
  input: z.object({}, asObject).strict().optional().default({}),
  output: z.object({ changes: z.array(heldCostChange) }),
});

export const decideHeldCostChange = defineContract({
  name: 'decideHeldCostChange',
  summary: 'Approves a held cost change (the TLD\'s costs at that supplier become what it listed; prices follow) or rejects it (the costs in use stay until the next sync reads the change again). Audited.',
  access: 'back_office',
  kind: 'write',
  permissions: allow.backOffice,
  input: z.object({
    id: z.string({ error: 'The held change is required.' }).trim().min(1, 'The held change is required.').max(128, 'The held change is not valid.'),
    decision: z.enum(['approve', 'reject'], { error: 'Decision must be approve or reject.' }),
  }, asObject).strict(),
  output: z.object({ success: z.literal(true), change: heldCostChange }),
});

export const contracts = { listHeldCostChanges, decideHeldCostChange };
