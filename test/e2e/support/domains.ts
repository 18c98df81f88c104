import type { Page } from 'playwright-core';
import { field } from './actions.ts';
import { fillTestCard } from './billing.ts';

/** The test-mode card that pays. */
export const SUCCEEDS = '4242 4242 4242 4242';

/** From /domains/search, a name searched in .com; answers the results table. */
export async function searchName(page: Page, name: string) {
  await field(page, 'Domain name').fill(name);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  const results = page.getByRole('table', { name: 'Search results' });
  await results.getByRole('link', { name: `Register ${name}.com` }).waitFor();
  return results;
}

/** The registration form's contact, as a customer types it. */
export async function fillContact(page: Page) {
  const form = page.getByRole('form', { name: 'Domain registration' });
  await field(form, 'Phone').fill('+1 555 555 0100');
  await field(form, 'Address').fill('1 Main Street');
  await field(form, 'City').fill('Springfield');
  await field(form, 'State / Province').fill('IL');
  await field(form, 'Postal code').fill('62701');
  return form;
}

/** Register page → 3 s → order page, which opens the test checkout by itself → paid → back on the order page; answers the order path. */
export async function orderAndPay(page: Page, domain: string, holder: string): Promise<string> {
  await page.getByRole('button', { name: 'Register domain' }).click();
  const toOrder = page.getByRole('link', { name: 'Go to your order now' });
  await toOrder.waitFor();
  const orderPath = new URL(await toOrder.getAttribute('href') ?? '', page.url()).pathname;
  // The spec's 3-second hand-over to the order page, which opens the checkout by itself: no second click.
  await page.waitForURL((url) => url.pathname === orderPath, { timeout: 10_000 });
  await page.waitForURL(/\/test-mode\/checkout\/[^/]+$/);
  await fillTestCard(page, SUCCEEDS, holder);
  await page.getByRole('button', { name: /^Pay \$/ }).click();
  await page.waitForURL((url) => url.pathname === orderPath);
  return orderPath;
}
