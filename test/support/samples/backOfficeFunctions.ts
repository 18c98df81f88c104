import { z } from 'zod';
import { allow, defineContract } from '../../../src/common/protocol.ts';
import { record } from '../../../src/server/audit/record.ts';
import { implement, implementWithOutsideCalls } from '../../../src/server/rpc/registry.ts';
import { createHold, type Hold } from '../holds.ts';

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

/** The outside system the next two functions call (a payment provider, a registrar): the test holds its answer. */
export const outsideSystem: { hold: Hold } = { hold: createHold() };

/** A write with an outside call: decides, waits for the outside system with no transaction open, then records, audited. */
export const renameAccountAfterCall = implementWithOutsideCalls(defineContract({
  name: 'testBackOfficeRenameAfterCall', summary: 'Test only: asks an outside system, then renames any account, audited.',
  access: 'back_office', kind: 'write', permissions: allow.backOffice,
  input: renameInput, output: z.object({ ok: z.literal(true) }),
}), async ({ accountId, name, reason }, ctx) => {
  const before = await ctx.services.db.selectFrom('accounts').select('name').where('id', '=', accountId).executeTakeFirstOrThrow();
  await outsideSystem.hold.pass();
  return ctx.unitOfWork(async ({ tx, caller, requestId }) => {
    await tx.db.updateTable('accounts').set({ name }).where('id', '=', accountId).execute();
    await record(tx, {
      actor: { userId: caller.userId, email: caller.email }, actingAs: null, action: 'account.renamed_after_call',
      target: { type: 'account', id: accountId }, reason: reason ?? null, before, after: { name }, requestId, at: ctx.services.clock.nowIso(),
    });
    return { ok: true as const };
  });
});

/** Faulty writes with an outside call: one records its change without an audit entry, the other records nothing at all. */
export const renameAccountAfterCallUnaudited = implementWithOutsideCalls(defineContract({
  name: 'testBackOfficeRenameAfterCallUnaudited', summary: 'Test only: asks an outside system, then renames without an audit entry, or records nothing.',
  access: 'back_office', kind: 'write', permissions: { ...allow.backOffice, superAdmin: 500 },
  input: renameInput.extend({ recordNothing: z.boolean().optional() }), output: z.object({ ok: z.literal(true) }),
}), async ({ accountId, name, recordNothing }, ctx) => {
  await outsideSystem.hold.pass();
  if (recordNothing) return { ok: true as const };
  return ctx.unitOfWork(async ({ tx }) => {
    await tx.db.updateTable('accounts').set({ name }).where('id', '=', accountId).execute();
    return { ok: true as const };
  });
});

export const backOfficeTestHandlers = [countAccounts, renameAccount, renameAccountUnaudited, renameAccountAfterCall, renameAccountAfterCallUnaudited];
