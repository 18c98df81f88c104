import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, waitForPath } from './support/actions.ts';
import { overflowingElements } from './support/layout.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './support/server.ts';
import { expectNoErrors, useE2E } from './support/suite.ts';
import { DYNADOT_FAKE_KEY, type FakeDynadot, startFakeDynadot } from '../support/registrars/dynadot.fake.ts';

describe('Sync domains on the registrars page (issue 19)', () => {
  // The server's Dynadot is a local fake; its address is known only once it listens, before the server starts.
  const serverEnv: NodeJS.ProcessEnv = {};
  let dynadot: FakeDynadot;
  const expires = Date.UTC(new Date().getUTCFullYear() + 1, 4, 1);
  beforeAll(async () => {
    dynadot = await startFakeDynadot(DYNADOT_FAKE_KEY);
    for (const name of ['e2e-one.com', 'e2e-two.com', 'e2e-three.net']) dynadot.seedDomain(name, { expiresMs: expires, nameservers: ['ns1.e2e.example'], locked: true });
    // Staging against a registrar's sandbox: a real adapter beside test-mode payments, as the start check allows when told.
    Object.assign(serverEnv, { DYNADOT_API_KEY: DYNADOT_FAKE_KEY, DYNADOT_API_URL: dynadot.url, ALLOW_TEST_PAYMENTS_WITH_REAL_REGISTRARS: 'true' });
  });
  afterAll(async () => { await dynadot.close(); });
  const e2e = useE2E(serverEnv);

  it('an operator imports Dynadot\'s domains, syncs again, sees a failed list said in the spec\'s words, and the page fits a 375 px phone', async () => {
    const operator = await e2e.open();
    const { page } = operator;
    await signIn(page, ADMIN_EMAIL, ADMIN_PASSWORD);
    await page.goto('/super-admin/registrars');
    await waitForPath(page, '/super-admin/registrars');
    const row = page.getByRole('table', { name: 'Suppliers' }).getByRole('row').filter({ hasText: 'Dynadot' });
    await row.getByRole('button', { name: 'Sync domains of Dynadot' }).click();
    await page.getByRole('status').filter({ hasText: 'Dynadot sync completed: created 3, updated 0.' }).waitFor({ timeout: 30_000 });
    await page.getByRole('region', { name: 'Dynadot: domain sync' }).getByText(/1 page read: 3 created \(unassigned, ready for bulk mapping\), 0 refreshed/).waitFor();

    await row.getByRole('button', { name: 'Sync domains of Dynadot' }).click();
    await page.getByRole('status').filter({ hasText: 'Dynadot sync completed: created 0, updated 3.' }).waitFor({ timeout: 30_000 });

    // Dynadot's list fails: nothing new is claimed, and the alert says which supplier and why.
    dynadot.http.overrideWhen((r) => r.params.command === 'list_domain', { status: 502, contentType: 'text/html', body: '<html>Bad gateway</html>' }, 1);
    await row.getByRole('button', { name: 'Sync domains of Dynadot' }).click();
    await page.getByRole('alert').filter({ hasText: /^Failed to sync Dynadot: Dynadot's domain list could not be read to its end/ }).waitFor({ timeout: 30_000 });

    await page.setViewportSize({ width: 375, height: 812 });
    await page.getByRole('button', { name: 'Sync domains of Dynadot' }).waitFor();
    await expect.poll(() => overflowingElements(page)).toEqual([]);
    expectNoErrors(operator);
  });
});
