import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createAccount, field, newPerson, register, signIn, waitForPath } from './support/actions.ts';
import { downloadBytes, fillTestCard, firstPlan, sidebar } from './support/billing.ts';
import { inviteAndJoin } from './support/invitations.ts';
import { overflowingElements, PHONE, truncatedBadges } from './support/layout.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './support/server.ts';
import { expectNoErrors, useE2E } from './support/suite.ts';

const DESKTOP = { width: 1280, height: 900 };
const SUCCEEDS = '4242 4242 4242 4242';
const DECLINED = '4000 0000 0000 0002';

/** Nothing on the page scrolls sideways at phone width. */
async function fitsPhone(page: Page, ready: () => Promise<void>) {
  await page.setViewportSize(PHONE);
  await ready();
  await expect.poll(() => overflowingElements(page)).toEqual([]);
  await page.setViewportSize(DESKTOP);
}

/** From the sidebar's Hosting link to the TEST MODE checkout of the first hosting plan; answers the plan's name. */
async function startHostingCheckout(page: Page): Promise<string> {
  await sidebar(page).getByRole('link', { name: 'Hosting' }).click();
  await waitForPath(page, '/services/hosting');
  await page.getByRole('heading', { name: 'Hosting Plans' }).waitFor();
  const { card, name } = await firstPlan(page);
  await card.getByRole('button', { name: 'Start Now' }).click();
  await page.waitForURL(/\/test-mode\/checkout\/[^/]+$/);
  await page.getByText('TEST MODE', { exact: true }).waitFor();
  return name;
}

