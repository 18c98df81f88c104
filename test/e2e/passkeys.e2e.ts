import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { field, fillSignIn, newPerson, register, waitForPath } from './support/actions.ts';
import { PHONE, overflowingElements } from './support/layout.ts';
import { expectNoErrors, useE2E } from './support/suite.ts';

/** Chrome's virtual authenticator: a platform passkey that holds discoverable credentials and verifies the user. */
async function virtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true },
  });
  return { cdp, authenticatorId };
}

describe('passkeys journey', () => {
  const e2e = useE2E();

  it('adds a passkey on the profile with a virtual authenticator, signs out, and signs back in with it', async () => {
    const tracked = await e2e.open();
    const { page } = tracked;
    const { cdp, authenticatorId } = await virtualAuthenticator(page);

    const person = newPerson('Petra', 'Passkey');
    await register(page, person);
    await page.goto('/profile');
    const section = page.getByRole('region', { name: 'Security' });
    // The empty state offers the first passkey.
    await section.getByText('You have no passkeys yet.', { exact: false }).waitFor();
    await section.getByRole('button', { name: 'Add a passkey' }).click();
    const dialog = page.getByRole('dialog');
    await field(dialog, 'Passkey name').fill('Work laptop');
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('status').filter({ hasText: 'Passkey added. You can now sign in with it.' }).waitFor();
    await section.getByText('Work laptop').waitFor();
    await section.getByText('Last used never', { exact: false }).waitFor();
    const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
    expect(credentials).toHaveLength(1);
    expect(credentials[0].isResidentCredential).toBe(true);

    await page.goto('/');
    await page.getByRole('button', { name: 'Logout' }).first().click();
    await waitForPath(page, '/login');
    // No e-mail typed: the authenticator offers the passkey it holds for this site.
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await waitForPath(page, '/');
    await page.getByText(`Welcome, ${person.firstName} ${person.lastName}!`).waitFor();

    // The profile now shows when it was last used.
    await page.goto('/profile');
    await page.getByRole('region', { name: 'Security' }).getByText('Work laptop').waitFor();
    await expect.poll(() => page.getByText('Last used never', { exact: false }).count()).toBe(0);
    // On a phone the section, its list and its buttons fit the screen.
    await page.setViewportSize(PHONE);
    expect(await overflowingElements(page)).toEqual([]);

    expectNoErrors(tracked);
  });

  it('a passkey is the second step after the password: the password alone does not sign in', async () => {
    const tracked = await e2e.open();
    const { page } = tracked;
    const { cdp, authenticatorId } = await virtualAuthenticator(page);

    const person = newPerson('Sven', 'Secondstep');
    await register(page, person);
    await page.goto('/profile');
    const section = page.getByRole('region', { name: 'Security' });
    await section.getByRole('button', { name: 'Add a passkey' }).click();
    const dialog = page.getByRole('dialog');
    await field(dialog, 'Passkey name').fill('Laptop');
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('status').filter({ hasText: 'Passkey added.' }).waitFor();

    await page.goto('/');
    await page.getByRole('button', { name: 'Logout' }).first().click();
    await waitForPath(page, '/login');
    await page.setViewportSize(PHONE);
    await fillSignIn(page, person.email, person.password);
    // Asked for the passkey, not signed in yet.
    await page.getByText('Confirm it is you with your passkey', { exact: false }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    expect(await page.getByRole('textbox', { name: 'Code' }).count()).toBe(0);
    expect(await overflowingElements(page)).toEqual([]);
    await page.getByRole('button', { name: 'Use my passkey' }).click();
    await waitForPath(page, '/');
    await page.getByText(`Welcome, ${person.firstName} ${person.lastName}!`).waitFor();
    const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
    expect(credentials[0].signCount).toBeGreaterThan(0);

    expectNoErrors(tracked);
  });
});
