import { randomUUID } from 'node:crypto';
import * as inventory from '../../../../common/admin/domainInventory/contract.ts';
import {
  ACCOUNT_CHANGED_MEANWHILE, DOMAIN_BUSY, domainAlreadyInInventory, domainCreated, INVENTORY_ACCOUNT_NOT_FOUND, INVENTORY_DOMAIN_NOT_FOUND,
  INVENTORY_PAGE_SIZE, INVENTORY_SUPPLIER_NOT_FOUND, MANUAL_REGISTRAR, MANUAL_REGISTRAR_NAME, SAME_ACCOUNT, UNASSIGNED,
} from '../../../../common/admin/domainInventory/texts.ts';
import { accountById } from '../../../access/operatorAccounts.ts';
import { record } from '../../../audit/record.ts';
import type { Db } from '../../../db/transaction.ts';
import { operatorOf } from '../../../rpc/context.ts';
import { aborted, alreadyExists, notFound } from '../../../rpc/errors.ts';
import { implement } from '../../../rpc/registry.ts';
import {
  deleteInventoryDomain, findInventoryDomain, findSupplier, hasWorkInFlight, insertDomain, moveInventoryDomain, pageOfInventory, type InventoryRow,
} from '../../domains/index.ts';
import { requireOperator } from '../policy.ts';
import { decodeInventoryCursor, encodeInventoryCursor } from './inventoryCursor.ts';

const toRow = (r: InventoryRow): inventory.ManagedDomainRow => ({
  domain: r.name, accountId: r.account_id, accountName: r.account_name,
  registrar: r.supplier_id ?? MANUAL_REGISTRAR, registrarName: r.supplier_id ? r.supplier_name ?? r.supplier_id : MANUAL_REGISTRAR_NAME,
  managementMode: r.management_mode, status: r.status, expiryAt: r.expiration_date, autoRenewEnabled: Boolean(r.auto_renew),
  lastVerifiedAt: r.last_verified_at,
});

async function requireAccount(db: Db, accountId: string | null) {
  if (accountId === null) return null;
  const account = await accountById(db, accountId);
  if (!account) throw notFound(INVENTORY_ACCOUNT_NOT_FOUND);
  return account;
}

const isUniqueViolation = (error: unknown) => {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE';
};

