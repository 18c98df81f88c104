import { randomBytes } from 'node:crypto';
import { type Receiver, startReceiver } from '../../../test/support/events/engine.ts';
import { PortalClient } from '../portalClient.ts';
import { type ArmedTrial, randomDelay, type Scenario, type TrialContext, until } from '../trialRunner.ts';

const BURST = 20;
const AT_ONCE = 5;
const ADMIN_EMAIL = 'crash-admin@example.test';
const ADMIN_PASSWORD = 'crash-trials-admin-password';

/**
 * (3) Webhook burst: a customer creates 20 accounts in quick succession; each creation records a
 * `user.account.created` event, and a flow sends each to a webhook (the receiver, in the trial's
 * process). The portal dies at a random moment of the burst and its deliveries, or when the
 * receiver has taken in a delivery and not yet answered (delivered, not recorded). Afterwards:
 * every account that exists has its event, every event one delivery (one `webhook-id`), and the
 * receiver got every `webhook-id` at least once (a repeat of one id is the at-least-once promise,
 * counted; two ids for one event would be a duplicate the receiver cannot tell).
 */
export function webhookBurstScenario(): Scenario {
  let receiver: Receiver;
  let customer: PortalClient;
  let userId = '';
  let holding: { left: number; arrived: () => void } | null = null;
  /** How long an undisturbed burst takes until its last delivery arrives: the random kills' window. */
  let windowMs = 1000;
  let repeats = 0;

  const receivedFor = (tag: string) => receiver.received.filter((r) => r.body.includes(tag));

  async function burst(tag: string): Promise<void> {
    const names = Array.from({ length: BURST }, (_, i) => `${tag} #${i + 1}`);
    const next = async (): Promise<void> => {
      const accountName = names.shift();
      if (!accountName) return;
      await customer.call('createAccount', { accountName });
      await next();
    };
    await Promise.all(Array.from({ length: AT_ONCE }, next));
  }

  return {
    name: 'webhook burst',
    phases: ['random moment', 'delivery received, not answered'],
    async startFakes() {
      receiver = await startReceiver(() => {
        if (!holding) return { status: 200 };
        holding.left -= 1;
        if (holding.left === 0) holding.arrived();
        return 'hang';
      });
      return { WEBHOOK_ALLOWED_HOSTS: '127.0.0.1', ADMIN_EMAIL, ADMIN_PASSWORD };
    },
    async prepare(ctx) {
      customer = new PortalClient(ctx.client.baseUrl);
      ({ userId } = await customer.signUpWithAccount());
      await ctx.client.signIn(ADMIN_EMAIL, ADMIN_PASSWORD);
      const { webhook } = await ctx.client.must<{ webhook: { webhookId: string } }>('saveWebhook', {
        name: 'Crash trial receiver', url: `${receiver.url}/hooks/crash`,
      });
      await ctx.client.must('saveFlow', {
        name: 'Crash trial accounts', triggers: [{ eventType: 'user.account.created', conditions: [] }],
        actions: [{ webhookId: webhook.webhookId, conditions: [] }],
        filters: { users: { include: [userId], exclude: [] } },
      });
      const tag = `warmup-${randomBytes(4).toString('hex')}`;
      const started = Date.now();
      await burst(tag);
      await until(() => (new Set(receivedFor(tag).map((r) => r.headers['webhook-id'])).size === BURST ? true : undefined), 60_000, 'the warm-up deliveries', 10);
      windowMs = Date.now() - started;
    },
    async arm(ctx, index, phase): Promise<ArmedTrial> {
      const tag = `crash-${index}-${randomBytes(4).toString('hex')}`;
      let killMoment: Promise<void>;
      if (phase === 'delivery received, not answered') {
        killMoment = new Promise((resolve) => { holding = { left: 1 + Math.floor(Math.random() * BURST), arrived: resolve }; });
      } else {
        killMoment = randomDelay(windowMs);
      }
      let leaseOwners: string[] = [];
      void burst(tag).catch(() => {});
      return {
        killMoment,
        afterKill() {
          holding = null;
          receiver.dropHanging();
        },
        async stageAtKill() {
          const leased = await ctx.db.db.selectFrom('webhook_deliveries').select('lease_owner').distinct()
            .where('status', '=', 'pending').where('lease_owner', 'is not', null).execute();
          leaseOwners = leased.map((row) => row.lease_owner!);
          const accounts = await accountsOf(ctx, tag);
          const recorded = accounts.length === 0 ? [] : await ctx.db.db.selectFrom('webhook_deliveries')
            .innerJoin('platform_events', 'platform_events.id', 'webhook_deliveries.event_id').select('webhook_deliveries.id')
            .where('platform_events.account_id', 'in', accounts.map((a) => a.id)).where('webhook_deliveries.status', '=', 'success').execute();
          return accounts.length < BURST ? 'during the burst' : recorded.length < BURST ? 'during the deliveries' : 'after the deliveries';
        },
        async recoverAndCheck() {
          // The customer finishes the burst: the accounts the crash cut off are made again (the list shows which exist).
          await until(async () => {
            const made = new Set((await accountsOf(ctx, tag)).map((a) => a.name));
            const missing = Array.from({ length: BURST }, (_, i) => `${tag} #${i + 1}`).filter((name) => !made.has(name));
            if (missing.length === 0) return true;
            for (const accountName of missing) await customer.call('createAccount', { accountName });
            return undefined;
          }, 60_000, `the accounts of ${tag}`, 50);
          const accounts = await accountsOf(ctx, tag);
          const accountIds = accounts.map((a) => a.id);
          const settled = await until(async () => {
            if (leaseOwners.length) {
              // Time passing for the dead process's leases (the longest request plus 30 s).
              await ctx.db.db.updateTable('webhook_deliveries').set({ lease_until: new Date(Date.now() - 1000).toISOString() })
                .where('lease_owner', 'in', leaseOwners).where('status', '=', 'pending').execute();
            }
            const events = await ctx.db.db.selectFrom('platform_events').select(['id', 'account_id'])
              .where('event_type', '=', 'user.account.created').where('account_id', 'in', accountIds).execute();
            const deliveries = events.length === 0 ? [] : await ctx.db.db.selectFrom('webhook_deliveries').select(['id', 'event_id', 'status'])
              .where('event_id', 'in', events.map((e) => e.id)).execute();
            const done = events.length === accounts.length && deliveries.length >= events.length && deliveries.every((d) => d.status !== 'pending');
            return done ? { events, deliveries } : undefined;
          }, 90_000, `the deliveries of ${tag}`, 100);
          const violations: string[] = [];
          const byAccount = new Map<string, number>();
          for (const event of settled.events) byAccount.set(event.account_id!, (byAccount.get(event.account_id!) ?? 0) + 1);
          for (const account of accounts) {
            const n = byAccount.get(account.id) ?? 0;
            if (n !== 1) violations.push(`account ${account.id} (${account.name}): ${n} user.account.created events`);
          }
          const perEvent = new Map<string, string[]>();
          for (const d of settled.deliveries) perEvent.set(d.event_id, [...(perEvent.get(d.event_id) ?? []), d.id]);
          for (const [eventId, ids] of perEvent) if (ids.length !== 1) violations.push(`event ${eventId}: ${ids.length} deliveries (${ids.join(', ')})`);
          for (const d of settled.deliveries) if (d.status !== 'success') violations.push(`delivery ${d.id} of event ${d.event_id} ended ${d.status}`);
          const got = receivedFor(tag);
          const idsReceived = new Map<string, Set<string>>();
          for (const request of got) {
            const webhookId = String(request.headers['webhook-id']);
            const eventId = (JSON.parse(request.body) as { id: string }).id;
            idsReceived.set(eventId, (idsReceived.get(eventId) ?? new Set()).add(webhookId));
          }
          for (const d of settled.deliveries) {
            if (!idsReceived.get(d.event_id)?.has(d.id)) violations.push(`event ${d.event_id}: webhook-id ${d.id} never reached the receiver`);
          }
          for (const [eventId, ids] of idsReceived) if (ids.size !== 1) violations.push(`event ${eventId} reached the receiver under ${ids.size} webhook-ids: ${[...ids].join(', ')}`);
          repeats += got.length - new Set(got.map((r) => String(r.headers['webhook-id']))).size;
          return violations;
        },
      };
    },
    async stopFakes() {
      await receiver.close();
      if (repeats) console.log(`webhook burst: ${repeats} repeated delivery(ies) of one webhook-id (at least once, as promised)`);
    },
  };

  function accountsOf(ctx: TrialContext, tag: string) {
    return ctx.db.db.selectFrom('accounts').select(['id', 'name']).where('name', 'like', `${tag} #%`).execute();
  }
}
