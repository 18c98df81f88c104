import type { TestApp } from '../testApp.ts';

// For tests that deliver payment events with the job workers running.

const BILLING_QUEUES = ['billing.checkout-fulfilment', 'billing.subscription-refresh'];

/**
 * Waits until the billing jobs that deliveries queued have run (a bounded poll: the deadline
 * only ends a test that would otherwise hang); a job that failed throws with its error.
 */
export async function billingJobsSettled(t: TestApp, deadlineMs = 20_000): Promise<void> {
  const deadline = Date.now() + deadlineMs;
  for (;;) {
    const jobs = await t.services.db.selectFrom('jobs').select(['queue', 'state', 'last_error'])
      .where('queue', 'in', BILLING_QUEUES).where('state', '!=', 'completed').execute();
    const broken = jobs.find((j) => j.state === 'failed' || j.state === 'retry');
    if (broken) throw new Error(`${broken.queue} job failed: ${broken.last_error}`);
    if (jobs.length === 0) return;
    if (Date.now() > deadline) throw new Error(`billing jobs still pending: ${JSON.stringify(jobs)}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** Every row a payment event may write, and the number of mails: a replay or a forgery must leave all of it as it was. */
export async function paymentRecords(t: TestApp) {
  const db = t.services.db;
  const [subscriptions, invoices, invoiceLines, paymentEvents, mails, platformEvents, customers, checkouts] = await Promise.all([
    db.selectFrom('subscriptions').selectAll().orderBy('id').execute(),
    db.selectFrom('invoices').selectAll().orderBy('id').execute(),
    db.selectFrom('invoice_lines').selectAll().orderBy('id').execute(),
    db.selectFrom('payment_events').selectAll().orderBy('id').execute(),
    db.selectFrom('mail_outbox').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    db.selectFrom('platform_events').select(['id', 'event_type']).where('event_type', 'like', 'payment.%').orderBy('id').execute(),
    db.selectFrom('accounts').select(['id', 'stripe_customer_id']).orderBy('id').execute(),
    db.selectFrom('checkout_sessions').selectAll().orderBy('id').execute(),
  ]);
  return { subscriptions, invoices, invoiceLines, paymentEvents, mails: Number(mails.n), platformEvents, customers, checkouts };
}
