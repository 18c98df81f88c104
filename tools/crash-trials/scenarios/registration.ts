import { randomBytes } from 'node:crypto';
import { commandOf, type NamecheapFake, namecheapFakeEnv, startNamecheapFake } from '../../../test/support/registrars/namecheap.fake.ts';
import { type Gate, startGate } from '../gate.ts';
import { type ArmedTrial, randomDelay, type Scenario, type TrialContext, until } from '../trialRunner.ts';
import { chargesOf, customerCompletesPayment, fastForwardOrderWork, orderAndPay, ordersFor } from './domainOrders.ts';

const SETTLED = ['completed', 'failed', 'requires_manual_processing'];

/**
 * (1) Domain registration: a customer orders and pays for a .com, the portal registers it at
 * Namecheap (the fake, in the trial's process). The portal dies at a random moment of the flow,
 * when its domains.create call has reached the registrar's door but not been acted on (it is
 * carried out after the kill), or after the registrar registered the name and before its answer
 * reached the portal. Afterwards: one order, completed, paid once, registered once at Namecheap
 * and nowhere else, one domain record.
 */
export function registrationScenario(): Scenario {
  let fake: NamecheapFake;
  let gate: Gate;
  let accountId = '';
  /** How long the first order took from the first click to completed (prices synced meanwhile): the random kills' window. */
  let windowMs = 2000;

  const createsOf = (domain: string) => fake.sent('namecheap.domains.create')
    .filter((params) => Object.entries(params).some(([k, v]) => k.toLowerCase() === 'domainname' && v.toLowerCase() === domain)).length;

  async function settledOrder(ctx: TrialContext, domain: string, killedAt?: Date) {
    return until(async () => {
      const orders = await ordersFor(ctx.db.db, accountId, domain);
      if (killedAt) await fastForwardOrderWork(ctx.db, orders.map((o) => o.id), killedAt);
      const live = orders.filter((o) => o.status !== 'cancelled');
      return live.length > 0 && live.every((o) => SETTLED.includes(o.status)) ? live : undefined;
    }, 90_000, `the order of ${domain} to settle`, 100);
  }

  return {
    name: 'domain registration',
    phases: ['random moment', 'registration asked, not acted on', 'registrar acted, answer lost'],
    async startFakes() {
      fake = await startNamecheapFake();
      // The fake's account starts with $1,000, about 90 registrations: a full run needs more.
      fake.setBalance(1_000_000);
      gate = await startGate(fake.http.url);
      const env = Object.fromEntries(Object.entries(namecheapFakeEnv(`${gate.url}/xml.response`)).filter(([name]) => name.startsWith('NAMECHEAP_')));
      // Test-mode payments beside a real registrar's wire format: the trial's own registrar is a fake.
      return { ...env, ALLOW_TEST_PAYMENTS_WITH_REAL_REGISTRARS: 'true' };
    },
    async prepare(ctx) {
      ({ accountId } = await ctx.client.signUpWithAccount());
      // The first start syncs Namecheap's prices in the background: ordering works once .com has one.
      const domain = `crash-warmup-${randomBytes(4).toString('hex')}.com`;
      const started = Date.now();
      await until(async () => {
        try {
          await orderAndPay(ctx.client, accountId, domain);
          return true;
        } catch {
          return undefined;
        }
      }, 60_000, 'the first order to be accepted (prices synced)', 250);
      await settledOrder(ctx, domain);
      windowMs = Math.max(500, Date.now() - started);
    },
    async arm(ctx, index, phase): Promise<ArmedTrial> {
      const domain = `crash-${index}-${randomBytes(4).toString('hex')}.com`;
      let held: ReturnType<Gate['holdNext']> | null = null;
      let killMoment: Promise<void>;
      const isCreate = (params: Iterable<[string, string]>) => {
        const lower = new Map([...params].map(([k, v]) => [k.toLowerCase(), v.toLowerCase()]));
        return lower.get('command') === 'namecheap.domains.create' && lower.get('domainname') === domain;
      };
      if (phase === 'registration asked, not acted on') {
        held = gate.holdNext(isCreate);
        killMoment = held.arrived;
      } else if (phase === 'registrar acted, answer lost') {
        fake.http.actThen({ body: '', hang: true }, (r) => commandOf(r) === 'namecheap.domains.create' && isCreate(Object.entries(r.params)));
        killMoment = until(() => (fake.domains.has(domain) ? true : undefined), 60_000, `Namecheap to register ${domain}`, 1).then(() => {});
      } else {
        killMoment = randomDelay(windowMs);
      }
      // The customer's own steps may fail half-way when the portal dies under them: the recovery finishes them.
      void orderAndPay(ctx.client, accountId, domain).catch(() => {});
      return {
        killMoment,
        afterKill: () => held?.release(),
        async stageAtKill() {
          const orders = await ordersFor(ctx.db.db, accountId, domain);
          return orders[0]?.status ?? 'no order yet';
        },
        async recoverAndCheck() {
          const killedAt = ctx.killedAt();
          await customerCompletesPayment(ctx.client, ctx.db.db, accountId, domain);
          const live = await settledOrder(ctx, domain, killedAt);
          const violations: string[] = [];
          const all = await ordersFor(ctx.db.db, accountId, domain);
          if (live.length !== 1) violations.push(`${domain}: ${live.length} orders not cancelled (${live.map((o) => o.id).join(', ')})`);
          for (const order of live) {
            if (order.status !== 'completed') violations.push(`${domain}: order ${order.id} ended ${order.status}`);
            if (order.supplier_id !== 'namecheap') violations.push(`${domain}: order ${order.id} registered at ${order.supplier_id}`);
          }
          for (const order of all) {
            const charges = await chargesOf(ctx.db.db, order.id);
            const expected = order.status === 'cancelled' ? 0 : 1;
            if (charges !== expected) violations.push(`${domain}: order ${order.id} (${order.status}) charged ${charges} times`);
          }
          const creates = createsOf(domain);
          if (creates !== 1) violations.push(`${domain}: Namecheap was asked to create it ${creates} times`);
          if (!fake.domains.has(domain)) violations.push(`${domain}: not registered at Namecheap`);
          const sandbox = await ctx.db.db.selectFrom('sandbox_registrar_domains').select('domain').where('domain', '=', domain).execute();
          if (sandbox.length) violations.push(`${domain}: also registered at the sandbox registrar`);
          const records = await ctx.db.db.selectFrom('domains').select('id').where('name', '=', domain).execute();
          if (records.length !== 1) violations.push(`${domain}: ${records.length} domain records`);
          return violations;
        },
      };
    },
    async stopFakes() {
      await gate.close();
      await fake.close();
    },
  };
}
