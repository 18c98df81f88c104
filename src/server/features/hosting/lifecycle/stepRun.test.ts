import { getEventListeners } from 'node:events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeHttpServer, startFakeHttpServer } from '../../../../../test/support/fakeHttpServer.ts';
import { endUnderGc } from '../../../../../test/support/gc.ts';
import { PanelError } from '../../../integrations/panels/panel.ts';
import { panelFetch } from '../../../integrations/panels/panelHttp.ts';
import { callOptions, type StepRun } from './stepRun.ts';

/**
 * A step's call to a panel that took the request and never answers ends at the step's time-out,
 * however often the garbage collector runs meanwhile. Built on AbortSignal.any, Node 20 let the
 * collector take the time-out: such a step stayed 'running' for good (seen in CI as a Proxmox
 * create that never came back).
 */
describe('a step\'s panel call to a panel that never answers', () => {
  let silent: FakeHttpServer;
  beforeAll(async () => { silent = await startFakeHttpServer(() => ({ hang: true })); });
  afterAll(async () => { await silent.close(); });

  it('ends at the step\'s time-out as an unknown outcome, leaving no listener on the job\'s signal', async () => {
    const job = new AbortController();
    const run = { services: { config: { panelTimeoutMs: 300 } }, calls: [], held: [], signal: job.signal } as unknown as StepRun;
    const url = new URL(silent.url);
    const ended = await endUnderGc(panelFetch(
      { kind: 'proxmox', scheme: 'http', host: url.hostname, port: Number(url.port), verifyTls: true, credentials: { kind: 'proxmox', tokenId: 'portal@pve!t', secret: 'S' }, options: {} },
      { command: 'POST qemu/clone', method: 'POST', path: '/api2/json/nodes/pve/qemu/9000/clone', body: '' },
      callOptions(run, 'create'),
    ));
    expect(ended).toBeInstanceOf(PanelError);
    expect(ended).toMatchObject({ kind: 'unknown', message: 'Proxmox VE did not answer POST qemu/clone; it may have acted.' });
    expect(run.calls).toEqual([expect.objectContaining({ command: 'POST qemu/clone', status: null, outcome: 'no answer' })]);
    expect(getEventListeners(job.signal, 'abort')).toHaveLength(0);
  });
});
