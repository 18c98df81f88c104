import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createAccount, field, newPerson, register, signIn, waitForPath } from './support/actions.ts';
import { sidebar } from './support/billing.ts';
import { fillContact, orderAndPay, searchName } from './support/domains.ts';
import { overflowingElements, PHONE } from './support/layout.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './support/server.ts';
import { expectNoErrors, useE2E } from './support/suite.ts';

const DESKTOP = { width: 1280, height: 900 };
const banner = (page: Page) => page.getByRole('region', { name: 'Impersonation' });

/** Searches, fills the contact and pays for `name`.com in test mode; answers when the order page is back. */
async function buyDomain(page: Page, name: string, holder: string) {
  await page.goto('/domains/search');
  const results = await searchName(page, name);
  await results.getByRole('link', { name: `Register ${name}.com` }).click();
  await waitForPath(page, '/domains/register');
  await fillContact(page);
  await orderAndPay(page, `${name}.com`, holder);
}

/** Nothing on the page scrolls sideways at phone width. */
async function fitsPhone(page: Page, ready: () => Promise<void>) {
  await page.setViewportSize(PHONE);
  await ready();
  await expect.poll(() => overflowingElements(page)).toEqual([]);
  await page.setViewportSize(DESKTOP);
}

describe('operator journey (issue 8)', () => {
  const e2e = useE2E();

  it('an operator finds a customer, acts as their account, answers their ticket, retries their failed order, finds it all in the audit log, then deactivates and reactivates a registrar, tests its API and syncs TLDs', async () => {
    // The customer: a registered domain, a ticket, and an order the registrar refused (a fail-once- name is refused the first time only).
    const customer = await e2e.open();
    const person = newPerson('Olive', 'Outdoors');
    await register(customer.page, person);
    await createAccount(customer.page, 'Olive Outdoor Co');
    const stamp = Date.now().toString(36);
    const good = `olive-${stamp}`;
    await buyDomain(customer.page, good, 'Olive Outdoors');
    await customer.page.getByRole('status').filter({ hasText: 'Domain registered' }).waitFor({ timeout: 30_000 });
    const refused = `fail-once-olive-${stamp}`;
    await buyDomain(customer.page, refused, 'Olive Outdoors');
    await customer.page.getByRole('alert').filter({ hasText: 'Registration failed' }).waitFor({ timeout: 30_000 });
    await customer.page.goto('/tickets/new');
    await field(customer.page, 'Subject').fill(`Second domain ${stamp} failed`);
    await field(customer.page, 'Description').fill('I paid but the registration failed. Can you help?');
    await customer.page.getByRole('button', { name: 'Submit Ticket' }).click();
    await waitForPath(customer.page, '/tickets');

    // The operator finds the customer by e-mail and acts as their account.
    const operator = await e2e.open();
    const { page } = operator;
    await signIn(page, ADMIN_EMAIL, ADMIN_PASSWORD);
    await sidebar(page).getByRole('link', { name: 'Users' }).click();
    await waitForPath(page, '/super-admin/users');
    await field(page, 'E-mail starts with').fill(person.email);
    await page.getByRole('row').filter({ hasText: person.email }).getByRole('link').first().click();
    await page.waitForURL(/\/super-admin\/users\/[^/]+$/);
    await page.getByRole('button', { name: 'Impersonate Olive Outdoor Co' }).click();
    const dialog = page.getByRole('dialog', { name: 'Act as Olive Outdoor Co' });
    await field(dialog, 'Reason').fill(`Ticket about ${refused}.com`);
    await dialog.getByRole('button', { name: 'Start impersonation' }).click();
    await waitForPath(page, '/');
    await banner(page).getByText('Acting as Olive Outdoor Co').waitFor();

    // The account's domains and tickets, as the customer sees them.
    await sidebar(page).getByRole('link', { name: 'My Domains' }).click();
    await waitForPath(page, '/domains');
    await page.getByRole('link', { name: `${good}.com`, exact: true }).waitFor();
    await sidebar(page).getByRole('link', { name: 'Tickets', exact: true }).click();
    await waitForPath(page, '/tickets');
    await page.getByRole('link', { name: `Second domain ${stamp} failed` }).waitFor();

    // Exit: the operator's own role and back office again.
    await banner(page).getByRole('button', { name: 'Exit impersonation' }).click();
    await waitForPath(page, '/super-admin');
    await expect.poll(() => banner(page).count()).toBe(0);
    await sidebar(page).getByRole('link', { name: 'Super Admin' }).waitFor();

    // The ticket, answered as staff; the customer sees the staff reply.
    await sidebar(page).getByRole('link', { name: 'Support Tickets' }).click();
    await waitForPath(page, '/super-admin/tickets');
    await page.getByRole('link', { name: `Second domain ${stamp} failed` }).click();
    await page.waitForURL(/\/super-admin\/tickets\/[^/]+$/);
    const ticketPath = new URL(page.url()).pathname.replace('/super-admin', '');
    await field(page, 'Reply to the customer').fill('We are retrying the registration now.');
    await page.getByRole('button', { name: 'Reply and mark as answered' }).click();
    await page.getByText('Reply sent. The customer has been e-mailed.').waitFor();
    await customer.page.goto(ticketPath);
    const reply = customer.page.getByRole('listitem').filter({ hasText: 'We are retrying the registration now.' });
    await reply.getByText('Staff', { exact: true }).waitFor();

    // The failed order, retried from the queue, completes.
    await sidebar(page).getByRole('link', { name: 'Failed Orders' }).click();
    await waitForPath(page, '/super-admin/orders/failed');
    const queued = page.getByRole('row').filter({ hasText: `${refused}.com` });
    await queued.getByRole('checkbox', { name: `Select ${refused}.com` }).check();
    await fitsPhone(page, () => queued.waitFor());
    await page.getByRole('button', { name: 'Retry selected (1)' }).click();
    await page.getByRole('status').filter({ hasText: /1 order/ }).waitFor();
    await expect.poll(() => page.getByRole('row').filter({ hasText: `${refused}.com` }).count()).toBe(0);
    await sidebar(page).getByRole('link', { name: 'Orders', exact: true }).click();
    await waitForPath(page, '/super-admin/orders');
    await field(page, 'Domain starts with').fill(refused);
    await page.getByRole('link', { name: `${refused}.com` }).click();
    await page.waitForURL(/\/super-admin\/orders\/[^/]+$/);
    await page.getByRole('heading', { name: `${refused}.com` }).waitFor();
    await page.getByText('Completed', { exact: true }).first().waitFor({ timeout: 30_000 });
    // The customer now holds it too.
    await customer.page.goto('/domains');
    await customer.page.getByRole('link', { name: `${refused}.com`, exact: true }).waitFor();

    // The audit log has each act, newest first.
    await sidebar(page).getByRole('link', { name: 'Audit Log' }).click();
    await waitForPath(page, '/super-admin/audit');
    const log = page.getByRole('table', { name: 'Audit log' });
    for (const act of ['Impersonation started', 'Impersonation stopped', 'Staff replied to ticket', 'Order retried']) {
      await log.getByRole('row').filter({ hasText: act }).first().waitFor();
    }
    await fitsPhone(page, () => log.waitFor());

    // The nightly portfolio sync, run now from its page: it runs in the background and the page follows it to its end.
    await sidebar(page).getByRole('link', { name: 'Portfolio Sync' }).click();
    await waitForPath(page, '/super-admin/portfolio-sync');
    await page.getByRole('heading', { name: 'Portfolio sync' }).waitFor();
    await page.getByRole('button', { name: 'Run now' }).click();
    await page.getByText(/The portfolio sync is queued/).waitFor();
    await page.getByText('Succeeded', { exact: true }).waitFor({ timeout: 30_000 });
    await fitsPhone(page, () => page.getByRole('heading', { name: 'Last run' }).waitFor());

    // Registrars (issue 19): the sandbox sells the customer's .com alone, so deactivating it warns first; then it is
    // activated again, its API tested and the TLD prices synced.
    await sidebar(page).getByRole('link', { name: 'Registrars' }).click();
    await waitForPath(page, '/super-admin/registrars');
    await page.getByRole('heading', { name: 'Registrar Management' }).waitFor();
    const suppliers = page.getByRole('table', { name: 'Suppliers' });
    const sandboxRow = suppliers.getByRole('row').filter({ hasText: 'Sandbox' });
    await sandboxRow.getByText('Active', { exact: true }).waitFor();
    await sandboxRow.getByRole('button', { name: 'Deactivate Sandbox' }).click();
    const warning = page.getByRole('dialog', { name: 'Deactivate Sandbox?' });
    await warning.getByText(/Sandbox is the last active supplier for .*\.com/).waitFor();
    await warning.getByRole('button', { name: 'Deactivate anyway' }).click();
    await page.getByRole('status').filter({ hasText: 'Sandbox deactivated.' }).waitFor();
    await sandboxRow.getByText('Inactive', { exact: true }).waitFor();
    await sandboxRow.getByRole('button', { name: 'Activate Sandbox' }).click();
    await page.getByRole('status').filter({ hasText: 'Sandbox activated.' }).waitFor();
    await sandboxRow.getByText('Active', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Test API' }).click();
    const testLog = page.getByRole('log', { name: 'Test log' });
    await testLog.getByText('Passed', { exact: true }).waitFor({ timeout: 30_000 });
    await testLog.getByText(/example\.com is (available|taken)\./).waitFor();
    await page.getByRole('button', { name: 'Sync TLDs' }).click();
    await page.getByRole('status').filter({ hasText: 'TLD sync completed. Check logs for details.' }).waitFor({ timeout: 60_000 });
    await page.getByText(/Sandbox: \d+ TLDs \(\d+ new, \d+ updated\)/).waitFor();
    await fitsPhone(page, async () => {
      await suppliers.waitFor();
      await testLog.waitFor();
    });

    expectNoErrors(customer);
    expectNoErrors(operator);
  });
});
