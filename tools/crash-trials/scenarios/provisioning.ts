import { randomBytes } from 'node:crypto';
import { type FakeCpanel, startCpanelFake } from '../../../test/support/panels/cpanel.fake.ts';
import { type Gate, type HeldCall, startGate } from '../gate.ts';
import { PortalClient } from '../portalClient.ts';
import { type ArmedTrial, randomDelay, type Scenario, type TrialContext, until } from '../trialRunner.ts';
import {
  buyPlan, chargesOf, createStepsOf, customerCompletesPurchase, fastForwardHostingWork, servicesOf, setUpHostingPlan, subscriptionsOf,
} from './hostingPlans.ts';

const ADMIN_EMAIL = 'crash-admin@example.test';
const ADMIN_PASSWORD = 'crash-trials-admin-password';
const PLAN = 'Crash Business';
const CREATE_PATH = '/json-api/createacct';
/** A create step that ended: done, or in the provisioning queue. */
const ENDED = ['done', 'failed'];

/**
 * (5) Provisioning (issue 22): a customer buys a hosting plan with the test card; the first
 * payment makes a service and its create step, which makes the account on cPanel/WHM (the fake,
 * in the trial's process behind the gate). The portal dies at a random moment from the first
 * click to the service being active, or the instant the panel's createacct call arrives at the
 * gate: that call then goes on to the panel after the portal died, or is lost on the way; or
 * after the panel made the account, before its answer reached the portal. Afterwards: exactly
 * one account on the panel for the service, under the service's username; the service active;
 * its create step done; one subscription, paid once, with one service; no password on the
 * service's row; the welcome mail sent once, with the password the panel has.
 */
