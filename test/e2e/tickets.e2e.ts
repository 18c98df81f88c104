import { describe, expect, it } from 'vitest';
import { createAccount, field, newPerson, register, signIn, waitForPath } from './support/actions.ts';
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
    expect(await fitsOnScreen(row.getByText('High', { exact: true }))).toBe(true);
    expect(await fitsOnScreen(row.getByText('Open', { exact: true }))).toBe(true);
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

  it('a reply written in one browser appears in another open on the same ticket, without a reload', async () => {
    const laptop = await e2e.open();
    const person = newPerson('Lena', 'Live');
    await register(laptop.page, person);
    await createAccount(laptop.page, 'Lena Live Hosting');
    await laptop.page.goto('/tickets/new');
    await field(laptop.page, 'Subject').fill('Certificate renewal');
    await field(laptop.page, 'Priority').selectOption('medium');
    await field(laptop.page, 'Description').fill('The certificate expires next week.');
    await laptop.page.getByRole('button', { name: 'Submit Ticket' }).click();
    await waitForPath(laptop.page, '/tickets');
    await laptop.page.getByRole('link', { name: 'Certificate renewal' }).click();
    await laptop.page.waitForURL(/\/tickets\/[^/]+$/);
    await laptop.page.getByText('No replies yet.').waitFor();

    // The same person signed in on a second device (its own cookies and session) opens the ticket.
    const phone = await e2e.open();
    await signIn(phone.page, person.email, person.password);
    await phone.page.goto(new URL(laptop.page.url()).pathname);
    await phone.page.getByRole('heading', { name: 'Certificate renewal' }).waitFor();

    await field(phone.page, 'Reply').fill('Renewed it myself from the phone.');
    await phone.page.getByRole('button', { name: 'Add Reply' }).click();
    await phone.page.getByText('Renewed it myself from the phone.').waitFor();

    // The laptop was not reloaded: the reply arrives over the live stream.
    let reloaded = false;
    laptop.page.on('framenavigated', (frame) => { if (frame === laptop.page.mainFrame()) reloaded = true; });
    await laptop.page.getByText('Renewed it myself from the phone.').waitFor();
    await field(laptop.page, 'Reply').fill('And the laptop answers.');
    await laptop.page.getByRole('button', { name: 'Add Reply' }).click();
    await phone.page.getByText('And the laptop answers.').waitFor();
    expect(reloaded).toBe(false);

    expectNoErrors(laptop);
    expectNoErrors(phone);
  });
});
