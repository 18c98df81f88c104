import { randomBytes, randomUUID } from 'node:crypto';
import type { TestApp } from '../testApp.ts';
import type { ContactInfo } from '../../../src/common/domains/ordersContract.ts';
import type { OrderKind } from '../../../src/common/domains/orders.ts';
import { nowIso } from '../../../src/server/db/connection.ts';
import type { Registrar } from '../../../src/server/integrations/registrars/registrar.ts';
import { idempotencyKeyOf } from '../../../src/server/features/domains/fulfilment/attempts.ts';
import { insertOrder, transitionOrder } from '../../../src/server/features/domains/orders/repository.ts';

// For tests of the registration job: paid orders as the payment step leaves them, and a way to watch or break a supplier.

export const orderContact: ContactInfo = {
  firstName: 'Grace', lastName: 'Hopper', email: 'grace@example.test', phone: '(555) 555-0100', organization: '',
  address: '1 Compiler Way', city: 'Arlington', state: 'VA', postalCode: '22201', country: 'US',
};

export const uniqueName = (tld = 'com') => `fulfil-test-${randomBytes(5).toString('hex')}.${tld}`;

export interface PaidOrder {
  accountId: string;
  userId: string;
  domain: string;
  kind?: OrderKind;
  domainId?: string;
  years?: number;
  privacy?: boolean;
  autoRenew?: boolean;
}

/** An order paid and moved to processing, as the payment event leaves it (the job is not sent: each test runs it its own way). */
export async function paidOrder(t: TestApp, order: PaidOrder): Promise<string> {
  const id = `ord_${randomBytes(9).toString('base64url')}`;
  const now = nowIso();
  const kind = order.kind ?? 'registration';
  await insertOrder(t.services.db, {
    id, kind, accountId: order.accountId, userId: order.userId, orderedBy: 'Test orderer', domain: order.domain,
    tld: order.domain.slice(order.domain.indexOf('.') + 1), domainId: order.domainId ?? null, years: order.years ?? 1, priceCents: 1299,
    currency: 'USD', contactInfo: kind === 'registration' ? orderContact : null,
    privacyProtection: order.privacy ?? true, autoRenew: order.autoRenew ?? true, now,
  });
  const moved = await transitionOrder(t.services.db, id, 'processing', {
    payment_status: 'paid', payment_method: 'test', paid_at: now, updated_at: now,
  }, 'pending_payment');
  if (!moved) throw new Error('the new order could not be moved to processing');
  return id;
}

export async function orderRow(t: TestApp, orderId: string) {
  return t.services.db.selectFrom('domain_orders').selectAll().where('id', '=', orderId).executeTakeFirstOrThrow();
}

export async function attemptsOf(t: TestApp, orderId: string) {
  const rows = await t.services.db.selectFrom('domain_order_attempts').selectAll().where('order_id', '=', orderId)
    .orderBy('started_at').orderBy('id').execute();
  return rows.map((row) => ({ ...row, duration_ms: row.duration_ms === null ? null : Number(row.duration_ms) }));
}

export async function eventsOf(t: TestApp, orderId: string) {
  const rows = await t.services.db.selectFrom('platform_events').select(['event_type', 'account_id', 'payload'])
    .where('correlation_id', '=', orderId).orderBy('created_at').execute();
  return rows.map((row) => ({ type: row.event_type, accountId: row.account_id, payload: JSON.parse(row.payload) as Record<string, unknown> }));
}

export async function sandboxHolds(t: TestApp, domain: string): Promise<number> {
  const rows = await t.services.db.selectFrom('sandbox_registrar_domains').select('domain').where('domain', '=', domain).execute();
  return rows.length;
}

/** A call an earlier run began and never finished (its process died): what the job finds when it starts again. */
export async function leaveStartedAttempt(t: TestApp, orderId: string, supplierId: string, operation: 'register' | 'renew') {
  await t.services.db.insertInto('domain_order_attempts').values({
    id: randomUUID(), order_id: orderId, supplier_id: supplierId, operation, outcome: 'started', reason: null, duration_ms: null,
    idempotency_key: idempotencyKeyOf(orderId, supplierId), started_at: new Date(Date.now() - 60_000).toISOString(), finished_at: null,
  }).execute();
}

export type RegistrarMethod = 'register' | 'renew' | 'getInfo';

export interface WatchedRegistrar {
  real: Registrar;
  calls: Record<RegistrarMethod, number>;
  /** Puts the real registrar back. */
  restore(): void;
}

/**
 * Replaces a registrar of the app by one that counts the calls reaching it and may change what
 * one does (`override` receives the real registrar); the job reads `services.registrars` on
 * every run, so the replacement is what it calls.
 */
export function watchRegistrar(t: TestApp, id: string, override: Partial<Pick<Registrar, RegistrarMethod>> = {}): WatchedRegistrar {
  const registrars = t.services.registrars;
  const index = registrars.findIndex((registrar) => registrar.id === id);
  if (index < 0) throw new Error(`no registrar ${id} in this app`);
  const real = registrars[index]!;
  const calls: Record<RegistrarMethod, number> = { register: 0, renew: 0, getInfo: 0 };
  const counted = <M extends RegistrarMethod>(method: M): Registrar[M] => ((...args: unknown[]) => {
    calls[method] += 1;
    const target = (override[method] ?? real[method].bind(real)) as (...a: unknown[]) => unknown;
    return target(...args);
  }) as Registrar[M];
  const watched: Registrar = Object.assign(Object.create(real) as Registrar, {
    id: real.id, name: real.name, register: counted('register'), renew: counted('renew'), getInfo: counted('getInfo'),
  });
  registrars[index] = watched;
  return { real, calls, restore: () => { registrars[index] = real; } };
}

