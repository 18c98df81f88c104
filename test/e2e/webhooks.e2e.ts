import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { CREATE_WEBHOOK_FIRST, HEADERS_INVALID_JSON } from '../../src/common/admin/webhooks/texts.ts';
import { signIn } from './support/actions.ts';
import { overflowingElements, PHONE, truncatedBadges } from './support/layout.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './support/server.ts';
import { useE2E } from './support/suite.ts';

const DESKTOP = { width: 1280, height: 900 };

async function fitsPhone(page: Page) {
  await page.setViewportSize(PHONE);
  await expect.poll(() => overflowingElements(page)).toEqual([]);
  await page.setViewportSize(DESKTOP);
}

describe('webhooks and flows (issue 9)', () => {
  const e2e = useE2E();

  it('an operator creates a webhook (secret shown once), sets up flows by Quick Setup and from a template, and both pages fit a phone', async () => {
    const { page } = await e2e.open();
    await page.setViewportSize(DESKTOP);
    await signIn(page, ADMIN_EMAIL, ADMIN_PASSWORD);

    // Flows need a webhook: the designer says so and Quick Setup refuses in the spec's words.
    await page.goto('/super-admin/events/flows');
    await page.getByRole('link', { name: 'Create a webhook first' }).first().waitFor();
    await page.getByRole('button', { name: 'Quick Setup Flows' }).first().click();
    await page.getByText(CREATE_WEBHOOK_FIRST, { exact: true }).waitFor();

    await page.goto('/super-admin/events/webhooks');
    await page.getByText('No webhooks yet').waitFor();
    await page.getByRole('button', { name: 'Create webhook' }).first().click();
    const form = page.getByRole('dialog', { name: 'Create webhook' });
    await form.getByLabel('Name').fill('Billing receiver');
    await form.getByLabel('URL').fill('http://127.0.0.1:9/hook');
    await form.getByLabel('Headers (JSON)').fill('{"X-Team": ');
    await form.getByRole('button', { name: 'Create webhook' }).click();
    await form.getByText(HEADERS_INVALID_JSON).waitFor();
    await form.getByLabel('Headers (JSON)').fill('{"Content-Type": "application/json", "X-Team": "billing"}');
    await form.getByRole('button', { name: 'Create webhook' }).click();
    await form.getByText(/^Failed to save webhook: Webhooks cannot be sent to a loopback address/).waitFor();
    await form.getByLabel('URL').fill('https://hooks.example.com/billing');
    await form.getByRole('button', { name: 'Create webhook' }).click();
    const secret = await page.getByTestId('webhook-secret').textContent();
    expect(secret).toMatch(/^whsec_/);
    await page.getByRole('button', { name: 'Done' }).click();
    const row = page.getByRole('row').filter({ hasText: 'Billing receiver' });
    await row.getByText('Healthy').waitFor();
    expect(await page.content()).not.toContain(secret!);
    await fitsPhone(page);
    expect(await truncatedBadges(page.locator('body'))).toEqual([]);

    await page.goto('/super-admin/events/flows');
    await page.getByText('No flows yet').waitFor();
    await page.getByRole('button', { name: 'Quick Setup Flows' }).first().click();
    await page.getByText('5 event flows created.').waitFor();
    await page.getByRole('row').filter({ hasText: 'All detailed events' }).waitFor();

    await page.getByRole('button', { name: 'Templates' }).first().click();
    await page.getByRole('dialog', { name: 'Flow templates' }).getByRole('button', { name: 'Use template' }).nth(1).click();
    // The only active webhook is chosen already.
    const create = page.getByRole('dialog', { name: 'Create flow' });
    expect(await create.getByLabel('Webhook').inputValue()).toBe('Billing receiver');
    await create.getByRole('button', { name: 'Create flow' }).click();
    await page.getByRole('row').filter({ hasText: 'Payment lifecycle' }).getByText('payment.*').waitFor();
    await fitsPhone(page);
  });
});
