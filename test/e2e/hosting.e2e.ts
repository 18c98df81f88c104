import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUSPENDED_OVERDUE } from '../../src/common/hosting/servicesTexts.ts';
import { CARD_UPDATED, RENEWAL_FAILED, RENEWAL_PAID } from '../../src/common/testPayments/contract.ts';
import { startCpanelFake, type FakeCpanel } from '../support/panels/cpanel.fake.ts';
import { createAccount, field, newPerson, register, signIn, waitForPath } from './support/actions.ts';
import { fillTestCard, sidebar } from './support/billing.ts';
import { addCpanelServer, mapProductToPackage } from './support/hosting.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './support/server.ts';
import { expectNoErrors, useE2E } from './support/suite.ts';

const SUCCEEDS = '4242 4242 4242 4242';
const DECLINED = '4000 0000 0000 0002';
const PLAN = 'Business';
const PACKAGE = 'business';
const DOMAIN = 'paula-shop.example';
const SERVER = 'Fake WHM 1';
const GROUP = 'Shared hosting';
/** The server's name for customers (its host is the fake's 127.0.0.1). */
const DISPLAY_HOST = 'web1.hosting.example';
/** The journey walks every page of the lifecycle; each wait inside is bounded by the UI time-out. */
const JOURNEY_MS = 150_000;

/** The service's card on /services (named after its plan), once the list is on screen. */
const serviceCard = (page: Page) => page.getByRole('region', { name: 'Your services' }).getByRole('article', { name: PLAN });

/** /billing → Manage Payment Methods → the TEST MODE portal. */
async function openTestPortal(page: Page) {
  await page.goto('/billing');
  await page.getByRole('button', { name: 'Manage Payment Methods' }).click();
  await page.waitForURL(/\/test-mode\/portal\/[^/]+$/);
  await page.getByRole('heading', { name: 'Payment method' }).waitFor();
}

/** In the test portal: the card on file becomes `card`, then the renewal is charged now. */
async function renewWithCard(page: Page, card: string, holder: string) {
  await page.getByRole('button', { name: 'Update card' }).click();
  const form = page.getByRole('form', { name: 'Card details' });
  await fillTestCard(form, card, holder);
  await form.getByRole('button', { name: 'Save card' }).click();
  await page.getByText(CARD_UPDATED).waitFor();
  await page.getByRole('article', { name: PLAN }).getByRole('button', { name: 'Renew now (test)' }).click();
}

