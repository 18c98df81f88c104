import { describe, expect, it } from 'vitest';
import { createAccount, field, newPerson, register, signIn, waitForPath } from './support/actions.ts';
import { overflowingElements, PHONE } from './support/layout.ts';
import { readOutbox } from './support/outbox.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './support/server.ts';
import { expectNoErrors, useE2E } from './support/suite.ts';

describe('support desk journey', () => {
  const e2e = useE2E();

  it('an operator finds a customer\'s ticket, answers it as staff; the customer sees the staff reply, is e-mailed, and closes the ticket', async () => {
    const customer = await e2e.open();
    const person = newPerson('Sam', 'Support');
    await register(customer.page, person);
    await createAccount(customer.page, 'Sam Garden Shop');
    await customer.page.goto('/tickets/new');
    await field(customer.page, 'Subject').fill('Certificate expired on shop');
    await field(customer.page, 'Description').fill('Browsers warn that the site is not secure.');
    await customer.page.getByRole('button', { name: 'Submit Ticket' }).click();
    await waitForPath(customer.page, '/tickets');

    const operator = await e2e.open();
    const { page } = operator;
    await signIn(page, ADMIN_EMAIL, ADMIN_PASSWORD);
    await page.goto('/super-admin/tickets');
    await field(page, 'Subject contains').fill('certificate expired');
    const row = page.getByRole('row').filter({ hasText: 'Certificate expired on shop' });
    await row.getByText('Sam Garden Shop').waitFor();
    await row.getByRole('link', { name: 'Certificate expired on shop' }).click();
    await page.waitForURL(/\/super-admin\/tickets\/[^/]+$/);
    await page.getByText('Browsers warn that the site is not secure.').waitFor();
    await field(page, 'Reply to the customer').fill('We renewed the certificate; please reload the site.');
    await page.getByRole('button', { name: 'Reply and mark as answered' }).click();
    await page.getByText('Reply sent. The customer has been e-mailed.').waitFor();
    await page.getByRole('list', { name: 'Conversation' }).getByText('We renewed the certificate; please reload the site.').waitFor();

    await page.setViewportSize(PHONE);
    await expect.poll(() => overflowingElements(page)).toEqual([]);

    // The customer: the reply marked as staff, the ticket answered, the e-mail with the link.
    const ticketPath = new URL(page.url()).pathname.replace('/super-admin', '');
    const mail = readOutbox(e2e.server.sqliteFile, person.email).find((m) => m.subject === 'Re: Certificate expired on shop');
    expect(mail?.text_body).toContain(`${e2e.baseUrl}${ticketPath}`);
    await customer.page.goto(ticketPath);
    const reply = customer.page.getByRole('listitem').filter({ hasText: 'We renewed the certificate' });
    await reply.getByText('Staff', { exact: true }).waitFor();
    await reply.getByText('(Support)', { exact: false }).waitFor();
    await customer.page.getByText('Answered', { exact: true }).waitFor();

    await customer.page.getByRole('button', { name: 'Close ticket' }).click();
    await customer.page.getByRole('dialog', { name: 'Close ticket' }).getByRole('button', { name: 'Close ticket' }).click();
    await customer.page.getByText('Closed', { exact: true }).waitFor();
    await expect.poll(() => customer.page.getByRole('button', { name: 'Close ticket' }).count()).toBe(0);

    expectNoErrors(customer);
    expectNoErrors(operator);
  });
});
