import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createAccount, field, newPerson, register, waitForPath } from './support/actions.ts';
import { fillTestCard, sidebar } from './support/billing.ts';
import { fillContact, orderAndPay, searchName, SUCCEEDS } from './support/domains.ts';
import { overflowingElements, PHONE } from './support/layout.ts';
import { expectNoErrors, useE2E } from './support/suite.ts';

const DESKTOP = { width: 1280, height: 900 };

/** Nothing on the page scrolls sideways at phone width. */
async function fitsPhone(page: Page, ready: () => Promise<void>) {
  await page.setViewportSize(PHONE);
  await ready();
  await expect.poll(() => overflowingElements(page)).toEqual([]);
  await page.setViewportSize(DESKTOP);
}

describe('domains journey (sandbox registrar, test-mode payments)', () => {
  const e2e = useE2E();

  it('searches, registers and pays, watches the order complete, then manages and renews the domain', async () => {
    const tracked = await e2e.open();
    const { page } = tracked;
    const person = newPerson('Dora', 'Domains');
    await register(page, person);
    await createAccount(page, 'Dora Domains Ltd');

    // Search from the sidebar; our price per year, no supplier shown.
    await sidebar(page).getByRole('link', { name: 'Domain Search' }).click();
    await waitForPath(page, '/domains/search');
    const name = `dora-shop-${Date.now().toString(36)}`;
    const domain = `${name}.com`;
    const results = await searchName(page, name);
    const row = results.getByRole('row').filter({ hasText: domain });
    expect(await row.textContent()).toMatch(/\$\d+\.\d{2}/);
    expect(await results.textContent()).not.toMatch(/Sandbox/);
    await fitsPhone(page, () => results.waitFor());

    // The registration form: defaults of the spec, the total of 2 years, the contact.
    await results.getByRole('link', { name: `Register ${domain}` }).click();
    await waitForPath(page, '/domains/register');
    expect(await field(page, 'Privacy protection').isChecked()).toBe(true);
    expect(await field(page, 'Auto-renew').isChecked()).toBe(true);
    const summary = page.getByRole('region', { name: 'Order summary' });
    // Each period shows its own total (later years at the renew price), and the summary charges it.
    const twoYears = (await field(page, 'Registration period').locator('option[value="2"]').textContent())!.match(/\$(\d+\.\d{2})/)![1];
    await field(page, 'Registration period').selectOption('2');
    await summary.getByText(`$${twoYears}`).waitFor();
    await fillContact(page);
    await fitsPhone(page, () => page.getByRole('button', { name: 'Register domain' }).waitFor());

    // Paid in test mode: the order page follows the job live until the domain is registered.
    await orderAndPay(page, domain, 'Dora Domains');
    await page.getByRole('link', { name: `Manage ${domain}` }).waitFor({ timeout: 30_000 });
    await page.getByRole('status').filter({ hasText: 'Domain registered' }).waitFor();
    await fitsPhone(page, () => page.getByRole('heading', { name: `Registration of ${domain}` }).waitFor());

    // My Domains lists it, active, with auto-renew.
    await sidebar(page).getByRole('link', { name: 'My Domains' }).click();
    await waitForPath(page, '/domains');
    await page.getByRole('link', { name: domain, exact: true }).waitFor();
    await fitsPhone(page, () => page.getByRole('link', { name: domain, exact: true }).waitFor());
    await page.getByRole('link', { name: `Manage ${domain}` }).click();
    await waitForPath(page, `/domains/${domain}`);

    // Nameservers changed at the registrar and shown as NS1, NS2.
    await page.getByRole('button', { name: 'Edit nameservers' }).click();
    await page.getByRole('textbox', { name: 'Nameservers, one per line' }).fill('ns1.dora-dns.example\n\n  ns2.dora-dns.example  \n');
    await page.getByRole('button', { name: 'Save nameservers' }).click();
    await page.getByText('Nameservers updated.').waitFor();
    await page.getByText('ns1.dora-dns.example').waitFor();
    await page.getByText('ns2.dora-dns.example').waitFor();

    // Contacts through the form: a field's own message, copy registrant to admin and tech, saved.
    await page.getByRole('button', { name: 'Edit contacts' }).click();
    const form = page.getByRole('form', { name: 'Contacts' });
    const registrantFields = form.getByRole('group', { name: 'Registrant contact' });
    const values: [string, string][] = [
      ['First name', 'Dora'], ['Last name', 'Owner'], ['Organization (optional)', 'Dora Domains Ltd'], ['Email', 'dora.owner@example.test'],
      ['Address', '5 Harbour Street'], ['City', 'Springfield'], ['State / Province', 'IL'], ['Postal code', '62701'], ['Country code', 'us'],
    ];
    for (const [label, value] of values) await field(registrantFields, label).fill(value);
    await field(registrantFields, 'Phone').fill('555 0100');
    await form.getByRole('button', { name: 'Save contacts' }).click();
    await registrantFields.getByText('The phone must look like +1.5555550100.').waitFor();
    await field(registrantFields, 'Phone').fill('+1.555 555 0100');
    await form.getByRole('group', { name: 'Admin contact' }).getByRole('button', { name: 'Copy from registrant' }).click();
    await form.getByRole('group', { name: 'Tech contact' }).getByRole('button', { name: 'Copy from registrant' }).click();
    expect(await field(form.getByRole('group', { name: 'Tech contact' }), 'Email').inputValue()).toBe('dora.owner@example.test');
    await fitsPhone(page, () => form.getByRole('button', { name: 'Save contacts' }).waitFor());
    await form.getByRole('button', { name: 'Save contacts' }).click();
    await page.getByText('Contacts updated.').waitFor();
    const heldRegistrant = page.getByRole('group', { name: 'Registrant contact' });
    await heldRegistrant.getByText('Dora Owner').waitFor();
    await heldRegistrant.getByText('+1.5555550100').waitFor();
    await heldRegistrant.getByText('5 Harbour Street, Springfield, IL, 62701, US').waitFor();
    // The JSON editor stays as the advanced view, in the spec's shape.
    await page.getByRole('button', { name: 'Edit as JSON' }).click();
    const json = page.getByRole('textbox', { name: 'Contacts JSON (advanced)' });
    expect(JSON.parse(await json.inputValue()).tech).toEqual({
      name: 'Dora Owner', email: 'dora.owner@example.test', phone: '+1.5555550100', organization: 'Dora Domains Ltd',
      address: '5 Harbour Street, Springfield, IL, 62701, US',
    });
    await page.getByRole('button', { name: 'Cancel' }).click();

    // Auto-renew off, then on again.
    const autoRenew = page.getByRole('switch', { name: 'Auto-renew' });
    await autoRenew.click();
    await page.getByText('Auto-renew disabled.').waitFor();
    expect(await autoRenew.isChecked()).toBe(false);
    await autoRenew.click();
    await page.getByText('Auto-renew enabled.').waitFor();
    expect(await autoRenew.isChecked()).toBe(true);
    await fitsPhone(page, () => page.getByRole('button', { name: 'Sync' }).waitFor());

    // Renew for a year: its own order, paid, completed, the expiry a year later.
    const expiryBefore = await page.getByRole('region', { name: 'Registration' }).textContent();
    await page.getByRole('button', { name: 'Renew', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: `Renew ${domain}` });
    await dialog.getByText(/Total \$\d+\.\d{2}/).waitFor();
    await dialog.getByRole('button', { name: 'Continue to payment' }).click();
    // Straight on to the payment: the order page opens the checkout by itself.
    await page.waitForURL(/\/test-mode\/checkout\/[^/]+$/);
    await fillTestCard(page, SUCCEEDS, 'Dora Domains');
    await page.getByRole('button', { name: /^Pay \$/ }).click();
    await page.waitForURL(/\/domains\/orders\/[^/?]+/);
    await page.getByRole('status').filter({ hasText: 'Domain renewed' }).waitFor({ timeout: 30_000 });
    await page.getByRole('link', { name: `Manage ${domain}` }).click();
    await waitForPath(page, `/domains/${domain}`);
    await expect.poll(() => page.getByRole('region', { name: 'Registration' }).textContent()).not.toBe(expiryBefore);

    expectNoErrors(tracked);
  });

  it('an unpaid order is found again under Orders and cancelled there', async () => {
    const tracked = await e2e.open();
    const { page } = tracked;
    await register(page, newPerson('Olga', 'Orders'));
    await createAccount(page, 'Olga Orders Co');

    await page.goto('/domains/search');
    const name = `olga-${Date.now().toString(36)}`;
    const domain = `${name}.com`;
    const results = await searchName(page, name);
    await results.getByRole('link', { name: `Register ${domain}` }).click();
    await waitForPath(page, '/domains/register');
    await fillContact(page);
    // Registering leads to the payment by itself; the customer leaves it unpaid.
    await page.getByRole('button', { name: 'Register domain' }).click();
    await page.waitForURL(/\/test-mode\/checkout\/[^/]+$/, { timeout: 15_000 });
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.waitForURL(/\/domains\/orders\/[^/?]+\?payment=cancelled/);
    await page.getByRole('button', { name: 'Pay now' }).waitFor();

    await page.goto('/domains');
    await page.getByRole('link', { name: 'Orders', exact: true }).click();
    await waitForPath(page, '/domains/orders');
    const unpaid = page.getByRole('table', { name: 'Orders awaiting payment' });
    const row = unpaid.getByRole('row').filter({ hasText: domain });
    await row.waitFor();
    expect(await row.textContent()).toMatch(/Registration, 1 year.*\$\d+\.\d{2}/);
    await fitsPhone(page, () => row.waitFor());

    await row.getByRole('button', { name: 'Cancel' }).click();
    const dialog = page.getByRole('dialog', { name: `Cancel the order for ${domain}?` });
    await dialog.getByRole('button', { name: 'Cancel order' }).click();
    await dialog.waitFor({ state: 'detached' });
    const done = page.getByRole('table', { name: 'Domain orders' }).getByRole('row').filter({ hasText: domain });
    await done.getByText('Cancelled').waitFor();
    expect(await unpaid.count()).toBe(0);

    await done.getByRole('link', { name: domain }).click();
    await page.getByRole('status').filter({ hasText: 'Order cancelled' }).waitFor();
    expectNoErrors(tracked);
  });

  it('a fail- name shows the failed order with its reason and a way to support', async () => {
    const tracked = await e2e.open();
    const { page } = tracked;
    const person = newPerson('Fay', 'Failure');
    await register(page, person);
    await createAccount(page, 'Fay Failure Co');

    await page.goto('/domains/search');
    const name = `fail-${Date.now().toString(36)}`;
    const domain = `${name}.com`;
    const results = await searchName(page, name);
    await results.getByRole('link', { name: `Register ${domain}` }).click();
    await waitForPath(page, '/domains/register');
    await fillContact(page);
    await orderAndPay(page, domain, 'Fay Failure');

    const failure = page.getByRole('alert').filter({ hasText: 'Registration failed' });
    await failure.waitFor({ timeout: 30_000 });
    expect(await failure.textContent()).toMatch(new RegExp(domain.replace(/[.-]/g, '\\$&')));
    await failure.getByRole('link', { name: 'Contact support' }).waitFor();
    await fitsPhone(page, () => failure.waitFor());

    // Nothing was added to My Domains.
    await page.goto('/domains');
    await page.getByText('No domains registered').waitFor();

    expectNoErrors(tracked);
  });
});