export function provisioningScenario(): Scenario {
  let fake: FakeCpanel;
  let gate: Gate;
  let customer: PortalClient;
  let customerEmail = '';
  let priceId = '';
  /** From the first click to the service active, undisturbed (measured by the warm-up): the random kills' window. */
  let windowMs = 2000;

  const isCreateOf = (domain: string) => (params: URLSearchParams, path: string) => path === CREATE_PATH && params.get('domain') === domain;
  const panelAccountsOf = (domain: string) => fake.accounts().filter((account) => account.domain === domain);
  /** The usernames the portal ever asked the panel to create for this domain. */
  const createdNames = (domain: string) => new Set(fake.http.requests
    .filter((r) => fake.isOperation(r, 'create') && r.params.domain === domain).map((r) => r.params.username ?? ''));

  /** Each trial buys on a fresh account of the same customer: the account's rows are the trial's alone. */
  async function freshAccount(index: number): Promise<string> {
    const { account } = await customer.must<{ account: { id: string } }>('createAccount', { accountName: `Hosting trial ${index}` });
    return account.id;
  }

  /** Polls until the account's service has its create step ended, acting as the customer meanwhile, after moving the dead process's clocks. */
  async function settled(ctx: TrialContext, accountId: string, domain: string, killedAt?: Date) {
    return until(async () => {
      const services = await servicesOf(ctx.db.db, accountId);
      if (killedAt) {
        await fastForwardHostingWork(ctx.db, services.map((s) => s.id), killedAt);
        if (!await customerCompletesPurchase(customer, ctx.db.db, accountId, priceId, domain)) return undefined;
      }
      if (services.length === 0) return undefined;
      for (const service of services) {
        const steps = await createStepsOf(ctx.db.db, service.id);
        if (steps.length === 0 || steps.some((step) => !ENDED.includes(step.status))) return undefined;
      }
      // Read again: the step and the service's new state commit together, after the first read.
      return servicesOf(ctx.db.db, accountId);
    }, 90_000, `the hosting service of ${domain} to settle`, 100);
  }

  return {
    name: 'provisioning',
    phases: ['random moment', 'create arrived, panel acts after the kill', 'create arrived, lost on the way', 'panel acted, answer lost'],
    async startFakes() {
      fake = await startCpanelFake();
      gate = await startGate(fake.http.url);
      return { ADMIN_EMAIL, ADMIN_PASSWORD };
    },
    async prepare(ctx) {
      await ctx.client.signIn(ADMIN_EMAIL, ADMIN_PASSWORD);
      const { port } = new URL(gate.url);
      ({ priceId } = await setUpHostingPlan(ctx.client, { ...fake.connection(), port: Number(port) }, PLAN));
      customer = new PortalClient(ctx.client.baseUrl);
      ({ email: customerEmail } = await customer.signUpWithAccount());
      const accountId = await freshAccount(0);
      const domain = `warmup-${randomBytes(4).toString('hex')}.com`;
      const started = Date.now();
      await buyPlan(customer, accountId, priceId, domain);
      const [service] = await settled(ctx, accountId, domain);
      if (service?.status !== 'active') throw new Error(`the warm-up service ended ${service?.status}: ${JSON.stringify(await createStepsOf(ctx.db.db, service!.id))}`);
      windowMs = Math.max(500, Date.now() - started);
    },
    async arm(ctx, index, phase): Promise<ArmedTrial> {
      const accountId = await freshAccount(index + 1);
      const domain = `site-${index}-${randomBytes(4).toString('hex')}.com`;
      let held: HeldCall | null = null;
      let killMoment: Promise<void>;
      if (phase === 'create arrived, panel acts after the kill' || phase === 'create arrived, lost on the way') {
        held = gate.holdNext(isCreateOf(domain));
        killMoment = held.arrived;
      } else if (phase === 'panel acted, answer lost') {
        fake.http.actThen({ hang: true }, (r) => fake.isOperation(r, 'create') && r.params.domain === domain);
        killMoment = until(() => (panelAccountsOf(domain).length > 0 ? true : undefined), 60_000, `the panel to create the account of ${domain}`, 1).then(() => {});
      } else {
        killMoment = randomDelay(windowMs);
      }
      // Whether the panel held the account when the portal died (a held create goes on to the panel right after the kill).
      let onPanelAtKill = false;
      killMoment = killMoment.then(() => { onPanelAtKill = panelAccountsOf(domain).length > 0; });
      // The customer's own steps may fail half-way when the portal dies under them: the recovery finishes them.
      void buyPlan(customer, accountId, priceId, domain).catch(() => {});
      return {
        killMoment,
        afterKill() {
          if (phase === 'create arrived, lost on the way') held?.drop();
          else held?.release();
        },
        async stageAtKill() {
          if ((await subscriptionsOf(ctx.db.db, accountId)).length === 0) return 'not subscribed';
          const [service] = await servicesOf(ctx.db.db, accountId);
          if (!service) return 'subscribed, no service';
          const [step] = await createStepsOf(ctx.db.db, service.id);
          return `create ${step?.status ?? 'missing'}${onPanelAtKill ? ', account on the panel' : ''}`;
        },
        async recoverAndCheck() {
          const killedAt = ctx.killedAt();
          const services = await settled(ctx, accountId, domain, killedAt);
          const violations: string[] = [];
          const subscriptions = await subscriptionsOf(ctx.db.db, accountId);
          if (subscriptions.length !== 1) violations.push(`${domain}: ${subscriptions.length} subscriptions`);
          const charges = await chargesOf(ctx.db.db, accountId);
          if (charges !== 1) violations.push(`${domain}: paid ${charges} times`);
          for (const subscription of subscriptions) {
            const of = services.filter((s) => s.subscription_id === subscription.id).length;
            if (of !== 1) violations.push(`${domain}: subscription ${subscription.id} has ${of} services`);
          }
          if (services.length !== 1) violations.push(`${domain}: ${services.length} services (${services.map((s) => s.id).join(', ')})`);
          const onPanel = panelAccountsOf(domain);
          if (onPanel.length !== 1) violations.push(`${domain}: ${onPanel.length} accounts on the panel (${onPanel.map((a) => a.username).join(', ')})`);
          const asked = [...createdNames(domain)];
          for (const service of services) {
            const steps = await createStepsOf(ctx.db.db, service.id);
            for (const step of steps) if (step.status !== 'done') violations.push(`${domain}: create step ${step.id} ended ${step.status}: ${step.last_error}`);
            if (steps.length !== 1) violations.push(`${domain}: ${steps.length} create steps`);
            if (service.status !== 'active') violations.push(`${domain}: service ${service.id} ended ${service.status}`);
            if (service.password !== null) violations.push(`${domain}: service ${service.id} still holds a password`);
            if (onPanel.length === 1 && onPanel[0]!.username !== service.username) {
              violations.push(`${domain}: the panel's account is ${onPanel[0]!.username}, the service's ${service.username}`);
            }
            if (asked.some((name) => name !== service.username)) violations.push(`${domain}: the panel was asked to create ${asked.join(', ')}`);
            const mails = await ctx.db.db.selectFrom('mail_outbox').select('text_body').where('to_address', '=', customerEmail.toLowerCase())
              .where('subject', '=', `Your ${PLAN} hosting is ready`).where('text_body', 'like', `%Domain: ${domain}%`).execute();
            if (mails.length !== 1) violations.push(`${domain}: ${mails.length} welcome mails`);
            const password = onPanel[0]?.password;
            if (mails.length === 1 && !mails[0]!.text_body.includes(`Username: ${service.username}\nPassword: ${password}\n`)) {
              violations.push(`${domain}: the welcome mail does not hold the panel's username and password`);
            }
          }
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
