import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, newPerson, register, signIn, waitForPath } from './support/actions.ts';
import { sidebar } from './support/billing.ts';
import { overflowingElements, PHONE } from './support/layout.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './support/server.ts';
import { expectNoErrors, useE2E } from './support/suite.ts';
import { DYNADOT_FAKE_KEY, type FakeDynadot, startFakeDynadot } from '../support/registrars/dynadot.fake.ts';
import { type FakeRdap, rdapDomain, startFakeRdap } from '../support/registrars/rdap.fake.ts';

const DESKTOP = { width: 1280, height: 900 };

/** Nothing on the page scrolls sideways at phone width; back to the desktop after. */
async function fitsPhone(page: Page, ready: () => Promise<unknown>) {
  await page.setViewportSize(PHONE);
  await ready();
  await expect.poll(() => overflowingElements(page)).toEqual([]);
  await page.setViewportSize(DESKTOP);
}

/**
 * Issue 19's whole operator journey over the domain half of the back office: a WHMCS export in,
 * a domain verified and corrected against its registry, the unassigned ones mapped, a supplier
 * deactivated, TLDs and a registrar's portfolio synced; the customer then holds what was mapped.
 */
describe('the domain back office, end to end (issue 19)', () => {
  const serverEnv: NodeJS.ProcessEnv = {};
  let rdap: FakeRdap;
  let dynadot: FakeDynadot;
  beforeAll(async () => {
    rdap = await startFakeRdap();
    // The registry already knows the renewal that WHMCS's export predates.
    rdap.domains.set('nova-one.com', rdapDomain('nova-one.com', { events: [
      { eventAction: 'registration', eventDate: '2024-03-14T10:00:00Z' },
      { eventAction: 'expiration', eventDate: '2028-03-14T10:00:00Z' },
    ] }));
    dynadot = await startFakeDynadot(DYNADOT_FAKE_KEY);
    dynadot.seedDomain('nova-at-dynadot.com', { expiresMs: Date.UTC(new Date().getUTCFullYear() + 1, 4, 1), nameservers: ['ns1.dynadot.example'], locked: true });
    Object.assign(serverEnv, {
      RDAP_BOOTSTRAP_URL: rdap.bootstrapUrl,
      DYNADOT_API_KEY: DYNADOT_FAKE_KEY, DYNADOT_API_URL: dynadot.url, ALLOW_TEST_PAYMENTS_WITH_REAL_REGISTRARS: 'true',
    });
  });
  afterAll(async () => {
    await rdap.server.close();
    await dynadot.close();
  });
  const e2e = useE2E(serverEnv);

  it('import, preview, apply, verify, correct, map, deactivate, sync; the customer sees the mapped domains', async () => {
    const customer = await e2e.open();
    const person = newPerson('Nova', 'Owner');
    await register(customer.page, person);
    await createAccount(customer.page, 'Nova Studio');

    const operator = await e2e.open();
    const { page } = operator;
    await page.setViewportSize(DESKTOP);
    await signIn(page, ADMIN_EMAIL, ADMIN_PASSWORD);
    await page.goto('/super-admin');
    await sidebar(page).getByRole('link', { name: 'Domains', exact: true }).click();
    await waitForPath(page, '/super-admin/domains');
    await page.getByText('No domains found.').waitFor();

    // The WHMCS export: a client we know by e-mail, one we do not, and a cancelled domain.
    const csv = [
      'domain,status,registrar,regdate,expirydate,donotrenew,email',
      `nova-one.com,Active,,2024-03-14,2026-03-14,0,${person.email}`,
      'loose-one.com,Active,,2025-05-01,2027-05-01,1,someone@elsewhere.test',
      `gone-one.com,Cancelled,,2020-01-01,2021-01-01,0,${person.email}`,
    ].join('\r\n');
    await page.getByRole('button', { name: 'Import WHMCS CSV' }).click();
    const importer = page.getByRole('dialog', { name: 'Import WHMCS CSV' });
    await importer.locator('input[type=file]').setInputFiles({ name: 'domains.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await importer.getByRole('button', { name: 'Preview' }).click();
    const preview = importer.getByRole('table');
    await preview.getByRole('row').filter({ hasText: 'nova-one.com' }).getByText('Nova Studio').waitFor();
    await preview.getByRole('row').filter({ hasText: 'gone-one.com' }).waitFor();
    await importer.getByRole('button', { name: 'Apply Import' }).click();
    await importer.getByRole('status').filter({ hasText: 'Import applied: 2 created, 0 updated, 1 skipped.' }).waitFor({ timeout: 30_000 });
    await importer.getByRole('button', { name: 'Close' }).last().click();
    const inventory = page.getByRole('table');
    await inventory.getByRole('row').filter({ hasText: 'nova-one.com' }).getByText('Nova Studio').waitFor();
    await inventory.getByRole('row').filter({ hasText: 'loose-one.com' }).getByText('Unassigned').waitFor();
    await fitsPhone(page, () => page.getByRole('heading', { level: 1, name: 'Domains' }).waitFor());

    // Verify nova-one.com against its registry and apply the proposed expiry.
    await page.getByRole('button', { name: 'Verify nova-one.com' }).click();
    const panel = page.getByRole('dialog', { name: 'Verification Review: nova-one.com' });
    const expiry = panel.getByRole('region', { name: 'Expiry date' }).getByRole('checkbox', { name: /Apply Expiry date/ });
    await expiry.waitFor({ timeout: 30_000 });
    expect(await expiry.isChecked()).toBe(true);
    await panel.getByRole('button', { name: 'Apply Corrections' }).click();
    await panel.getByRole('status').filter({ hasText: 'Changes saved successfully' }).waitFor();
    await panel.getByRole('button', { name: 'Close' }).last().click();
    await inventory.getByRole('row').filter({ hasText: 'nova-one.com' }).getByText(/2028/).waitFor();

    // The unassigned one goes to Nova Studio on Bulk Mapping.
    await sidebar(page).getByRole('link', { name: 'Bulk Mapping' }).click();
    await waitForPath(page, '/super-admin/domains/bulk-map');
    await page.getByRole('checkbox', { name: 'Select loose-one.com' }).check();
    await page.getByLabel('Assign to account').fill('Nova');
    await page.getByRole('option', { name: /Nova Studio/ }).click();
    await page.getByRole('button', { name: 'Assign Selected (1)' }).click();
    await page.getByText('Assignment complete: 1 ok, 0 failed').waitFor();
    await fitsPhone(page, () => page.getByText('No domains found.').waitFor());

    // Registrars: the sandbox is deactivated (it alone sells .com, so the page warns first), TLDs and Dynadot's portfolio synced.
    await sidebar(page).getByRole('link', { name: 'Registrars' }).click();
    await waitForPath(page, '/super-admin/registrars');
    const suppliers = page.getByRole('table', { name: 'Suppliers' });
    const dynadotRow = suppliers.getByRole('row').filter({ hasText: 'Dynadot' });
    await dynadotRow.getByRole('button', { name: 'Deactivate Dynadot' }).click();
    const warning = page.getByRole('dialog', { name: 'Deactivate Dynadot?' });
    const deactivated = page.getByRole('status').filter({ hasText: 'Dynadot deactivated.' });
    await Promise.race([warning.waitFor(), deactivated.waitFor()]);
    if (await warning.isVisible()) await warning.getByRole('button', { name: 'Deactivate anyway' }).click();
    await deactivated.waitFor();
    await dynadotRow.getByText('Inactive', { exact: true }).waitFor();
    await dynadotRow.getByRole('button', { name: 'Activate Dynadot' }).click();
    await page.getByRole('status').filter({ hasText: 'Dynadot activated.' }).waitFor();
    await page.getByRole('button', { name: 'Sync TLDs' }).click();
    await page.getByRole('status').filter({ hasText: 'TLD sync completed. Check logs for details.' }).waitFor({ timeout: 60_000 });
    await dynadotRow.getByRole('button', { name: 'Sync domains of Dynadot' }).click();
    await page.getByRole('status').filter({ hasText: 'Dynadot sync completed: created 1, updated 0.' }).waitFor({ timeout: 30_000 });
    await fitsPhone(page, () => suppliers.waitFor());

    // The synced domain arrives unassigned, ready for the same mapping.
    await page.goto('/super-admin/domains/bulk-map');
    await page.getByRole('checkbox', { name: 'Select nova-at-dynadot.com' }).waitFor();

    // The customer holds both mapped domains; the cancelled one was never imported.
    await customer.page.goto('/domains');
    await customer.page.getByRole('link', { name: 'nova-one.com' }).first().waitFor();
    await customer.page.getByRole('link', { name: 'loose-one.com' }).first().waitFor();
    expect(await customer.page.getByRole('link', { name: 'gone-one.com' }).count()).toBe(0);
    await fitsPhone(customer.page, () => customer.page.getByRole('link', { name: 'loose-one.com' }).first().waitFor());
    expectNoErrors(operator);
    expectNoErrors(customer);
  });
});