/** /super-admin/domains and /super-admin/domains/bulk-map (issue 19): the inventory over every account. */
export const handlers = [
  implement(inventory.listManagedDomains, async (input, { caller, services }) => {
    requireOperator(caller);
    const sort = input.sortBy ?? 'domain';
    const order = input.sortOrder ?? 'asc';
    const limit = input.limit ?? INVENTORY_PAGE_SIZE;
    // The cursor is checked against its sort before any query sees it.
    const after = input.startAfter ? decodeInventoryCursor(input.startAfter, sort, order) : null;
    const registrar = input.registrar === undefined ? null : input.registrar === MANUAL_REGISTRAR ? 'manual' as const : { supplierId: input.registrar };
    const account = input.account === undefined ? null : input.account === UNASSIGNED ? 'unassigned' as const : { accountId: input.account };
    const rows = await pageOfInventory(services.db, {
      filters: { prefix: input.search ?? '', registrar, mode: input.mode ?? null, status: input.status ?? null, account },
      sort, order, after, limit: limit + 1,
    });
    const page = rows.slice(0, limit);
    const last = page.at(-1);
    const hasMore = rows.length > limit;
    return {
      domains: page.map(toRow),
      pagination: {
        hasMore,
        nextStartAfter: hasMore && last ? encodeInventoryCursor(sort, order, { name: last.name, id: last.id, value: last.position }) : null,
      },
    };
  }),

  implement(inventory.createManagedDomain, async (input, ctx) => {
    requireOperator(ctx.caller);
    const { tx, services } = ctx;
    const account = await requireAccount(tx.db, input.accountId);
    const supplierId = input.registrar === MANUAL_REGISTRAR ? null : input.registrar;
    if (supplierId !== null && !await findSupplier(tx.db, supplierId)) throw notFound(INVENTORY_SUPPLIER_NOT_FOUND);
    if (await findInventoryDomain(tx.db, input.domain)) throw alreadyExists(domainAlreadyInInventory(input.domain));
    // Spec §4: the manual registrar forces the manual mode.
    const managementMode = supplierId === null ? 'manual' as const : input.managementMode;
    const id = randomUUID();
    const now = services.clock.nowIso();
    try {
      await insertDomain(tx.db, {
        id, accountId: input.accountId, name: input.domain, tld: input.domain.slice(input.domain.indexOf('.') + 1), supplierId, managementMode,
        registrationId: null, registrationDate: null, expirationDate: input.expiryAt, notes: input.notes, autoRenew: input.autoRenewEnabled,
        privacy: false, locked: false, nameservers: input.nameservers, contacts: null, now,
      });
    } catch (error) {
      // Another operator added the same name between our check and the insert.
      if (isUniqueViolation(error)) throw alreadyExists(domainAlreadyInInventory(input.domain));
      throw error;
    }
    await record(tx, {
      actor: operatorOf(ctx), actingAs: null, action: 'domain.created', target: { type: 'domain', id },
      after: {
        domain: input.domain, accountId: input.accountId, accountName: account?.name ?? null, registrar: supplierId ?? MANUAL_REGISTRAR, managementMode,
        expiryAt: input.expiryAt, autoRenewEnabled: input.autoRenewEnabled, nameservers: input.nameservers, notes: input.notes,
      },
      requestId: ctx.requestId, at: now,
    });
    return { success: true as const, message: domainCreated(input.domain) };
  }),

  implement(inventory.deleteDomain, async ({ domain }, ctx) => {
    requireOperator(ctx.caller);
    const { tx } = ctx;
    const row = await findInventoryDomain(tx.db, domain);
    if (!row) throw notFound(INVENTORY_DOMAIN_NOT_FOUND);
    if (await hasWorkInFlight(tx.db, domain)) throw aborted(DOMAIN_BUSY);
    if (!await deleteInventoryDomain(tx.db, row.id)) throw notFound(INVENTORY_DOMAIN_NOT_FOUND);
    await record(tx, {
      actor: operatorOf(ctx), actingAs: null, action: 'domain.deleted', target: { type: 'domain', id: row.id },
      before: { domain, accountId: row.accountId, registrar: row.supplierId ?? MANUAL_REGISTRAR, managementMode: row.managementMode, status: row.status },
      requestId: ctx.requestId, at: ctx.services.clock.nowIso(),
    });
    return { success: true as const };
  }),

  implement(inventory.updateManagedDomain, async ({ domain, accountId, expectedAccountId }, ctx) => {
    requireOperator(ctx.caller);
    const { tx, services } = ctx;
    const row = await findInventoryDomain(tx.db, domain);
    if (!row) throw notFound(INVENTORY_DOMAIN_NOT_FOUND);
    if (expectedAccountId !== undefined && row.accountId !== expectedAccountId) throw aborted(ACCOUNT_CHANGED_MEANWHILE);
    if (row.accountId === accountId) throw alreadyExists(SAME_ACCOUNT);
    const account = await requireAccount(tx.db, accountId);
    const now = services.clock.nowIso();
    // Conditional on the account just read: a concurrent move makes this one answer 'changed meanwhile'.
    if (!await moveInventoryDomain(tx.db, row.id, row.accountId, accountId, now)) throw aborted(ACCOUNT_CHANGED_MEANWHILE);
    await record(tx, {
      actor: operatorOf(ctx), actingAs: null, action: 'domain.account_changed', target: { type: 'domain', id: row.id },
      before: { domain, accountId: row.accountId }, after: { domain, accountId, accountName: account?.name ?? null },
      requestId: ctx.requestId, at: now,
    });
    return { success: true as const, domain, accountId, accountName: account?.name ?? null };
  }),
];
