import { z } from 'zod';
import { allow, defineContract } from '../../../src/common/protocol.ts';
import { record } from '../../../src/server/audit/record.ts';
import { implement } from '../../../src/server/rpc/registry.ts';

// Test-only back-office functions: the real ones come with the back office (issue 8). They prove
// the gate (refused before the handler runs) and the audit rule (no entry, no commit).

/** How many times each handler body ran: a refused caller must never reach it. */
export const handlerRuns = { count: 0, rename: 0, renameUnaudited: 0 };

const renameInput = z.object({ accountId: z.string().min(1), name: z.string().trim().min(1).max(100), reason: z.string().max(500).optional() });

export const countAccounts = implement(defineContract({
  name: 'testBackOfficeCountAccounts', summary: 'Test only: how many accounts exist.',
  access: 'back_office', kind: 'read', permissions: allow.backOffice,
  input: z.object({}), output: z.object({ accounts: z.number().int() }),
}), async (_input, { services }) => {
  handlerRuns.count += 1;
  const row = await services.db.selectFrom('accounts').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return { accounts: Number(row.n) };
});

export const renameAccount = implement(defineContract({
  name: 'testBackOfficeRenameAccount', summary: 'Test only: renames any account, audited.',
  access: 'back_office', kind: 'write', permissions: allow.backOffice,
  input: renameInput, output: z.object({ ok: z.literal(true) }),
}), async ({ accountId, name, reason }, { caller, tx, requestId, services }) => {
  handlerRuns.rename += 1;
  const before = await tx.db.selectFrom('accounts').select('name').where('id', '=', accountId).executeTakeFirstOrThrow();
  await tx.db.updateTable('accounts').set({ name }).where('id', '=', accountId).execute();
  await record(tx, {
    actor: { userId: caller.userId, email: caller.email }, actingAs: null, action: 'account.renamed',
    target: { type: 'account', id: accountId }, reason: reason ?? null, before, after: { name }, requestId, at: services.clock.nowIso(),
  });
  return { ok: true as const };
});

/** A faulty back-office write: it changes data but records no audit entry, so the protocol must roll it back. */
export const renameAccountUnaudited = implement(defineContract({
  name: 'testBackOfficeRenameUnaudited', summary: 'Test only: renames without an audit entry (must never commit).',
  access: 'back_office', kind: 'write', permissions: { ...allow.backOffice, superAdmin: 500 },
  input: renameInput, output: z.object({ ok: z.literal(true) }),
}), async ({ accountId, name }, { tx }) => {
  handlerRuns.renameUnaudited += 1;
  await tx.db.updateTable('accounts').set({ name }).where('id', '=', accountId).execute();
  return { ok: true as const };
});

export const backOfficeTestHandlers = [countAccounts, renameAccount, renameAccountUnaudited];
