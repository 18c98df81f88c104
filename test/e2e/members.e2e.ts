import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createAccount, field, fillRegistration, newPerson, register, waitForPath } from './support/actions.ts';
import { dashboardAccountName } from './support/dashboard.ts';
import { fitsOnScreen, overflowingElements, PHONE } from './support/layout.ts';
import { expectNoErrors, useE2E } from './support/suite.ts';

const ACCOUNT = 'Orbit Web Services';
const INVITATION_LINK = /https?:\/\/[^\s"<>]+\/accept-invitation\/[A-Za-z0-9_-]+/;
const VERIFICATION_LINK = /https?:\/\/[^\s"<>]+\/api\/auth\/verify-email\?[^\s"<>]+/;

const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Sidebar' });

describe('members and invitations journey', () => {
  const e2e = useE2E();

  it('invites a second person, who accepts, and as a member sees neither settings nor the owner\'s tickets', async () => {
    const owner = await e2e.open();
    const invitee = await e2e.open();
    const olivia = newPerson('Olivia', 'Owner');
    const max = newPerson('Max', 'Member');

    // The owner starts an account and opens a ticket in it.
    await register(owner.page, olivia);
    await createAccount(owner.page, ACCOUNT);
    await owner.page.goto('/tickets/new');
    await field(owner.page, 'Subject').fill('Owner-only billing question');
    await field(owner.page, 'Description').fill('Please split our invoice by department.');
    await owner.page.getByRole('button', { name: 'Submit Ticket' }).click();
    await owner.page.getByText('Ticket submitted successfully!').waitFor();

    // The owner invites Max with the default role from Account Settings.
    await owner.page.goto('/account-settings');
    await owner.page.getByRole('heading', { name: `Account Settings: ${ACCOUNT}` }).waitFor();
    await owner.page.getByRole('heading', { name: 'Members (1)' }).waitFor();
    const inviteForm = owner.page.getByRole('form', { name: 'Invite New Member' });
    await field(inviteForm, 'Email').fill(max.email);
    expect(await field(inviteForm, 'Role').inputValue()).toBe('super_admin');
    // The account-level role reads "Admin", never the platform's "Super Admin".
    expect(await field(inviteForm, 'Role').locator('option:checked').textContent()).toBe('Admin');
    await inviteForm.getByRole('button', { name: 'Send Invitation' }).click();
    await owner.page.getByText(`Invitation sent successfully to ${max.email}.`).waitFor();

    // Max opens the e-mailed link before he has an account, and signs up from the invitation.
    const link = await e2e.mailedLink(max.email, INVITATION_LINK);
    expect(link.startsWith(`${e2e.baseUrl}/accept-invitation/`)).toBe(true);
    const invitationPath = new URL(link).pathname;
    await invitee.page.goto(link);
    await invitee.page.getByText(`You have been invited to join ${ACCOUNT}.`).waitFor();
    await invitee.page.getByRole('button', { name: 'Accept Invitation' }).click();
    await invitee.page.getByText('You need to be logged in to accept an invitation. Please log in or sign up.').waitFor();
    await invitee.page.getByRole('link', { name: 'Sign up' }).click();
    await fillRegistration(invitee.page, max);
    await invitee.page.getByRole('button', { name: 'Create Account' }).click();

    // Back on the invitation, signed in but not yet verified: he is told so and cannot accept.
    await waitForPath(invitee.page, invitationPath);
    await invitee.page.getByText(`Signed in as ${max.email}`).waitFor();
    await invitee.page.getByText('Please verify your e-mail address to see and accept invitations.', { exact: false }).waitFor();
    expect(await invitee.page.getByRole('button', { name: 'Accept Invitation' }).isDisabled()).toBe(true);
    // A lost mail is not a dead end: a fresh link can be sent from here.
    await invitee.page.getByRole('button', { name: 'Resend verification e-mail' }).click();
    await invitee.page.getByText(`We sent a new link to ${max.email}.`, { exact: false }).waitFor();

    // The verification link in his mail proves the address and lands him back on the invitation.
    const verification = await e2e.mailedLink(max.email, VERIFICATION_LINK);
    expect(new URL(verification).searchParams.get('callbackURL')).toBe(invitationPath);
    await invitee.page.goto(verification);
    await waitForPath(invitee.page, invitationPath);
    await invitee.page.getByText(`You have been invited to join ${ACCOUNT}.`).waitFor();
    const accept = invitee.page.getByRole('button', { name: 'Accept Invitation' });
    await expect.poll(() => accept.isEnabled()).toBe(true);
    expect(await invitee.page.getByText('Please verify your e-mail address', { exact: false }).count()).toBe(0);
    await accept.click();
    await invitee.page.getByText('Invitation accepted successfully! Redirecting...').waitFor();
    await waitForPath(invitee.page, '/');

    // The joined account is active: the dashboard shows it and the sidebar no longer asks to create one.
    await expect.poll(() => dashboardAccountName(invitee.page)).toBe(ACCOUNT);
    expect(await invitee.page.getByText('No active account.').count()).toBe(0);
    // Invited as super_admin, Max administers the account for now.
    await sidebar(invitee.page).getByRole('link', { name: 'Account Settings' }).waitFor();

    // The owner sees two members and makes Max a plain member.
    await owner.page.reload();
    await owner.page.getByRole('heading', { name: 'Members (2)' }).waitFor();
    const members = owner.page.getByRole('table', { name: 'Account members' });
    const ownerRow = members.getByRole('row').filter({ hasText: olivia.email });
    await ownerRow.getByText('Owner', { exact: true }).waitFor();
    await ownerRow.getByText('You', { exact: true }).waitFor();
    // Nobody changes the owner's role or their own.
    expect(await ownerRow.getByRole('combobox').count()).toBe(0);
    const roleOfMax = field(members, 'Role for Max Member');
    expect(await roleOfMax.inputValue()).toBe('super_admin');
    await roleOfMax.selectOption('member');
    await owner.page.getByRole('status').filter({ hasText: /role/i }).waitFor();

    // On a phone the members list becomes cards that fit the screen, controls included.
    await owner.page.setViewportSize(PHONE);
    await field(members, 'Role for Max Member').waitFor();
    await expect.poll(() => overflowingElements(owner.page)).toEqual([]);
    expect(await fitsOnScreen(field(members, 'Role for Max Member'))).toBe(true);
    expect(await fitsOnScreen(members.getByRole('button', { name: 'Remove Max Member' }))).toBe(true);
    await owner.page.setViewportSize({ width: 1280, height: 900 });
    await owner.page.reload();
    await expect.poll(() => field(owner.page, 'Role for Max Member').inputValue()).toBe('member');

    // As a member, Max has no Account Settings: not in the sidebar, and the page refuses.
    await invitee.page.reload();
    await sidebar(invitee.page).getByRole('link', { name: 'Your Profile' }).waitFor();
    expect(await sidebar(invitee.page).getByRole('link', { name: 'Account Settings' }).count()).toBe(0);
    await invitee.page.goto('/account-settings');
    await invitee.page.getByText('You do not have permission to access account settings.').waitFor();
    expect(await invitee.page.getByText('Invite New Member').count()).toBe(0);

    // Max's own ticket list is his own: the owner's ticket in the same account is not there.
    await invitee.page.goto('/tickets');
    await invitee.page.getByText('You have not submitted any support tickets yet.').waitFor();
    expect(await invitee.page.getByText('Owner-only billing question').count()).toBe(0);

    expectNoErrors(owner);
    expectNoErrors(invitee);
  });
});
