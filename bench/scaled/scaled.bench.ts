/**
 * `npm run bench:scaled`: the same read/write mix through nginx against one instance and
 * against two (the scaled mode: PostgreSQL, a worker, nginx; test/scaled/support/cluster.ts),
 * printed side by side. "One" pins every request to instance A (nginx's X-Portal-Instance);
 * "two" lets nginx balance. The mix per connection, in a loop: 8 reads (listMyTickets,
 * getAccount, getTicket) and 2 writes (submitTicket, addTicketReply), each connection as one
 * seeded customer with a session cookie.
 *
 * Flags: --customers 40 --tickets 5 --connections 32 --duration 20 --warmup 3 --rounds 1
 */
import autocannon, { type Request } from 'autocannon';
import { positiveNumber, readFlags } from '../benchFlags.ts';
import { startCluster } from '../../test/scaled/support/cluster.ts';
import { generateCustomers, type SeededCustomer } from './generate.ts';

const flags = readFlags(process.argv.slice(2), { customers: '40', tickets: '5', connections: '32', duration: '20', warmup: '3', rounds: '1' });

interface Figures {
  requestsPerSecond: number;
  total: number;
  p50: number;
  p95: number;
  p99: number;
  /** Answers that were not 200, and requests that got no answer (socket errors, time-outs). */
  non200: number;
  errors: number;
}

type Step = { name: string; data: (c: SeededCustomer, n: number) => unknown };

const MIX: Step[] = [
  { name: 'listMyTickets', data: () => ({ limit: 20 }) },
  { name: 'getAccount', data: (c) => ({ accountId: c.accountId }) },
  { name: 'getTicket', data: (c, n) => ({ ticketId: c.ticketIds[n % c.ticketIds.length] }) },
  { name: 'listMyTickets', data: () => ({ limit: 20 }) },
  { name: 'submitTicket', data: (c, n) => ({ subject: `Load ticket ${n}`, description: 'Written by the scaled benchmark.', priority: 'low', accountId: c.accountId }) },
  { name: 'getTicket', data: (c, n) => ({ ticketId: c.ticketIds[(n + 1) % c.ticketIds.length] }) },
  { name: 'getAccount', data: (c) => ({ accountId: c.accountId }) },
  { name: 'listMyTickets', data: () => ({ limit: 20 }) },
  { name: 'addTicketReply', data: (c, n) => ({ ticketId: c.ticketIds[n % c.ticketIds.length], body: `Load reply ${n}` }) },
  { name: 'getTicket', data: (c, n) => ({ ticketId: c.ticketIds[(n + 2) % c.ticketIds.length] }) },
];

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

async function drive(url: string, publicUrl: string, customers: SeededCustomer[], pin: 'a' | null, seconds: number): Promise<Figures> {
  let nextCustomer = 0;
  let counter = 0;
  const requests: Request[] = MIX.map((step) => ({
    method: 'POST',
    path: `/api/fn/${step.name}`,
    setupRequest: (request: Request, context: object) => {
      // autocannon keeps one context per connection: each connection is one customer.
      const perConnection = context as { customer?: SeededCustomer };
      perConnection.customer ??= customers[nextCustomer++ % customers.length];
      const { customer } = perConnection;
      counter += 1;
      return {
        ...request,
        headers: {
          'content-type': 'application/json', origin: publicUrl, cookie: customer.cookie,
          ...(pin ? { 'x-portal-instance': pin } : {}),
        },
        body: JSON.stringify({ data: step.data(customer, counter) }),
      };
    },
  }));
  const latencies: number[] = [];
  let non200 = 0;
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon({ url, connections: positiveNumber(flags, 'connections'), duration: seconds, pipelining: 1, requests }, (error, finished) => {
      if (error) reject(error instanceof Error ? error : new Error(String(error)));
      else resolve(finished);
    });
    instance.on('response', (_client, statusCode, _bytes, responseTime) => {
      latencies.push(responseTime);
      if (statusCode !== 200) non200 += 1;
    });
  });
  latencies.sort((x, y) => x - y);
  return {
    requestsPerSecond: result.requests.average,
    total: latencies.length,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    non200,
    errors: result.errors + result.timeouts,
  };
}

function table(one: Figures[], two: Figures[]): string {
  const cell = (f: Figures[], pick: (x: Figures) => number, digits = 0) => f.map((x) => pick(x).toFixed(digits)).join(' / ').padStart(16);
  const rows: [string, (x: Figures) => number, number][] = [
    ['requests/s', (x) => x.requestsPerSecond, 0],
    ['requests', (x) => x.total, 0],
    ['p50 ms', (x) => x.p50, 1],
    ['p95 ms', (x) => x.p95, 1],
    ['p99 ms', (x) => x.p99, 1],
    ['non-200 answers', (x) => x.non200, 0],
    ['socket errors', (x) => x.errors, 0],
  ];
  const lines = [`${''.padEnd(18)}${'one instance'.padStart(16)}${'two instances'.padStart(16)}`];
  for (const [label, pick, digits] of rows) lines.push(`${label.padEnd(18)}${cell(one, pick, digits)}${cell(two, pick, digits)}`);
  return lines.join('\n');
}

async function main() {
  const cluster = await startCluster({ FUNCTION_RATE_LIMITS: 'off', LOG_LEVEL: 'error' });
  try {
    const started = Date.now();
    const customers = await generateCustomers(cluster.url, positiveNumber(flags, 'customers'), positiveNumber(flags, 'tickets'));
    console.log(`seeded ${customers.length} customers with ${flags.tickets} tickets each in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    const duration = positiveNumber(flags, 'duration');
    const warmup = positiveNumber(flags, 'warmup');
    const one: Figures[] = [];
    const two: Figures[] = [];
    for (let round = 0; round < positiveNumber(flags, 'rounds'); round += 1) {
      for (const [pin, into] of [['a', one], [null, two]] as const) {
        await drive(cluster.url, cluster.url, customers, pin, warmup);
        into.push(await drive(cluster.url, cluster.url, customers, pin, duration));
      }
    }
    console.log(`\nscaled mode through nginx: ${flags.connections} connections, ${duration} s per run after ${warmup} s warm-up, 80 % reads / 20 % writes, `
      + `${flags.rounds} round(s) (figures per round, separated by /); one PostgreSQL, one worker beside the instances; host has 2 cores\n`);
    console.log(table(one, two));
  } finally {
    await cluster.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
