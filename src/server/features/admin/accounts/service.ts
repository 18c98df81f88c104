import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import {
  ACCOUNT_HAS_ORDER_IN_PROGRESS, ACCOUNT_ID_LOOKUP_MIN, ACCOUNT_PICKER_MAX, ACCOUNT_SEARCH_RESULTS, ACCOUNTS_PAGE_SIZE, ACTIVITY_WINDOW_DAYS,
  ADMIN_ACCOUNT_NOT_FOUND, activityLabel, NOTHING_TO_UPDATE, OWNER_NOT_FOUND, TRANSFER_TARGET_NOT_FOUND, TRANSFER_TO_SELF,
} from '../../../../common/admin/accounts/texts.ts';
import type * as contracts from '../../../../common/admin/accounts/contract.ts';
import type { Db } from '../../../db/transaction.ts';
import { record } from '../../../audit/record.ts';
import { byCaller, recordEvent } from '../../../events/recordEvent.ts';
import { failedPrecondition, invalidArgument, notFound } from '../../../rpc/errors.ts';
import { type BackOfficeWriteContext, operatorOf } from '../../../rpc/context.ts';
import {
  type AccountActivity, type AccountChanges, accountById, accountOptions, accountsByNamePrefix, deleteAccount, findOperatorAccount, insertAccount,
  type OperatorAccount, pageOfOperatorAccounts, updateAccount,
} from '../../../access/operatorAccounts.ts';
import { findUserIdByEmailAnyCase } from '../../../auth/operatorUsers.ts';
import { decodeAccountCursor, encodeAccountCursor } from './accountCursor.ts';
import { countOrdersInProgress, domainCountOf, domainNamesOf, moveDomains, recentOrderCountOf } from '../../domains/index.ts';

type In<C extends { input: z.ZodType }> = z.output<C['input']>;
type Out<C extends { output: z.ZodType }> = z.input<C['output']>;
type AdminAccount = z.input<typeof contracts.adminAccount>;

const DAY_MS = 86_400_000;
export const recentSince = (now: Date) => new Date(now.getTime() - ACTIVITY_WINDOW_DAYS * DAY_MS).toISOString();

/** The domains area counts each account's domains and recent orders inside tenancy's list query. */
export const accountActivity: AccountActivity = { domainCount: domainCountOf, recentOrderCount: recentOrderCountOf };

export function toAdminAccount(a: OperatorAccount): AdminAccount {
  return {
    id: a.id, name: a.name, status: a.status, owner: a.owner,
    billingName: a.billingName, billingEmail: a.billingEmail, billingAddress: a.billingAddress, taxId: a.taxId,
    memberCount: a.memberCount, domainCount: a.domainCount, recentOrderCount: a.recentOrderCount,
    activity: activityLabel(a.recentOrderCount, a.domainCount),
    createdAt: a.createdAt, updatedAt: a.updatedAt,
  };
}

export async function listAccounts(db: Db, input: In<typeof contracts.getAllAccounts>, now: Date): Promise<Out<typeof contracts.getAllAccounts>> {
  const plain = Object.values(input).every((v) => v === undefined);
  if (plain) {
    const rows = await accountOptions(db, ACCOUNT_PICKER_MAX + 1);
    return { shape: 'all', accounts: rows.slice(0, ACCOUNT_PICKER_MAX), truncated: rows.length > ACCOUNT_PICKER_MAX };
  }
  const sortBy = input.sortBy ?? 'createdAt';
  const sortOrder = input.sortOrder ?? 'desc';
  const limit = input.limit ?? ACCOUNTS_PAGE_SIZE;
  const after = input.startAfter ? decodeAccountCursor(input.startAfter, sortBy, sortOrder) : null;
  const { accounts, next } = await pageOfOperatorAccounts(db, {
    name: input.name || null, email: input.email || null, sortBy, sortOrder, after, limit, recentSince: recentSince(now),
  }, accountActivity);
  return {
    shape: 'page',
    accounts: accounts.map(toAdminAccount),
    pagination: { hasMore: next !== null, nextStartAfter: next ? encodeAccountCursor(sortBy, sortOrder, next) : null },
  };
}

export async function searchAccounts(db: Db, query: string): Promise<Out<typeof contracts.searchAccounts>> {
  const byName = await accountsByNamePrefix(db, query, ACCOUNT_SEARCH_RESULTS);
  if (byName.length > 0) return { accounts: byName, matchedBy: 'name' };
  if (query.length >= ACCOUNT_ID_LOOKUP_MIN) {
    const byId = await accountById(db, query);
    if (byId) return { accounts: [byId], matchedBy: 'id' };
  }
  return { accounts: [], matchedBy: 'none' };
}

