import { describe, expect, it } from 'vitest';
import { createAccount, field, newPerson, register } from './support/actions.ts';
import { PHONE, overflowingElements } from './support/layout.ts';
import { expectNoErrors, useE2E } from './support/suite.ts';

const ACCOUNT = 'Config Check Hosting';
const CORE_SERVICES_FAILED = 'Core services failed to load. Please refresh.';
const INVITATION_LINK = /https?:\/\/[^\s"<>]+\/accept-invitation\/[A-Za-z0-9_-]+/;

describe('invitation page without the portal\'s configuration', () => {
  const e2e = useE2E();

  it('shows the spec\'s text instead of the invitation when /api/config cannot be loaded, and the invitation once it can', async () => {
    // A real invitation, so the page has content to replace.
    const owner = await e2e.open();
    const invitee = newPerson('Ida', 'Invitee');
    await register(owner.page, newPerson('Oscar', 'Owner'));
    await createAccount(owner.page, ACCOUNT);
    await owner.page.goto('/account-settings');
    const inviteForm = owner.page.getByRole('form', { name: 'Invite New Member' });
    await field(inviteForm, 'Email').fill(invitee.email);
    await inviteForm.getByRole('button', { name: 'Send Invitation' }).click();
    await owner.page.getByText(`Invitation sent successfully to ${invitee.email}.`).waitFor();
    const link = await e2e.mailedLink(invitee.email, INVITATION_LINK);

    // The configuration request fails at the network level (every attempt, retries included).
    const visitor = await e2e.open();
    const { page } = visitor;
    await page.route('**/api/config', (route) => route.abort());
    await page.goto(link);
    const alert = page.getByRole('alert').filter({ hasText: CORE_SERVICES_FAILED });
    await alert.waitFor();
    expect(await alert.textContent()).toBe(CORE_SERVICES_FAILED);
    expect(await page.getByText(`You have been invited to join ${ACCOUNT}.`).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Accept Invitation' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Refresh' }).waitFor();
    // Readable on a phone too.
    await page.setViewportSize(PHONE);
    await expect.poll(() => overflowingElements(page)).toEqual([]);
    await page.setViewportSize({ width: 1280, height: 900 });

    // The only failures the browser saw are the aborted configuration requests.
    expect(visitor.errors.filter((e) => !e.includes('net::ERR_FAILED'))).toEqual([]);
    expect(visitor.errors.length).toBeGreaterThan(0);

    // Once the configuration loads again, the page's Refresh shows the invitation and no such text.
    await page.unroute('**/api/config');
    visitor.errors.length = 0;
    await page.getByRole('button', { name: 'Refresh' }).click();
    await page.getByText(`You have been invited to join ${ACCOUNT}.`).waitFor();
    await page.getByRole('button', { name: 'Accept Invitation' }).waitFor();
    expect(await page.getByText(CORE_SERVICES_FAILED).count()).toBe(0);

    expectNoErrors(visitor);
    expectNoErrors(owner);
  });
});