describe('plans, checkout and billing journey (test mode)', () => {
  const e2e = useE2E();

  it('subscribes to a hosting plan with the test card, then finds the plan and its invoice on /billing and the dashboard', async () => {
    const tracked = await e2e.open();
    const { page } = tracked;
    const person = newPerson('Paula', 'Payer');
    await register(page, person);
    await createAccount(page, 'Paula Web Studio');

    // The plans page: the starter catalogue's hosting plans, marked as test mode, fitting a phone.
    await sidebar(page).getByRole('link', { name: 'Hosting' }).click();
    await waitForPath(page, '/services/hosting');
    await page.getByText('Test mode', { exact: true }).waitFor();
    const { card } = await firstPlan(page);
    expect(await card.textContent()).toMatch(/\$\d+\.\d{2}\/mo/);
    expect(await page.getByRole('article').count()).toBeGreaterThanOrEqual(3);
    await fitsPhone(page, () => card.getByRole('button', { name: 'Start Now' }).waitFor());
    await page.goto('/services');
    await page.getByRole('heading', { name: 'Available Services & Plans' }).waitFor();
    await page.getByRole('heading', { name: 'Hosting', exact: true }).waitFor();
    await fitsPhone(page, () => page.getByRole('article').first().waitFor());

    // Start Now leads to the test provider's checkout, which names the account and the plan.
    const plan = await startHostingCheckout(page);
    const summary = page.getByRole('region', { name: 'Order summary' });
    await summary.getByText('Paula Web Studio').waitFor();
    await summary.getByText(plan).waitFor();
    expect(await summary.textContent()).toMatch(/\/mo/);
    await fitsPhone(page, () => field(page, 'Card number').waitFor());

    await fillTestCard(page, SUCCEEDS, 'Paula Payer');
    await page.getByRole('button', { name: 'Subscribe' }).click();

    // Back on /billing: paid, the plan active, the first invoice listed.
    await waitForPath(page, '/billing');
    await page.getByText('Payment received. Your subscription is now active.').waitFor();
    const payments = page.getByRole('region', { name: 'Payment Methods & Subscriptions' });
    const subscriptions = payments.getByRole('list', { name: 'Subscriptions' });
    await subscriptions.getByText(plan).waitFor();
    await subscriptions.getByText('active', { exact: true }).waitFor();
    await subscriptions.getByText(/Renews on /).waitFor();
    await payments.getByRole('button', { name: 'Manage Payment Methods' }).waitFor();

    const invoices = page.getByRole('table', { name: 'Invoices' });
    const paidRow = invoices.getByRole('row').filter({ hasText: 'paid' });
    await paidRow.waitFor();
    const amount = (await paidRow.textContent())?.match(/\$\d+\.\d{2}/)?.[0];
    expect(amount).toBeDefined();
    expect(await truncatedBadges(invoices)).toEqual([]);

    // The invoice downloads as a real PDF.
    const pdf = await downloadBytes(page, paidRow.getByRole('link', { name: /Download PDF/ }));
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');

    await fitsPhone(page, () => paidRow.getByRole('link', { name: /Download PDF/ }).waitFor());
    expect(await truncatedBadges(invoices)).toEqual([]);

    // The dashboard's Billing card shows the same invoice and leads back to /billing.
    await page.goto('/');
    const billingCard = page.getByRole('region', { name: 'Billing' });
    await billingCard.getByText(amount!).waitFor();
    await billingCard.getByText('paid', { exact: true }).waitFor();
    await billingCard.getByRole('link', { name: 'View Invoices' }).click();
    await waitForPath(page, '/billing');
    await page.getByRole('table', { name: 'Invoices' }).getByRole('row').filter({ hasText: 'paid' }).waitFor();

    expectNoErrors(tracked);
  });

  it('a declined card keeps the form with the decline, and leaves no subscription and no invoice', async () => {
    const tracked = await e2e.open();
    const { page } = tracked;
    const person = newPerson('Dean', 'Declined');
    await register(page, person);
    await createAccount(page, 'Dean Declined Media');

    await startHostingCheckout(page);
    await fillTestCard(page, DECLINED, 'Dean Declined');
    await page.getByRole('button', { name: 'Subscribe' }).click();
    await page.getByText('Your card was declined.').waitFor();
    // The form stays as typed, ready for another card.
    expect(await field(page, 'Card number').inputValue()).toBe(DECLINED);
    expect(new URL(page.url()).pathname).toMatch(/^\/test-mode\/checkout\//);

    // Leaving the checkout charges nothing and says so.
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/services') && url.searchParams.get('checkout') === 'cancelled');
    await page.getByText('Checkout cancelled. You have not been charged.').waitFor();

    await page.goto('/billing');
    await page.getByRole('heading', { name: 'Billing Profile: Dean Declined Media' }).waitFor();
    await page.getByText('No invoices yet.').waitFor();
    await page.getByText('Billing needs to be activated by subscribing first.').waitFor();
    expect(await page.getByRole('list', { name: 'Subscriptions' }).count()).toBe(0);
    expect(await page.getByRole('region', { name: 'Payment Methods & Subscriptions' }).count()).toBe(0);

    expectNoErrors(tracked);
  });

  it('a member sees the plans and billing but cannot subscribe or edit: the spec\'s warnings instead', async () => {
    const owner = await e2e.open();
    const member = await e2e.open();
    const olga = newPerson('Olga', 'Owner');
    const mick = newPerson('Mick', 'Member');
    await register(owner.page, olga);
    await createAccount(owner.page, 'Olga Owner Hosting');
    await inviteAndJoin(e2e, owner.page, member.page, mick, 'member');

    await member.page.goto('/billing');
    await member.page.getByRole('heading', { name: 'Billing Profile: Olga Owner Hosting' }).waitFor();
    await member.page.getByText(
      'You do not have permission to manage billing for this account. Please contact an account owner or administrator.',
    ).waitFor();
    await member.page.getByText('Billing is managed by the account administrator.').waitFor();
    expect(await field(member.page, 'Billing email').count()).toBe(0);
    expect(await member.page.getByRole('button', { name: 'Manage Payment Methods' }).count()).toBe(0);

    await member.page.goto('/services/hosting');
    await member.page.getByText('Only the account\'s owner or administrators can subscribe', { exact: false }).waitFor();
    const { card } = await firstPlan(member.page);
    expect(await card.getByRole('button', { name: 'Start Now' }).isDisabled()).toBe(true);

    // The owner, on the same account, has the form and saves the billing contact.
    await owner.page.goto('/billing');
    await field(owner.page, 'Billing email').fill('  Accounts@Olga.Example ');
    await field(owner.page, 'Billing contact name').fill('Olga Owner');
    await owner.page.getByRole('button', { name: 'Save Billing Profile' }).click();
    await owner.page.getByText('Billing profile updated successfully!').waitFor();
    await owner.page.reload();
    await expect.poll(() => field(owner.page, 'Billing email').inputValue()).toBe('accounts@olga.example');

    expectNoErrors(owner);
    expectNoErrors(member);
  });

  it('a super admin adds a product with a price on /super-admin/products, and customers see it on /services', async () => {
    const admin = await e2e.open();
    await signIn(admin.page, ADMIN_EMAIL, ADMIN_PASSWORD);
    await sidebar(admin.page).getByRole('link', { name: 'Products' }).click();
    await waitForPath(admin.page, '/super-admin/products');
    await admin.page.getByText('Test mode', { exact: true }).waitFor();
    await admin.page.getByRole('table', { name: 'Products' }).waitFor();

    await admin.page.getByRole('button', { name: 'New product' }).click();
    const productForm = admin.page.getByRole('form', { name: 'New product' });
    await field(productForm, 'Name').fill('Mailbox Plus');
    await field(productForm, 'Category').fill('Email');
    await field(productForm, 'Features').fill('10 mailboxes\nSpam filter');
    await productForm.getByRole('button', { name: 'Create product' }).click();
    const row = admin.page.getByRole('row').filter({ hasText: 'Mailbox Plus' });
    await row.waitFor();

    await row.getByRole('button', { name: 'Add price to Mailbox Plus' }).click();
    const priceForm = admin.page.getByRole('form', { name: 'Add price' });
    await field(priceForm, 'Amount').fill('4.10');
    await priceForm.getByRole('button', { name: 'Add price' }).click();
    await row.getByText('$4.10/mo').waitFor();

    const customer = await e2e.open();
    await register(customer.page, newPerson('Cleo', 'Customer'));
    await customer.page.goto('/services');
    const email = customer.page.getByRole('region', { name: 'Email' });
    await email.getByRole('article', { name: 'Mailbox Plus' }).getByText('$4.10/mo').waitFor();
    await email.getByText('Spam filter').waitFor();
    // The back office is not theirs.
    await customer.page.goto('/super-admin/products');
    await customer.page.getByRole('heading', { name: 'Access denied' }).waitFor();
    await customer.page.getByRole('button', { name: 'Return to Dashboard' }).or(customer.page.getByRole('link', { name: 'Return to Dashboard' })).waitFor();

    expectNoErrors(admin);
    expectNoErrors(customer);
  });
});
