import type { Page } from 'playwright-core';

/** The number the dashboard's Support Tickets card shows as open tickets, or null while it is loading. */
export async function dashboardOpenTicketCount(page: Page): Promise<number | null> {
  const card = page.getByRole('region', { name: 'Support Tickets' });
  if (!(await card.isVisible())) return null;
  const match = (await card.textContent())?.match(/Open tickets:\s*(\d+)/);
  return match ? Number(match[1]) : null;
}

/** The account name the dashboard's Account Overview card shows, or null while it is loading. */
export async function dashboardAccountName(page: Page): Promise<string | null> {
  const card = page.getByRole('region', { name: 'Account Overview' });
  if (!(await card.isVisible())) return null;
  const name = card.locator('p').first();
  return (await name.count()) > 0 ? (await name.textContent())?.trim() ?? null : null;
}
