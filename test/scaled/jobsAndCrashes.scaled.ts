import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { emit } from '../support/events/engine.ts';
import { startFakeSmtpServer } from '../support/fakeSmtpServer.ts';
import { type CallResult, type Client, clientOf, type Credentials, newClientAddress, type Route } from './support/api.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, type Cluster, startCluster } from './support/cluster.ts';
import { until } from './support/processes.ts';
import { startCountingReceiver, webhookFor } from './support/webhooks.ts';

/**
 * Jobs and crashes in the scaled mode. Every instance runs the job workers and the webhook
 * delivery engine as well as HTTP (src/server/main.ts: runWorkers), and `npm run worker` is a
 * third process that runs only them: any of the three may take any job.
 */
describe('scaled mode: jobs run once whichever process takes them, and SIGKILL loses nothing', () => {
  let cluster: Cluster;
  let api: Client;
  let smtp: Awaited<ReturnType<typeof startFakeSmtpServer>>;
  let receiver: Awaited<ReturnType<typeof startCountingReceiver>>;
  let admin: Credentials;
  const adminRoute = (pin?: 'a' | 'b'): Route => ({ base: '', pin, address: '198.51.100.250' });

  beforeAll(async () => {
    smtp = await startFakeSmtpServer();
    receiver = await startCountingReceiver();
    cluster = await startCluster({ SMTP_URL: smtp.url });
    api = clientOf(cluster.url);
    admin = await api.signIn({ ...adminRoute('a'), base: cluster.url }, ADMIN_EMAIL, ADMIN_PASSWORD);
  });
  afterAll(async () => {
    await cluster?.stop();
    await receiver?.close();
    await smtp?.close();
  });
  // The processes' own output explains a failure the answers alone cannot (a crash, a refused start).
  beforeEach(({ onTestFailed }) => onTestFailed(() => console.error(cluster.logs().slice(-20_000))));

  const deliveries = (webhookId: string) => cluster.database.db.selectFrom('webhook_deliveries')
    .select(['id', 'status', 'lease_owner']).where('webhook_id', '=', webhookId).execute();

  it('sends each sign-up\'s mail once and each webhook delivery once, whichever of the three processes takes it', async () => {
    const route = (pin?: 'a' | 'b'): Route => ({ ...adminRoute(pin), base: cluster.url });
    const hook = await webhookFor(api, route('a'), admin, { url: `${receiver.url}/once`, eventType: 'domain.renewed', timeoutMs: 5_000 });

    // Mail: each sign-up queues its verification mail as a pg-boss job in the sign-up's unit of work.
    const emails = await Promise.all(Array.from({ length: 8 }, async (_, i) => {
      const customer = await api.newCustomer({ base: cluster.url, pin: i % 2 === 0 ? 'a' : 'b', address: newClientAddress() }, `mail${i}`);
      return customer.email;
    }));
    // Webhooks: events recorded through both instances.
    for (let i = 0; i < 40; i += 1) {
      await api.ok(route(i % 2 === 0 ? 'a' : 'b'), 'collectEvent', { eventType: 'domain.renewed', payload: { n: i } }, admin);
    }

    await until(async () => {
      const sent = await cluster.database.db.selectFrom('mail_outbox').select('status')
        .where('to_address', 'in', emails).where('status', '=', 'sent').execute();
      return sent.length === emails.length;
    }, 'the verification mails to be sent', 60_000);
    await until(async () => (await deliveries(hook)).filter((d) => d.status === 'success').length === 40, 'the 40 deliveries', 60_000);

    for (const email of emails) {
      expect(smtp.received.filter((m) => m.to.some((to) => to.includes(email)))).toHaveLength(1);
    }
    const rows = await deliveries(hook);
    expect(rows).toHaveLength(40);
    const toOnce = receiver.received.filter((r) => r.url === '/once').map((r) => String(r.headers['webhook-id']));
    expect(toOnce.sort()).toEqual(rows.map((r) => r.id).sort());
  });

  it('SIGKILL of instance A during a stream of writes through nginx: every acknowledged write exists, and a client that reads back before retrying makes each once', async () => {
    const route: Route = { base: cluster.url, address: newClientAddress() };
    // Each account takes at most TICKETS_PER_CUSTOMER of the stream, under the daily ticket quota
    // (50) even with its retries; made before the kill so no sign-up is cut.
    const TICKETS_PER_CUSTOMER = 40;
    const customers = await Promise.all(Array.from({ length: 8 }, (_, i) => api.newCustomer(route, `crash${i}`)));
    const customerOf = (n: number) => customers[Math.floor((n - 1) / TICKETS_PER_CUSTOMER)];
    const aAddress = `127.0.0.1:${cluster.a.port}`;
    /** startedAfterKill: sent once A was dead, so only B could have answered it. */
    interface Write { subject: string; status: number; ticketId?: string; upstream: string | null; startedAfterKill: boolean; by: (typeof customers)[number] }
    const writes: Write[] = [];
    let stop = false;
    let killed = false;
    let n = 0;
    const writer = async () => {
      while (!stop) {
        n += 1;
        const customer = customerOf(n);
        if (!customer) return;
        const subject = `crash write ${n}`;
        const startedAfterKill = killed;
        const answer = await api.call(route, 'submitTicket', { subject, description: 'written during the crash trial', priority: 'low', accountId: customer.accountId }, customer)
          .catch((): Pick<CallResult, 'status' | 'body' | 'upstream'> => ({ status: 0, body: {}, upstream: null }));
        const result = answer.body.result as { ticketId: string } | undefined;
        writes.push({ subject, status: answer.status, ticketId: result?.ticketId, upstream: answer.upstream, startedAfterKill, by: customer });
      }
    };
    const running = Promise.all([writer(), writer(), writer(), writer()]);
    await until(() => writes.filter((w) => w.status === 200 && w.upstream === aAddress).length >= 8, 'writes acknowledged by A', 60_000);
    await cluster.a.kill();
    killed = true;
    const afterKill = () => writes.filter((w) => w.startedAfterKill);
    await until(() => afterKill().filter((w) => w.status === 200).length >= 24, 'writes acknowledged after the kill', 60_000);
    stop = true;
    await running;

    const listed = async () => (await Promise.all(customers.map(async (c) => (await api.ok(route, 'listMyTickets', { limit: 200 }, c)).tickets))).flat();
    // The client's rule for an error (an unknown outcome): read the state back, repeat only what is missing.
    const failed = writes.filter((w) => w.status !== 200);
    const present = new Set((await listed()).map((t) => t.subject));
    const committedUnanswered = failed.filter((w) => present.has(w.subject)).length;
    for (const write of failed) {
      if (present.has(write.subject)) continue;
      const again = await api.call(route, 'submitTicket', { subject: write.subject, description: 'retried after reading back', priority: 'low', accountId: write.by.accountId }, write.by);
      expect(again.status).toBe(200);
    }

    const tickets = await listed();
    const ids = new Set(tickets.map((t) => t.id));
    for (const write of writes.filter((w) => w.status === 200)) expect(ids.has(write.ticketId!)).toBe(true);
    const subjects = tickets.map((t) => t.subject).sort();
    expect(subjects).toEqual(writes.map((w) => w.subject).sort());
    // After the kill nginx sends everything to B: a refused connection to A is passed on.
    expect(afterKill().filter((w) => w.status === 200).every((w) => w.upstream === `127.0.0.1:${cluster.b.port}`)).toBe(true);
    console.info(`crash trial: ${writes.length} writes, ${failed.length} cut by the kill (outcome unknown; ${committedUnanswered} of them had committed), ${writes.filter((w) => w.status === 200 && w.upstream === aAddress).length} acknowledged by A, `
      + `${afterKill().filter((w) => w.status !== 200).length} errors among the ${afterKill().length} sent after the kill`);

    // A comes back and serves again, on the same database.
    await cluster.a.restart();
    const back = await api.call({ ...route, pin: 'a' }, 'listMyTickets', { limit: 1 }, customers[0]);
    expect(back.status).toBe(200);
    expect(back.upstream).toBe(aAddress);
  });

  it('SIGKILL of the worker in the middle of deliveries: its deliveries are sent again after their lease expires, each acknowledged exactly once', async () => {
    const route: Route = { ...adminRoute('b'), base: cluster.url };
    const hook = await webhookFor(api, route, admin, { url: `${receiver.url}/held`, eventType: 'domain.synced', timeoutMs: 10_000 });
    receiver.hold();
    // 140 deliveries held open: each process has 64 sending slots, so the worker must take some.
    // The events are recorded as the app records them, each in its own unit of work; 140
    // collectEvent calls would spend the operator's whole rate budget for the minute.
    for (let i = 0; i < 140; i += 1) await emit(cluster.database.db, { type: 'domain.synced', payload: { domain: `held-${i}.example`, changed: [] } });
    const workerPid = cluster.worker.process().pid;
    const ofWorker = (owner: string | null) => owner !== null && owner.split(':')[1] === String(workerPid);
    let heldByWorker: string[] = [];
    await until(async () => {
      const rows = await deliveries(hook);
      const leased = rows.filter((r) => r.lease_owner !== null);
      heldByWorker = leased.filter((r) => ofWorker(r.lease_owner)).map((r) => r.id);
      // Mid-job: every claimed delivery's request has reached the receiver and waits for its answer.
      return rows.length === 140 && heldByWorker.length > 0 && leased.every((r) => receiver.held.has(r.id));
    }, 'the worker to hold deliveries open', 60_000);

    await cluster.worker.kill();
    receiver.release();

    // The instances' own cut requests are retried at once; the worker's wait for their lease (the
    // longest webhook time-out, 10 s, plus 30 s) and are then taken by an instance.
    await until(async () => (await deliveries(hook)).every((r) => r.status === 'success'), 'every delivery to succeed', 120_000);
    const rows = await deliveries(hook);
    expect(rows).toHaveLength(140);
    for (const row of rows) expect(receiver.acknowledged.get(row.id)).toBe(1);
    for (const id of heldByWorker) expect(receiver.held.has(id)).toBe(true);
    console.info(`worker kill: ${heldByWorker.length} of 140 deliveries were held by the worker when it was killed`);
  }, 180_000);
});
