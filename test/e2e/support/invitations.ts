import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { field, type Person, register, waitForPath } from './actions.ts';
import type { E2E } from './suite.ts';

const INVITATION_LINK = /https?:\/\/[^\s"<>]+\/accept-invitation\/[A-Za-z0-9_-]+/;
const VERIFICATION_LINK = /https?:\/\/[^\s"<>]+\/api\/auth\/verify-email\?[^\s"<>]+/;

/**
 * The owner (signed in, the account active) invites `person` with `role`; the person registers,
 * verifies the address from the mailed link and accepts: the account is then theirs to work in.
 */
export async function inviteAndJoin(e2e: E2E, owner: Page, invitee: Page, person: Person, role: 'member' | 'super_admin') {
  await owner.goto('/account-settings');
  const inviteForm = owner.getByRole('form', { name: 'Invite New Member' });
  await field(inviteForm, 'Email').fill(person.email);
  await field(inviteForm, 'Role').selectOption(role);
  await inviteForm.getByRole('button', { name: 'Send Invitation' }).click();
  await owner.getByText(`Invitation sent successfully to ${person.email}.`).waitFor();

  await register(invitee, person);
  const verification = await e2e.mailedLink(person.email, VERIFICATION_LINK);
  await invitee.goto(verification);
  await invitee.waitForLoadState();

  await invitee.goto(await e2e.mailedLink(person.email, INVITATION_LINK));
  const accept = invitee.getByRole('button', { name: 'Accept Invitation' });
  await accept.waitFor();
  // Enabled once the page knows the address is verified.
  await expect.poll(() => accept.isEnabled()).toBe(true);
  await accept.click();
  await invitee.getByText('Invitation accepted successfully! Redirecting...').waitFor();
  await waitForPath(invitee, '/');
}
