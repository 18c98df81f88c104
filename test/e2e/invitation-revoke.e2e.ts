import { describe, expect, it } from 'vitest';
import { INVITATION_REVOKED } from '../../src/common/invitations/texts.ts';
import { createAccount, field, newPerson, register } from './support/actions.ts';
import { overflowingElements } from './support/layout.ts';

const PHONE = { width: 375, height: 812 };
import { expectNoErrors, useE2E } from './support/suite.ts';

const ACCOUNT = 'Revoke Check Hosting';
const INVITATION_LINK = /https?:\/\/[^\s"<>]+\/accept-invitation\/[A-Za-z0-9_-]+/;

describe('revoking an invitation (issue 21)', () => {
  const e2e = useE2E();

  it('the owner invites, sees the invitation pending, revokes it after a confirmation, and the invitee\'s link is refused', async () => {
    const owner = await e2e.open();
    const invitee = newPerson('Rita', 'Revoked');
    await register(owner.page, newPerson('Omar', 'Owner'));
    await createAccount(owner.page, ACCOUNT);

    // Nothing pending yet: the empty state points at the form.
    await owner.page.goto('/account-settings');
    await owner.page.getByRole('heading', { name: 'Pending invitations (0)' }).waitFor();
    await owner.page.getByText('No pending invitations.', { exact: false }).waitFor();

    const inviteForm = owner.page.getByRole('form', { name: 'Invite New Member' });
    await field(inviteForm, 'Email').fill(invitee.email);
    await field(inviteForm, 'Role').selectOption('member');
    await inviteForm.getByRole('button', { name: 'Send Invitation' }).click();
    await owner.page.getByText(`Invitation sent successfully to ${invitee.email}.`).waitFor();
    const link = await e2e.mailedLink(invitee.email, INVITATION_LINK);

    // It shows as pending, with its role and who sent it.
    await owner.page.getByRole('heading', { name: 'Pending invitations (1)' }).waitFor();
    const pending = owner.page.getByRole('table', { name: 'Pending invitations' });
    const row = pending.getByRole('row').filter({ hasText: invitee.email });
    await row.getByText('Member', { exact: true }).waitFor();

    // On a phone the list becomes cards that fit, the Revoke button included.
    await owner.page.setViewportSize(PHONE);
    await expect.poll(() => overflowingElements(owner.page)).toEqual([]);
    await owner.page.setViewportSize({ width: 1280, height: 900 });

    // Revoking asks first; keeping it changes nothing.
    await row.getByRole('button', { name: `Revoke invitation to ${invitee.email}` }).click();
    const dialog = owner.page.getByRole('dialog', { name: 'Revoke invitation' });
    await dialog.getByRole('button', { name: 'Keep it' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await pending.getByRole('row').filter({ hasText: invitee.email }).count()).toBe(1);

    await row.getByRole('button', { name: `Revoke invitation to ${invitee.email}` }).click();
    await dialog.getByRole('button', { name: 'Revoke invitation' }).click();
    await owner.page.getByText(`Invitation to ${invitee.email} revoked.`).waitFor();
    await owner.page.getByRole('heading', { name: 'Pending invitations (0)' }).waitFor();

    // The invitee opens the e-mailed link: it is refused with a sentence, and nothing can be accepted.
    const visitor = await e2e.open();
    await visitor.page.goto(link);
    await visitor.page.getByRole('alert').filter({ hasText: INVITATION_REVOKED }).waitFor();
    expect(await visitor.page.getByRole('button', { name: 'Accept Invitation' }).count()).toBe(0);

    expectNoErrors(visitor);
    expectNoErrors(owner);
  });
});
