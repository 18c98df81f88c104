import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createAccount, field, newPerson, register, signIn, waitForPath } from './support/actions.ts';
import { overflowingElements, PHONE } from './support/layout.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './support/server.ts';
import { expectNoErrors, useE2E } from './support/suite.ts';

const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Sidebar' });
const banner = (page: Page) => page.getByRole('region', { name: 'Impersonation' });

describe('impersonation journey', () => {
  const e2e = useE2E();

  it('an operator acts as a customer\'s account from /super-admin/accounts, sees what they see, and exits back to the back office', async () => {
    const customer = await e2e.open();
    await register(customer.page, newPerson('Ivy', 'Impersonated'));
    await createAccount(customer.page, 'Ivy Web Studio');

    const operator = await e2e.open();
    const { page } = operator;
    await signIn(page, ADMIN_EMAIL, ADMIN_PASSWORD);
    await page.goto('/super-admin/accounts');
    const row = page.getByRole('row').filter({ hasText: 'Ivy Web Studio' });
    await row.getByRole('button', { name: 'Impersonate Ivy Web Studio' }).click();
    const dialog = page.getByRole('dialog', { name: 'Act as Ivy Web Studio' });
    await field(dialog, 'Reason').fill('Ticket about the certificate');
    await dialog.getByRole('button', { name: 'Start impersonation' }).click();

    // The customer's dashboard of that account, with the banner.
    await waitForPath(page, '/');
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    await banner(page).getByText('Acting as Ivy Web Studio').waitFor();
    await banner(page).getByText('Reason: Ticket about the certificate').waitFor();
    expect(await banner(page).textContent()).toMatch(/(60|59) minutes left/);
    const accountSelect = sidebar(page).getByLabel('Active account');
    expect(await accountSelect.evaluate((select: HTMLSelectElement) => select.selectedOptions[0]?.textContent)).toBe('Ivy Web Studio');

    // The banner stays on every page of the portal.
    await sidebar(page).getByRole('link', { name: 'My Domains' }).click();
    await waitForPath(page, '/domains');
    await banner(page).getByText('Acting as Ivy Web Studio').waitFor();

    // A phone: the banner fits.
    await page.setViewportSize(PHONE);
    await banner(page).getByRole('button', { name: 'Exit impersonation' }).waitFor();
    await expect.poll(() => overflowingElements(page)).toEqual([]);
    await page.setViewportSize({ width: 1280, height: 900 });

    await banner(page).getByRole('button', { name: 'Exit impersonation' }).click();
    await waitForPath(page, '/super-admin');
    await expect.poll(() => banner(page).count()).toBe(0);
    await sidebar(page).getByRole('link', { name: 'Accounts' }).waitFor();
    await sidebar(page).getByRole('link', { name: 'Super Admin' }).waitFor();
    // The account is out of reach again, after a reload too.
    await page.reload();
    await sidebar(page).getByRole('link', { name: 'Super Admin' }).waitFor();
    expect(await banner(page).count()).toBe(0);
    expect(await sidebar(page).getByText('Ivy Web Studio').count()).toBe(0);

    expectNoErrors(customer);
    expectNoErrors(operator);
  });
});