describe('hosting that provisions itself (cPanel fake, test-mode payments)', () => {
  // No grace: a failed renewal suspends the service as it fails (the sweep would do it minutes later).
  const e2e = useE2E({ HOSTING_SUSPEND_GRACE_DAYS: '0' });
  // The panel runs in this process; the server (its own process) reaches it over http on 127.0.0.1.
  let fake: FakeCpanel;
  beforeAll(async () => { fake = await startCpanelFake(); });
  afterAll(async () => { await fake?.close(); });

  const panelAccount = (username: string) => fake.accounts().find((account) => account.username === username);

  it('is bought, set up, opened through SSO, suspended by a failed renewal, restored by paying, and terminated by the operator', async () => {
    // 1. The operator adds the server and its group, and maps the Business plan to the panel's package.
    const operator = await e2e.open();
    await signIn(operator.page, ADMIN_EMAIL, ADMIN_PASSWORD);
    await addCpanelServer(operator.page, fake, { server: SERVER, group: GROUP, displayHost: DISPLAY_HOST });
    await mapProductToPackage(operator.page, PLAN, GROUP, PACKAGE);

    // 2. A customer buys Business with the test card, giving the domain, and sees it become active.
    const customer = await e2e.open();
    const { page } = customer;
    await register(page, newPerson('Paula', 'Provisioned'));
    await createAccount(page, 'Paula Shop');
    await page.goto('/services');
    await page.getByRole('article', { name: PLAN }).getByRole('button', { name: 'Start Now' }).click();
    const domainForm = page.getByRole('form', { name: 'Your website\'s domain' });
    await field(domainForm, 'Primary domain').fill(DOMAIN);
    await domainForm.getByRole('button', { name: 'Continue to payment' }).click();
    await page.waitForURL(/\/test-mode\/checkout\/[^/]+$/);
    await fillTestCard(page, SUCCEEDS, 'Paula Provisioned');
    await page.getByRole('button', { name: 'Subscribe' }).click();
    await waitForPath(page, '/billing');
    await page.getByText('Payment received. Your subscription is now active.').waitFor();

    await sidebar(page).getByRole('link', { name: 'All Services' }).click();
    await waitForPath(page, '/services');
    const card = serviceCard(page);
    // Pending first or already done, depending on the runner's speed; the page polls while it is being set up.
    await card.getByText('Active', { exact: true }).waitFor();
    await card.getByText(`Server: ${DISPLAY_HOST}`).waitFor();
    await card.getByText(`Domain: ${DOMAIN}`).waitFor();
    const created = fake.accounts();
    expect(created).toHaveLength(1);
    expect(created[0]).toMatchObject({ domain: DOMAIN, package: PACKAGE, suspended: false });
    const username = created[0]!.username;

    // 3. The service's page: Log in to control panel opens the panel's one-time URL in a new tab.
    await card.getByRole('link', { name: PLAN }).click();
    await page.waitForURL(/\/services\/[^/]+$/);
    const serviceUrl = page.url();
    await page.getByText(`Username: ${username}`).waitFor();
    const [tab] = await Promise.all([
      customer.context.waitForEvent('page'),
      page.getByRole('button', { name: 'Log in to control panel' }).click(),
    ]);
    await tab.getByText(`Logged in as ${username}`).waitFor();
    expect(new URL(tab.url()).origin).toBe(fake.http.url);
    // The panel served that login, and the URL was spent: it opens no session a second time.
    expect(fake.http.requests.filter((request) => request.method === 'GET' && request.path.startsWith('/cpsess'))).toHaveLength(1);
    expect(fake.ssoAccount(tab.url())).toBeNull();
    await tab.close();

    // 4. The renewal's card is declined: the service is suspended for the overdue payment, on the panel too.
    await openTestPortal(page);
    await renewWithCard(page, DECLINED, 'Paula Provisioned');
    await page.getByText(RENEWAL_FAILED).waitFor();
    await page.goto('/services');
    await serviceCard(page).getByText('Suspended', { exact: true }).waitFor();
    await serviceCard(page).getByText(SUSPENDED_OVERDUE).waitFor();
    expect(panelAccount(username)?.suspended).toBe(true);
    await page.goto(serviceUrl);
    await page.getByRole('alert').or(page.getByRole('status')).getByText(SUSPENDED_OVERDUE).waitFor();
    // Hidden while suspended.
    expect(await page.getByRole('button', { name: 'Log in to control panel' }).count()).toBe(0);

    // 5. Paying the overdue invoice with a working card restores it.
    await openTestPortal(page);
    await renewWithCard(page, SUCCEEDS, 'Paula Provisioned');
    await page.getByText(RENEWAL_PAID).waitFor();
    await page.goto('/services');
    await serviceCard(page).getByText('Active', { exact: true }).waitFor();
    expect(await serviceCard(page).getByText(SUSPENDED_OVERDUE).count()).toBe(0);
    expect(panelAccount(username)?.suspended).toBe(false);

    // 6. The operator terminates the service after typing its username; it is gone from the panel.
    await operator.page.goto('/super-admin/services');
    const row = operator.page.getByRole('row').filter({ hasText: username });
    // The row's link to the service's detail (a row may also link to the customer's account).
    await row.locator('a[href^="/super-admin/services/"]').first().click();
    await operator.page.waitForURL(/\/super-admin\/services\/[^/]+$/);
    await operator.page.getByRole('button', { name: 'Terminate', exact: true }).click();
    await field(operator.page, 'Type the username to confirm').fill(username);
    await operator.page.getByRole('button', { name: 'Terminate service' }).click();
    await operator.page.getByText('Terminated', { exact: true }).first().waitFor();
    await expect.poll(() => panelAccount(username)).toBeUndefined();
    expect(fake.accounts()).toEqual([]);

    expectNoErrors(operator);
    expectNoErrors(customer);
  }, JOURNEY_MS);
});
