import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { field, signIn, waitForPath } from './support/actions.ts';
import { sidebar } from './support/billing.ts';
import { overflowingElements, PHONE } from './support/layout.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './support/server.ts';
import { expectNoErrors, useE2E } from './support/suite.ts';
import { type FakeRdap, rdapDomain, startFakeRdap } from '../support/registrars/rdap.fake.ts';

describe('WHOIS lookup (issue 19)', () => {
  // The server asks a local registry; its address is known only once the fake listens, before the server starts.
  const serverEnv: NodeJS.ProcessEnv = {};
  let rdap: FakeRdap;
  beforeAll(async () => {
    rdap = await startFakeRdap();
    rdap.domains.set('acme-widgets.com', rdapDomain('acme-widgets.com'));
    serverEnv.RDAP_BOOTSTRAP_URL = rdap.bootstrapUrl;
  });
  afterAll(async () => { await rdap.server.close(); });
  const e2e = useE2E(serverEnv);

  it('an operator looks a domain up from the sidebar and reads its fields and raw answer, on a desktop and a phone', async () => {
    const operator = await e2e.open();
    const { page } = operator;
    await signIn(page, ADMIN_EMAIL, ADMIN_PASSWORD);
    await page.goto('/super-admin');
    await page.getByRole('navigation', { name: 'Back-office pages' }).getByRole('link', { name: /WHOIS lookup/ }).waitFor();
    await sidebar(page).getByRole('link', { name: 'WHOIS Lookup' }).click();
    await waitForPath(page, '/super-admin/whois-lookup');
    await page.getByRole('heading', { level: 1, name: 'WHOIS Lookup' }).waitFor();

    // Not a domain name: said under the box, and nobody is asked.
    await field(page, 'Domain name').fill('https://acme-widgets.com/about');
    await page.getByRole('button', { name: 'Look up' }).click();
    await page.getByText('This is not a domain name.', { exact: false }).waitFor();
    expect(rdap.server.requests.filter((r) => r.path.startsWith('/rdap/domain/'))).toEqual([]);

    await field(page, 'Domain name').fill('ACME-Widgets.com');
    await page.getByRole('button', { name: 'Look up' }).click();
    await page.getByRole('heading', { name: 'acme-widgets.com' }).waitFor();
    await page.getByText('Example Registrar LLC', { exact: true }).waitFor();
    await page.getByText('client transfer prohibited', { exact: true }).waitFor();
    await page.getByText('ns1.example.net', { exact: true }).waitFor();
    const raw = page.getByLabel('Raw RDAP answer');
    expect(await raw.textContent()).toContain('"ldhName": "ACME-WIDGETS.COM"');

    // A name the registry does not know, opened from a link.
    await page.goto('/super-admin/whois-lookup?domain=free-name.com');
    await page.getByText('The registry has no record of this name: it is not registered.').waitFor();

    await page.setViewportSize(PHONE);
    await page.goto('/super-admin/whois-lookup?domain=acme-widgets.com');
    await page.getByText('Example Registrar LLC', { exact: true }).waitFor();
    await expect.poll(() => overflowingElements(page)).toEqual([]);
    expectNoErrors(operator);
  });
});