async function loadAccount(db: Db, accountId: string, now: Date): Promise<AdminAccount> {
  const account = await findOperatorAccount(db, accountId, recentSince(now), accountActivity);
  if (!account) throw notFound(ADMIN_ACCOUNT_NOT_FOUND);
  return toAdminAccount(account);
}


export async function createAccount(ctx: BackOfficeWriteContext, input: In<typeof contracts.adminCreateAccount>) {
  const db = ctx.tx.db;
  // Never the operator by default: one operator ended up owning 26 customer accounts that way.
  const ownerId = await findUserIdByEmailAnyCase(db, input.ownerEmail);
  if (!ownerId) throw invalidArgument(OWNER_NOT_FOUND);
  const id = randomUUID();
  const now = ctx.services.clock.now();
  const at = now.toISOString();
  await insertAccount(db, {
    id, name: input.accountName, ownerId, billingName: input.billingName, billingEmail: input.billingEmail,
    billingAddress: input.billingAddress, taxId: input.taxId, now: at,
  });
  const account = await loadAccount(db, id, now);
  await record(ctx.tx, {
    actor: operatorOf(ctx), actingAs: null, action: 'account.created', target: { type: 'account', id },
    before: null, after: auditedFields(account), requestId: ctx.requestId, at,
  });
  await recordEvent(ctx.tx, { type: 'user.account.created', accountId: id, actor: byCaller(ctx.caller), payload: { accountId: id, name: account.name }, at });
  return { success: true as const, account };
}

/** What an account's audit entries keep: its own fields, not the counts of the moment. */
const auditedFields = (a: AdminAccount) => ({
  name: a.name, status: a.status, ownerId: a.owner.id, billingName: a.billingName, billingEmail: a.billingEmail,
  billingAddress: a.billingAddress, taxId: a.taxId,
});

export async function changeAccount(ctx: BackOfficeWriteContext, input: In<typeof contracts.adminUpdateAccount>) {
  const db = ctx.tx.db;
  const u = input.updates;
  const changes: AccountChanges = {};
  if (u.accountName !== undefined) changes.name = u.accountName;
  if (u.status !== undefined) changes.status = u.status;
  if (u.billingName !== undefined) changes.billing_name = u.billingName;
  if (u.billingEmail !== undefined) changes.billing_email = u.billingEmail;
  if (u.billingAddress !== undefined) changes.billing_address = u.billingAddress;
  if (u.taxId !== undefined) changes.tax_id = u.taxId;
  if (Object.keys(changes).length === 0) throw invalidArgument(NOTHING_TO_UPDATE);
  const now = ctx.services.clock.now();
  const before = await loadAccount(db, input.accountId, now);
  await updateAccount(db, input.accountId, changes, now.toISOString());
  const account = await loadAccount(db, input.accountId, now);
  await record(ctx.tx, {
    actor: operatorOf(ctx), actingAs: null, action: 'account.updated', target: { type: 'account', id: input.accountId },
    before: auditedFields(before), after: auditedFields(account), requestId: ctx.requestId, at: now.toISOString(),
  });
  return { success: true as const, account };
}

export async function removeAccount(ctx: BackOfficeWriteContext, input: In<typeof contracts.adminDeleteAccount>) {
  const db = ctx.tx.db;
  const now = ctx.services.clock.now();
  const at = now.toISOString();
  const account = await loadAccount(db, input.accountId, now);
  const target = input.transferDomainsTo;
  if (target !== null) {
    if (target === input.accountId) throw invalidArgument(TRANSFER_TO_SELF);
    if (!(await accountById(db, target))) throw notFound(TRANSFER_TARGET_NOT_FOUND);
  }
  // A paid registration the job is still carrying out would lose its account mid-way.
  if ((await countOrdersInProgress(db, input.accountId)) > 0) throw failedPrecondition(ACCOUNT_HAS_ORDER_IN_PROGRESS);
  const domains = await domainNamesOf(db, input.accountId);
  const transferred = target !== null ? await moveDomains(db, input.accountId, target, at) : 0;
  await deleteAccount(db, input.accountId);
  await record(ctx.tx, {
    actor: operatorOf(ctx), actingAs: null, action: 'account.deleted', target: { type: 'account', id: input.accountId },
    before: { ...auditedFields(account), memberCount: account.memberCount, domains },
    after: target !== null ? { domainsTransferredTo: target, domains } : { domainsDeleted: domains },
    requestId: ctx.requestId, at,
  });
  await recordEvent(ctx.tx, {
    type: 'user.account.deleted', accountId: input.accountId, actor: byCaller(ctx.caller),
    payload: { accountId: input.accountId, name: account.name, domainsTransferredTo: target, domains }, at,
  });
  return { success: true as const, domainsTransferred: transferred, domainsDeleted: target !== null ? 0 : domains.length };
}
