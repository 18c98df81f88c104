/**
 * The load generator, run as a child process of functions.bench.ts so autocannon and the
 * server under test are separate OS processes with their own event loops (on a 2-core
 * machine each can own a core, as a real client and server would).
 * Receives one LoadJob per IPC message and answers with its LoadResult.
 */
import autocannon from 'autocannon';

export interface LoadJob {
  url: string;
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: string;
  connections: number;
  durationSeconds: number;
}

export interface LoadResult {
  requestsPerSecond: number;
  totalRequests: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  /** Count per HTTP status, so a run with failures says which ones. */
  statusCodes: Record<string, number>;
  /** CPU time this load process used, as a share of one core over the run. */
  loadCpuPercent: number;
}

async function run(job: LoadJob): Promise<LoadResult> {
  const cpuBefore = process.cpuUsage();
  const wallBefore = performance.now();
  const result = await autocannon({
    url: job.url,
    method: job.method,
    headers: job.headers,
    body: job.body,
    connections: job.connections,
    duration: job.durationSeconds,
    pipelining: 1,
  });
  const cpu = process.cpuUsage(cpuBefore);
  const wallMs = performance.now() - wallBefore;
  const statusCodes = Object.fromEntries(Object.entries(result.statusCodeStats ?? {}).map(([code, s]) => [code, s?.count ?? 0]));
  return {
    requestsPerSecond: result.requests.average,
    totalRequests: result.requests.total,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    maxMs: result.latency.max,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    statusCodes,
    loadCpuPercent: ((cpu.user + cpu.system) / 1000 / wallMs) * 100,
  };
}

process.on('message', (job: LoadJob) => {
  run(job).then(
    (result) => process.send!({ ok: true, result }),
    (error: unknown) => process.send!({ ok: false, error: String(error) }),
  );
});
process.on('disconnect', () => process.exit(0));
