import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createPlan } from '../../../../test/support/billing/factories.ts';
import { accountWithMembers } from '../../../../test/support/factories.ts';
import { describeEachDialect, startTestApp, type TestApp } from '../../../../test/support/testApp.ts';
import { waitFor } from '../../../../test/support/waitFor.ts';
import { inTransaction, type Tx } from '../../db/transaction.ts';
import { applyInvoiceEvent } from './invoices/sync.ts';
import { eventOf, invoice, providerId, subscription } from '../../../../test/support/billing/paymentEvents.ts';
import { applySubscription } from './subscriptionSync.ts';

const T = 1_790_000_000;

/**
 * Two units of work about the same provider object, side by side: both look, find nothing, and
 * write it. Stripe delivers webhooks concurrently (invoice.finalized and invoice.paid at once),
 * and a checkout's fulfilment job may write the subscription while its webhook does.
 */
describeEachDialect('payment writes that race each other', (dialect) => {
  let t: TestApp;
  beforeAll(async () => { t = await startTestApp(dialect); });
  afterAll(async () => { await t.stop(); });

  /** PostgreSQL: until a session waits for a lock to insert into `table` (SQLite runs one writer at a time: nothing to wait for). */
  async function untilAnInsertWaits(table: string) {
    if (dialect !== 'postgres') return;
    await waitFor(async () => {
      const { rows } = await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity
        where wait_event_type = 'Lock' and query like ${`insert into "${table}"%`}`.execute(t.services.db);
      return rows[0].n > 0 ? true : undefined;
    }, 10_000);
  }

  /** `first` writes and holds its transaction open while `second` looks and writes too; then both commit. */
  async function race(table: string, first: (tx: Tx) => Promise<void>, second: (tx: Tx) => Promise<void>) {
    let release!: () => void;
    const held = new Promise<void>((resolve) => { release = resolve; });
    let wrote!: () => void;
    const written = new Promise<void>((resolve) => { wrote = resolve; });
    const one = inTransaction(t.services.db, async (tx) => {
      await first(tx);
      wrote();
      await held;
    });
    await written;
    const two = inTransaction(t.services.db, second);
    await untilAnInsertWaits(table);
    release();
    await Promise.all([one, two]);
  }

  const paymentEventTypes = async (accountId: string, like: string) => (await t.services.db.selectFrom('platform_events').select('event_type')
    .where('account_id', '=', accountId).where('event_type', 'like', like).execute()).map((e) => e.event_type);

  it('a subscription from its webhook and from the checkout\'s fulfilment: one row, no error, one report', async () => {
    const a = await accountWithMembers(t);
    const { priceIds: [priceId] } = await createPlan(t, { name: 'Raced plan' });
    const provider = subscription({ id: providerId('sub'), customer: providerId('cus'), accountId: a.accountId, priceId, periodStart: T });
    await race('subscriptions',
      (tx) => applySubscription(tx, t.services, provider, T, { kind: 'event', eventType: 'customer.subscription.created', eventId: providerId('evt') }),
      (tx) => applySubscription(tx, t.services, provider, T, { kind: 'snapshot', fallbackAccountId: a.accountId }));

    const rows = await t.services.db.selectFrom('subscriptions').select(['status', 'product_name']).where('provider_subscription_id', '=', provider.id).execute();
    expect(rows).toEqual([{ status: 'active', product_name: 'Raced plan' }]);
    expect(await paymentEventTypes(a.accountId, 'payment.subscription.%')).toEqual(['payment.subscription.created']);
  });

  it('an invoice finalized and paid at once: one row, paid, its lines once, one payment recorded', async () => {
    const a = await accountWithMembers(t);
    const customer = providerId('cus');
    const paid = invoice({ id: providerId('in'), customer, accountId: a.accountId, subscription: providerId('sub'), status: 'paid', created: T, periodStart: T, periodEnd: T + 30 * 86_400 });
    await race('invoices',
      (tx) => applyInvoiceEvent(tx, t.services, eventOf('invoice.finalized', { ...paid, status: 'open', status_transitions: { paid_at: null } }, T)),
      (tx) => applyInvoiceEvent(tx, t.services, eventOf('invoice.paid', paid, T)));

    const rows = await t.services.db.selectFrom('invoices').select(['id', 'status', 'amount_cents']).where('provider_invoice_id', '=', paid.id).execute();
    expect(rows).toMatchObject([{ status: 'paid', amount_cents: 999 }]);
    const lines = await t.services.db.selectFrom('invoice_lines').select('amount_cents').where('invoice_id', '=', rows[0].id).execute();
    expect(lines).toEqual([{ amount_cents: 999 }]);
    expect(await paymentEventTypes(a.accountId, 'payment.invoice.%')).toEqual(['payment.invoice.paid']);
  });
});
