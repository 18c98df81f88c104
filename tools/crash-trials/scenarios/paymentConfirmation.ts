import { randomBytes } from 'node:crypto';
import { GOOD_CARD, sessionIdOf } from '../portalClient.ts';
import { type ArmedTrial, randomDelay, type Scenario, type TrialContext, until } from '../trialRunner.ts';
import { chargesOf, customerCompletesPayment, fastForwardOrderWork, ordersFor, registerInput } from './domainOrders.ts';

/**
 * (2) Payment confirmation: an order awaits payment and the customer pays on the test-mode
 * checkout page. The portal dies while that payment is in flight (a random moment between the
 * click and the order knowing it is paid), or right after the charge was written and before the
 * payment event reached the order. The customer, without an answer, tries again. Afterwards: the
 * card charged once, the order paid and completed once, one registration (the sandbox registrar).
 */
export function paymentConfirmationScenario(): Scenario {
  let accountId = '';
  /** From the click on Pay to the order being paid, undisturbed: the random kills' window. */
  let windowMs = 500;

  const orderOf = async (ctx: TrialContext, orderId: string) =>
    ctx.db.db.selectFrom('domain_orders').select(['id', 'status', 'payment_status', 'supplier_id']).where('id', '=', orderId).executeTakeFirstOrThrow();

  async function placeOrder(ctx: TrialContext, domain: string) {
    const { orderId } = await ctx.client.must<{ orderId: string }>('registerDomain', registerInput(domain, accountId));
    const { url } = await ctx.client.must<{ url: string }>('payDomainOrder', { orderId });
    return { orderId, sessionId: sessionIdOf(url) };
  }

  return {
    name: 'payment confirmation',
    phases: ['random moment of the payment', 'charge written, order not yet paid'],
    async startFakes() {
      return {};
    },
    async prepare(ctx) {
      ({ accountId } = await ctx.client.signUpWithAccount());
      const domain = `crash-warmup-${randomBytes(4).toString('hex')}.com`;
      const { orderId, sessionId } = await until(async () => placeOrder(ctx, domain).catch(() => undefined), 60_000, 'the first order (prices synced)', 250);
      const started = Date.now();
      await ctx.client.must('payTestCheckout', { sessionId, ...GOOD_CARD });
      await until(async () => ((await orderOf(ctx, orderId)).payment_status === 'paid' ? true : undefined), 30_000, 'the warm-up order to be paid', 5);
      windowMs = Math.max(100, Date.now() - started);
    },
    async arm(ctx, index, phase): Promise<ArmedTrial> {
      const domain = `crash-pay-${index}-${randomBytes(4).toString('hex')}.com`;
      const { orderId, sessionId } = await placeOrder(ctx, domain);
      const killMoment = phase === 'charge written, order not yet paid'
        ? until(async () => ((await chargesOf(ctx.db.db, orderId)) > 0 ? true : undefined), 30_000, `the charge of ${orderId}`, 1).then(() => {})
        : randomDelay(windowMs);
      void ctx.client.call('payTestCheckout', { sessionId, ...GOOD_CARD }).catch(() => {});
      return {
        killMoment,
        async stageAtKill() {
          const order = await orderOf(ctx, orderId);
          const charges = await chargesOf(ctx.db.db, orderId);
          return `${charges ? 'charged' : 'not charged'}, order ${order.payment_status}`;
        },
        async recoverAndCheck() {
          const killedAt = ctx.killedAt();
          await customerCompletesPayment(ctx.client, ctx.db.db, accountId, domain);
          const live = await until(async () => {
            const orders = await ordersFor(ctx.db.db, accountId, domain);
            await fastForwardOrderWork(ctx.db, orders.map((o) => o.id), killedAt);
            const open = orders.filter((o) => o.status !== 'cancelled');
            return open.length > 0 && open.every((o) => o.status === 'completed' || o.status === 'failed' || o.status === 'requires_manual_processing') ? open : undefined;
          }, 90_000, `the order of ${domain} to settle`, 100);
          const violations: string[] = [];
          if (live.length !== 1 || live[0]!.id !== orderId) violations.push(`${domain}: orders ${live.map((o) => o.id).join(', ')} instead of ${orderId} alone`);
          for (const order of live) if (order.status !== 'completed') violations.push(`${domain}: order ${order.id} ended ${order.status}`);
          for (const order of await ordersFor(ctx.db.db, accountId, domain)) {
            const charges = await chargesOf(ctx.db.db, order.id);
            const expected = order.status === 'cancelled' ? 0 : 1;
            if (charges !== expected) violations.push(`${domain}: order ${order.id} (${order.status}) charged ${charges} times`);
          }
          const held = await ctx.db.db.selectFrom('sandbox_registrar_domains').select('domain').where('domain', '=', domain).execute();
          if (held.length !== 1) violations.push(`${domain}: ${held.length} registrations at the sandbox registrar`);
          const records = await ctx.db.db.selectFrom('domains').select('id').where('name', '=', domain).execute();
          if (records.length !== 1) violations.push(`${domain}: ${records.length} domain records`);
          return violations;
        },
      };
    },
    async stopFakes() {},
  };
}
