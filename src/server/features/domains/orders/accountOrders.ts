import { z } from 'zod';
import { ACCOUNT_ORDERS_PAGE_SIZE, type AccountOrderSummary, INVALID_ORDERS_PAGE } from '../../../../common/domains/ordersContract.ts';
import type { Db } from '../../../db/transaction.ts';
import { cursorRowId, cursorTimestamp, decodePageCursor, encodePageCursor } from '../../../rpc/pageCursor.ts';
import { isAutomatic } from '../expiry/renewalRules.ts';

/**
 * /domains/orders: an account's orders as its members see them. Those awaiting payment come
 * first and all at once (a customer comes here to find an abandoned order again; the holds rule
 * keeps them few), the rest a page at a time, newest first, on the (account, created) index.
 */

const COLUMNS = ['id', 'kind', 'domain', 'years', 'total_cents', 'currency', 'status', 'payment_status', 'created_at', 'user_id', 'ordered_by'] as const;
/** Enough for every open registration the holds rule allows, plus the automatic renewals awaiting their charge. */
const AWAITING_MAX = 100;

const positionKeys = z.object({ c: cursorTimestamp, i: cursorRowId }).strict();

type Row = { [K in (typeof COLUMNS)[number]]: K extends 'years' | 'total_cents' ? number : K extends 'user_id' | 'ordered_by' ? string | null : string };

function toSummary(row: Row): AccountOrderSummary {
  const payable = row.status === 'pending_payment' && !isAutomatic(row);
  return {
    orderId: row.id, kind: row.kind as AccountOrderSummary['kind'], domain: row.domain, registrationYears: row.years,
    totalCents: row.total_cents, currency: row.currency, status: row.status as AccountOrderSummary['status'],
    paymentStatus: row.payment_status as AccountOrderSummary['paymentStatus'], createdAt: row.created_at, canPay: payable, canCancel: payable,
  };
}

export async function listAccountOrders(db: Db, accountId: string, cursor: string | null) {
  const after = cursor ? decodePageCursor(cursor, positionKeys, INVALID_ORDERS_PAGE) : null;
  const awaiting = after ? [] : await db.selectFrom('domain_orders').select(COLUMNS)
    .where('account_id', '=', accountId).where('status', '=', 'pending_payment')
    .orderBy('created_at', 'desc').orderBy('id', 'desc').limit(AWAITING_MAX).execute();
  let others = db.selectFrom('domain_orders').select(COLUMNS).where('account_id', '=', accountId).where('status', '!=', 'pending_payment');
  if (after) others = others.where((eb) => eb.or([eb('created_at', '<', after.c), eb.and([eb('created_at', '=', after.c), eb('id', '<', after.i)])]));
  const rows = await others.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(ACCOUNT_ORDERS_PAGE_SIZE + 1).execute();
  const page = rows.slice(0, ACCOUNT_ORDERS_PAGE_SIZE);
  const last = page.at(-1);
  return {
    awaitingPayment: (awaiting as Row[]).map(toSummary),
    orders: (page as Row[]).map(toSummary),
    nextCursor: rows.length > ACCOUNT_ORDERS_PAGE_SIZE && last ? encodePageCursor({ c: last.created_at, i: last.id }) : null,
  };
}
