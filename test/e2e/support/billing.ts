import { readFile } from 'node:fs/promises';
import type { Locator, Page } from 'playwright-core';
import { field } from './actions.ts';

export const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Sidebar' });

/** The first plan card on a plans page, with its name (the card is an article named after its product). */
export async function firstPlan(page: Page): Promise<{ card: Locator; name: string }> {
  const card = page.getByRole('article').first();
  await card.waitFor();
  const name = await card.getAttribute('aria-label');
  if (!name) throw new Error('The plan card has no name.');
  return { card, name };
}

/** Fills the TEST MODE checkout's card form (expiry typed as digits: the field writes 'MM / YY'). */
export async function fillTestCard(scope: Page | Locator, cardNumber: string, holder: string) {
  await field(scope, 'Card number').fill(cardNumber);
  await field(scope, 'Expiry').pressSequentially('1240');
  await field(scope, 'CVC').fill('123');
  await field(scope, 'Name on card').fill(holder);
}

/** Clicks a download link and returns the bytes the browser saved. */
export async function downloadBytes(page: Page, link: Locator): Promise<Buffer> {
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  const failure = await download.failure();
  if (failure) throw new Error(`The download failed: ${failure}`);
  const path = await download.path();
  return readFile(path);
}
