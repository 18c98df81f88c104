import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { signIn } from '../e2e/support/actions.ts';
import { launchBrowser, openPage } from '../e2e/support/browser.ts';
import { type Client, clientOf, newClientAddress } from './support/api.ts';
import { type Cluster, startCluster } from './support/cluster.ts';

describe('scaled mode: a live update written through one instance reaches a browser on the other', () => {
  let cluster: Cluster;
  let api: Client;
  let browser: Browser;

  beforeAll(async () => {
    cluster = await startCluster();
    api = clientOf(cluster.url);
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await cluster?.stop();
  });
  // The processes' own output explains a failure the answers alone cannot (a crash, a refused start).
  beforeEach(({ onTestFailed }) => onTestFailed(() => console.error(cluster.logs().slice(-20_000))));

  it('a reply written through instance A appears on the ticket page that instance B serves, without a reload', async () => {
    const onA = { base: cluster.url, pin: 'a' as const, address: newClientAddress() };
    const customer = await api.newCustomer(onA, 'live');
    const { ticketId } = await api.ok(onA, 'submitTicket', {
      subject: 'Mail bounces since the move', description: 'Every message to the new mailbox bounces.', priority: 'high', accountId: customer.accountId,
    }, customer);

    // The browser is pinned to B by nginx (the portal_instance cookie), on the portal's own origin.
    const tracked = await openPage(browser, cluster.url);
    const { page, context } = tracked;
    await context.addCookies([{ name: 'portal_instance', value: 'b', url: cluster.url }]);
    const upstreams = new Set<string>();
    page.on('response', (response) => {
      const upstream = response.headers()['x-portal-upstream'];
      if (response.url().includes('/api/')) upstreams.add(upstream ?? 'none');
    });
    await signIn(page, customer.email, customer.password);
    // The ticket page's own stream (the dashboard may open others).
    const stream = page.waitForResponse((response) => response.url().includes('/api/live/') && response.url().includes(ticketId) && response.status() === 200);
    await page.goto(`/tickets/${ticketId}`);
    await page.getByText('Every message to the new mailbox bounces.').waitFor();
    const live = await stream;
    expect(live.headers()['x-portal-upstream']).toBe(`127.0.0.1:${cluster.b.port}`);
    const navigations: string[] = [];
    page.on('framenavigated', (frame) => navigations.push(frame.url()));

    const reply = await api.call(onA, 'addTicketReply', { ticketId, body: 'Written through instance A while you watch on B.' }, customer);
    expect(reply.status).toBe(200);
    expect(reply.upstream).toBe(`127.0.0.1:${cluster.a.port}`);

    await page.getByText('Written through instance A while you watch on B.').waitFor();
    expect(navigations).toEqual([]);
    expect([...upstreams]).toEqual([`127.0.0.1:${cluster.b.port}`]);
    expect(tracked.errors).toEqual([]);
    await context.close();
  });
});
