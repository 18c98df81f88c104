import { describe, expect, it } from 'vitest';
import { createAccount, field, newPerson, register, signIn, waitForPath } from './support/actions.ts';
import { sidebar } from './support/billing.ts';
import { overflowingElements, PHONE } from './support/layout.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './support/server.ts';
import { expectNoErrors, useE2E } from './support/suite.ts';

describe('domain inventory and bulk mapping (issue 19)', () => {
  const e2e = useE2E();

  it('an operator adds a domain unassigned, maps it to an account on Bulk Mapping, and the account\'s member sees it on /domains', async () => {
    const customer = await e2e.open();
    await register(customer.page, newPerson('Kai', 'Mapped'));
    await createAccount(customer.page, 'Kai Studio');

    const operator = await e2e.open();
    const { page } = operator;
    await signIn(page, ADMIN_EMAIL, ADMIN_PASSWORD);
    await page.goto('/super-admin');
    await sidebar(page).getByRole('link', { name: 'Domains', exact: true }).click();
    await waitForPath(page, '/super-admin/domains');
    await page.getByRole('heading', { level: 1, name: 'Domains' }).waitFor();
    await page.getByText('No domains found.').waitFor();

    await page.getByRole('button', { name: 'Add Domain' }).first().click();
    const add = page.getByRole('dialog', { name: 'Add Domain' });
    await field(add, 'Domain').fill('Kai-Portfolio.com');
    await field(add, 'Nameservers').fill('ns1.example.net, ns2.example.net');
    await add.getByRole('button', { name: 'Add Domain' }).click();
    await add.waitFor({ state: 'hidden' });
    const row = page.getByRole('row').filter({ hasText: 'kai-portfolio.com' });
    await row.getByText('Unassigned').waitFor();
    await row.getByText('Manual', { exact: true }).first().waitFor();

    // The list at phone width: rows become cards, nothing spills sideways.
    await page.setViewportSize(PHONE);
    await expect.poll(() => overflowingElements(page)).toEqual([]);
    await page.setViewportSize({ width: 1280, height: 900 });

    await sidebar(page).getByRole('link', { name: 'Bulk Mapping' }).click();
    await waitForPath(page, '/super-admin/domains/bulk-map');
    await page.getByRole('button', { name: /Assign Selected/ }).click();
    await page.getByText('Select at least one domain').waitFor();
    await page.getByRole('checkbox', { name: 'Select kai-portfolio.com' }).check();
    await field(page, 'Assign to account').fill('Kai');
    await page.getByRole('option', { name: /Kai Studio/ }).click();
    await page.getByRole('button', { name: 'Assign Selected (1)' }).click();
    await page.getByText('Assignment complete: 1 ok, 0 failed').waitFor();
    await page.getByText('No domains found.').waitFor();

    await customer.page.goto('/domains');
    await customer.page.getByRole('link', { name: 'kai-portfolio.com' }).first().waitFor();
    expectNoErrors(operator);
    expectNoErrors(customer);
  });
});
