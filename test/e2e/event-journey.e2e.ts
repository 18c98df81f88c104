import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from './support/actions.ts';
import { overflowingElements, PHONE } from './support/layout.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './support/server.ts';
import { expectNoErrors, useE2E } from './support/suite.ts';
import { startWebhookReceiver, type WebhookReceiver } from './support/webhookReceiver.ts';

const DESKTOP = { width: 1280, height: 900 };

describe('event system journey (issue 9)', () => {
  // The receiver listens on loopback, which webhooks may reach only when the operator allows it.
  const e2e = useE2E({ WEBHOOK_ALLOWED_HOSTS: '127.0.0.1' });
  let receiver: WebhookReceiver;
  beforeAll(async () => {
    receiver = await startWebhookReceiver();
  });
  afterAll(async () => {
    await receiver.close();
  });

  it('an operator creates a webhook to a receiver, adds a flow from a template, sends a test event, and watches the delivery and the health badge change live', async () => {
    const operator = await e2e.open();
    const { page } = operator;
    await page.setViewportSize(DESKTOP);
    await signIn(page, ADMIN_EMAIL, ADMIN_PASSWORD);

    await page.goto('/super-admin/events/webhooks');
    await page.getByRole('button', { name: 'Create webhook' }).first().click();
    const form = page.getByRole('dialog', { name: 'Create webhook' });
    await form.getByLabel('Name').fill('Shop receiver');
    await form.getByLabel('URL').fill(receiver.url);
    await form.getByRole('button', { name: 'Create webhook' }).click();
    const secret = (await page.getByTestId('webhook-secret').textContent())!;
    expect(secret).toMatch(/^whsec_/);
    await page.getByRole('button', { name: 'Done' }).click();
    await page.getByRole('row').filter({ hasText: 'Shop receiver' }).getByText('Healthy').waitFor();

    await page.goto('/super-admin/events/flows');
    await page.getByRole('button', { name: 'Templates' }).first().click();
    const templates = page.getByRole('dialog', { name: 'Flow templates' });
    await templates.getByText('Payment lifecycle').waitFor();
    await templates.getByRole('button', { name: 'Use template' }).nth(1).click();
    await page.getByRole('dialog', { name: 'Create flow' }).getByRole('button', { name: 'Create flow' }).click();
    await page.getByRole('row').filter({ hasText: 'Payment lifecycle' }).getByText('payment.*').waitFor();

    // A second tab stays on the events dashboard and a third on the webhooks list: neither reloads.
    const dashboard = await e2e.open();
    await dashboard.page.setViewportSize(DESKTOP);
    await signIn(dashboard.page, ADMIN_EMAIL, ADMIN_PASSWORD);
    await dashboard.page.goto('/super-admin/events');
    await dashboard.page.getByText('No deliveries yet', { exact: false }).first().waitFor();
    const webhooks = await e2e.open();
    await webhooks.page.setViewportSize(DESKTOP);
    await signIn(webhooks.page, ADMIN_EMAIL, ADMIN_PASSWORD);
    await webhooks.page.goto('/super-admin/events/webhooks');
    const webhookRow = webhooks.page.getByRole('row').filter({ hasText: 'Shop receiver' });
    await webhookRow.getByText('Healthy').waitFor();

    await page.goto('/super-admin/events/test');
    await page.getByRole('button', { name: 'Invoice paid' }).click();
    await page.getByText('payment.invoice.paid').first().waitFor();
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await page.getByText('1 flow', { exact: true }).waitFor();

    // The receiver got it, signed so that a Standard Webhooks library accepts it.
    await expect.poll(() => receiver.received.length, { timeout: 15_000 }).toBe(1);
    const [request] = receiver.received;
    const verified = new Webhook(secret).verify(request.body, request.headers as Record<string, string>) as { type: string; source: string };
    expect(verified).toMatchObject({ type: 'payment.invoice.paid', source: 'provider-portal.test-system' });

    const delivered = dashboard.page.getByRole('link', { name: 'Shop receiver' }).first();
    await delivered.waitFor({ timeout: 15_000 });
    await dashboard.page.getByText(/^success$/i).first().waitFor();
    // Held by its address: once the failing delivery arrives it is the dashboard's first link.
    const deliveredHref = (await delivered.getAttribute('href'))!;

    // The receiver starts failing: three failed attempts in a row make the webhook Degraded.
    receiver.failWith(500);
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await expect.poll(() => page.getByText('1 flow', { exact: true }).count()).toBe(2);
    await webhookRow.getByText('Degraded').waitFor({ timeout: 30_000 });
    expect(receiver.received.length).toBeGreaterThanOrEqual(4);
    // Every retry of one delivery carries the same webhook-id.
    const retried = receiver.received.slice(1).map((r) => r.headers['webhook-id']);
    expect(new Set(retried).size).toBe(1);

    // The delivery log shows both deliveries; the successful one opens with its attempt.
    await dashboard.page.locator(`a[href="${deliveredHref}"]`).first().click();
    await dashboard.page.waitForURL(/\/super-admin\/events\/deliveries\/msg_/);
    await dashboard.page.getByText('HTTP 200', { exact: false }).first().waitFor();
    await dashboard.page.goto('/super-admin/events/deliveries');
    await expect.poll(() => dashboard.page.getByRole('row').filter({ hasText: 'payment.invoice.paid' }).count()).toBe(2);

    for (const tracked of [operator, dashboard, webhooks]) {
      await tracked.page.setViewportSize(PHONE);
      await expect.poll(() => overflowingElements(tracked.page)).toEqual([]);
      expectNoErrors(tracked);
    }
  });
});
