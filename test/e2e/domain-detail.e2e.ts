import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { field, signIn } from './support/actions.ts';
import { overflowingElements, PHONE } from './support/layout.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './support/server.ts';
import { expectNoErrors, useE2E } from './support/suite.ts';
import { type FakeRdap, rdapDomain, startFakeRdap } from '../support/registrars/rdap.fake.ts';

const DOMAIN = 'hand-kept-example.com';

/**
 * A domain kept by hand and assigned to no account, as an import leaves it. Written into the
 * server's database directly: adding domains is the inventory's screen, not this journey's.
 */
function seedManualDomain(sqliteFile: string) {
  const db = new Database(sqliteFile, { fileMustExist: true, timeout: 5_000 });
  try {
    const now = new Date().toISOString();
    db.prepare(`insert into domains (id, account_id, name, tld, status, supplier_id, management_mode, registration_date, expiration_date,
      nameservers, contacts, created_at, updated_at) values (?, null, ?, 'com', 'active', null, 'manual', ?, ?, ?, null, ?, ?)`)
      .run('dom_e2e_detail', DOMAIN, '2025-03-14T00:00:00.000Z', '2026-03-14T00:00:00.000Z', JSON.stringify(['ns1.ours.example', 'ns2.ours.example']), now, now);
  } finally {
    db.close();
  }
}

describe('operator domain detail (issue 19)', () => {
  const serverEnv: NodeJS.ProcessEnv = {};
  let rdap: FakeRdap;
  beforeAll(async () => {
    rdap = await startFakeRdap();
    // The registry says the domain was renewed to 2027; our record still says 2026.
    rdap.domains.set(DOMAIN, rdapDomain(DOMAIN, { events: [
      { eventAction: 'registration', eventDate: '2025-03-14T10:00:00Z' },
      { eventAction: 'expiration', eventDate: '2027-03-14T10:00:00Z' },
    ] }));
    serverEnv.RDAP_BOOTSTRAP_URL = rdap.bootstrapUrl;
  });
  afterAll(async () => { await rdap.server.close(); });
  const e2e = useE2E(serverEnv);

  it('an operator opens a domain, verifies it against the registry, applies the correction and sees the new expiry', async () => {
    seedManualDomain(e2e.server.sqliteFile);
    const operator = await e2e.open();
    const { page } = operator;
    await signIn(page, ADMIN_EMAIL, ADMIN_PASSWORD);
    await page.goto(`/super-admin/domains/${DOMAIN}`);
    await page.getByRole('heading', { level: 1, name: DOMAIN }).waitFor();
    expect(await field(page, 'Expiry date').inputValue()).toBe('2026-03-14');
    await page.getByRole('region', { name: 'Domain Information' }).getByText('Example Registrar LLC').waitFor();

    // Nothing edited yet: Save Changes says so and sends nothing.
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByRole('alert').filter({ hasText: 'No changes to save' }).waitFor();

    // Compare Data: our database beside the supplier (not asked: kept by hand) and WHOIS.
    await page.getByRole('button', { name: 'Compare Data' }).click();
    const table = page.getByRole('table', { name: 'Our record compared with the supplier and WHOIS' });
    const expiryRow = table.getByRole('row').filter({ hasText: 'Expiry date' });
    await expiryRow.getByText('Changed').waitFor();
    await page.getByRole('button', { name: 'Hide Data' }).waitFor();

    // Verify: the review proposes the registry's expiry, ticked; Apply Corrections writes it.
    await page.getByRole('button', { name: 'Verify' }).click();
    const panel = page.getByRole('dialog', { name: `Verification Review: ${DOMAIN}` });
    const expiry = panel.getByRole('region', { name: 'Expiry date' });
    const apply = expiry.getByRole('checkbox', { name: /Apply Expiry date/ });
    await apply.waitFor();
    expect(await apply.isChecked()).toBe(true);
    await panel.getByRole('button', { name: 'Apply Corrections' }).click();
    await panel.getByRole('status').filter({ hasText: 'Changes saved successfully' }).waitFor();
    await panel.getByRole('button', { name: 'Close' }).last().click();
    await panel.waitFor({ state: 'hidden' });

    await expect.poll(() => field(page, 'Expiry date').inputValue()).toBe('2027-03-14');
    await expect.poll(async () => (await expiryRow.textContent()) ?? '').toContain('Matches');

    // A correction by hand: the status, saved with Save Changes.
    await page.getByRole('region', { name: 'Domain Configuration' }).getByLabel('Status', { exact: true }).first().click();
    await page.getByRole('option', { name: 'Suspended' }).click();
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByRole('status').filter({ hasText: 'Changes saved successfully' }).waitFor();
    await page.locator('main header').getByText('Suspended', { exact: true }).waitFor();

    await page.setViewportSize(PHONE);
    await page.getByRole('heading', { level: 1, name: DOMAIN }).waitFor();
    await expect.poll(() => overflowingElements(page)).toEqual([]);
    // The 480px side panel fits a phone too.
    await page.getByRole('button', { name: 'Verify' }).click();
    await panel.getByRole('region', { name: 'Expiry date' }).getByText('Matches').waitFor();
    await expect.poll(() => overflowingElements(page)).toEqual([]);
    expectNoErrors(operator);
  });
});
