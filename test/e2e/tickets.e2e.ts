import { describe, expect, it } from 'vitest';
import { createAccount, field, newPerson, register, waitForPath } from './support/actions.ts';
import { dashboardOpenTicketCount } from './support/dashboard.ts';
import { fitsOnScreen, overflowingElements, PHONE, truncatedBadges } from './support/layout.ts';
import { expectNoErrors, useE2E } from './support/suite.ts';

describe('support tickets journey', () => {
  const e2e = useE2E();

  it('registers, creates an account, submits a ticket, finds it in the list and the dashboard, and replies', async () => {
    const tracked = await e2e.open();
    const { page } = tracked;
    const person = newPerson('Tina', 'Tickets');

    await register(page, person);
    await createAccount(page, 'Tina Hosting Ltd');

    // Submit a ticket; the page confirms, clears the form and moves on to the list after 1.5 s.
    await page.goto('/tickets/new');
    await field(page, 'Subject').fill('Mailbox quota exceeded');
    await field(page, 'Priority').selectOption('high');
    await field(page, 'Description').fill('Our info@ mailbox stopped receiving mail this morning.');
    await page.getByRole('button', { name: 'Submit Ticket' }).click();
    await page.getByText('Ticket submitted successfully!').waitFor();
    await waitForPath(page, '/tickets');

    await page.getByRole('heading', { name: 'My Support Tickets' }).waitFor();
    const row = page.getByRole('row').filter({ hasText: 'Mailbox quota exceeded' });
    await row.waitFor();
    await expect.poll(() => row.textContent()).toMatch(/open/i);
    expect(await row.textContent()).toMatch(/high/i);
    const list = page.getByRole('table', { name: 'My support tickets' });
    expect(await truncatedBadges(list)).toEqual([]);

    // On a phone the rows become cards: nothing scrolls sideways, status and priority are whole.
    await page.setViewportSize(PHONE);
    await row.getByRole('link', { name: 'Mailbox quota exceeded' }).waitFor();
    await expect.poll(() => overflowingElements(page)).toEqual([]);
    expect(await truncatedBadges(list)).toEqual([]);
    expect(await fitsOnScreen(row.getByText('high', { exact: true }))).toBe(true);
    expect(await fitsOnScreen(row.getByText('open', { exact: true }))).toBe(true);
    await page.setViewportSize({ width: 1280, height: 900 });

    // The dashboard counts the account's open tickets.
    await page.goto('/');
    await expect.poll(() => dashboardOpenTicketCount(page), { timeout: 10_000 }).toBe(1);

    // Open the ticket from the list and reply.
    await page.goto('/tickets');
    await page.getByRole('link', { name: 'Mailbox quota exceeded' }).click();
    await page.waitForURL(/\/tickets\/[^/]+$/);
    await page.getByRole('heading', { name: 'Mailbox quota exceeded' }).waitFor();
    await page.getByText('Our info@ mailbox stopped receiving mail this morning.').waitFor();
    await field(page, 'Reply').fill('It works again after the cleanup, thanks!');
    await page.getByRole('button', { name: 'Add Reply' }).click();
    await page.getByText('It works again after the cleanup, thanks!').waitFor();

    // The reply is stored, not only shown: it is still there after a reload.
    await page.reload();
    await page.getByRole('heading', { name: 'Mailbox quota exceeded' }).waitFor();
    await page.getByText('It works again after the cleanup, thanks!').waitFor();
    expect(await field(page, 'Reply').inputValue()).toBe('');

    expectNoErrors(tracked);
  });
});
