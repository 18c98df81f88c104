import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { totpCode } from '../support/totp.ts';
import { field, fillSignIn, newPerson, register, waitForPath } from './support/actions.ts';
import { expectNoErrors, useE2E } from './support/suite.ts';

async function signOut(page: Page) {
  await page.goto('/');
  await page.getByRole('button', { name: 'Logout' }).first().click();
  await waitForPath(page, '/login');
}

describe('two-factor sign-in journey (issue 21)', () => {
  const e2e = useE2E();

  it('enrols TOTP from the profile, then signs in with an app code and, once, with a recovery code', async () => {
    const tracked = await e2e.open();
    const { page } = tracked;
    const person = newPerson('Tess', 'Totp');
    await register(page, person);

    // Profile -> Security, at phone width: the password first, then the QR code and the key as text.
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto('/profile');
    await page.getByRole('button', { name: 'Set up two-factor authentication' }).click();
    const dialog = page.getByRole('dialog');
    await field(dialog, 'Password').fill(person.password);
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('img', { name: 'QR code for your authenticator app' }).waitFor();
    const secret = (await page.getByTestId('totp-secret').innerText()).replace(/\s/g, '');
    expect(secret).toMatch(/^[A-Z2-7]+=*$/);

    // An authenticator app's code, computed here from the key the page showed.
    await field(page, '6-digit code').fill(totpCode(secret));
    await page.getByRole('button', { name: 'Turn on' }).click();
    await page.getByText('Your recovery codes').waitFor();
    const codes = (await page.getByTestId('recovery-codes').innerText()).split(/\s+/).filter(Boolean);
    expect(codes).toHaveLength(10);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await page.getByRole('button', { name: 'I have saved my codes' }).click();
    await page.getByText('On: signing in asks for a code from your authenticator app.').waitFor();

    // The password alone no longer signs in: the code is asked for.
    await page.setViewportSize({ width: 1280, height: 800 });
    await signOut(page);
    await fillSignIn(page, person.email, person.password);
    await field(page, '6-digit code').fill(totpCode(secret));
    await page.getByRole('button', { name: 'Verify' }).click();
    await waitForPath(page, '/');
    await page.getByText(`Welcome, ${person.firstName} ${person.lastName}!`).waitFor();

    // A recovery code instead of the app.
    await signOut(page);
    await fillSignIn(page, person.email, person.password);
    await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
    await field(page, 'Recovery code').fill(codes[0]);
    await page.getByRole('button', { name: 'Verify' }).click();
    await waitForPath(page, '/');
    await page.getByText(`Welcome, ${person.firstName} ${person.lastName}!`).waitFor();

    expectNoErrors(tracked);
  });
});
