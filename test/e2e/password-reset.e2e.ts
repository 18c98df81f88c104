import { describe, expect, it } from 'vitest';
import { PASSWORD_TOO_COMMON_TEXT } from '../../src/common/auth/accountProtectionTexts.ts';
import { field, fillRegistration, fillSignIn, newPerson, register, signIn, waitForPath } from './support/actions.ts';
import { expectNoErrors, useE2E } from './support/suite.ts';

const RESET_LINK = /https?:\/\/[^\s"<>]+\/reset-password\?token=[^\s"<>]+/;

describe('password reset journey', () => {
  const e2e = useE2E();

  it('resets a forgotten password through the e-mailed link; the new one signs in, the old one no longer does', async () => {
    const tracked = await e2e.open();
    const { page } = tracked;
    const person = newPerson('Rita', 'Reset');
    const newPassword = 'Brand-new-secret-42';

    await register(page, person);
    await page.getByRole('button', { name: 'Logout' }).first().click();
    await waitForPath(page, '/login');

    // 'Forgot Password?' asks for the address (prefilled from the form) and sends a real e-mail.
    await field(page, 'Email').fill(person.email);
    await page.getByRole('button', { name: 'Forgot Password?' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    expect(await field(dialog, 'Email').inputValue()).toBe(person.email);
    await dialog.getByRole('button', { name: 'Send Reset Email' }).click();
    await page.getByText('Password reset email sent! Please check your inbox.').waitFor();
    // A success is read out politely (status), a failure at once (alert).
    await page.getByRole('status').filter({ hasText: 'Password reset email sent! Please check your inbox.' }).waitFor();

    const link = await e2e.mailedLink(person.email, RESET_LINK);
    expect(link.startsWith(`${e2e.baseUrl}/reset-password?token=`)).toBe(true);
    await page.goto(link);
    await field(page, 'New password').fill(newPassword);
    await field(page, 'Confirm new password').fill(newPassword);
    await page.getByRole('button', { name: 'Set New Password' }).click();
    await page.getByText('Your password has been changed.', { exact: false }).waitFor();
    await page.getByRole('status').filter({ hasText: 'Your password has been changed.' }).waitFor();

    // The new password signs in.
    await signIn(page, person.email, newPassword);
    await page.getByText(`Welcome, ${person.firstName} ${person.lastName}!`).waitFor();
    await page.getByRole('button', { name: 'Logout' }).first().click();
    await waitForPath(page, '/login');

    // The old one is refused with the spec's text.
    await fillSignIn(page, person.email, person.password);
    await page.getByText('Invalid email or password.').waitFor();
    await page.getByRole('alert').filter({ hasText: 'Invalid email or password.' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');

    // The link worked once: opening it again does not set another password.
    await page.goto(link);
    await field(page, 'New password').fill('Another-secret-43');
    await field(page, 'Confirm new password').fill('Another-secret-43');
    await page.getByRole('button', { name: 'Set New Password' }).click();
    await page.getByText('This password reset link is invalid or has expired.').waitFor();

    // Asking for a new link opens the sign-in page with the reset dialog already open (loaded on demand).
    await page.getByRole('link', { name: 'Request a new reset link' }).click();
    await waitForPath(page, '/login');
    await page.getByRole('dialog').getByRole('button', { name: 'Send Reset Email' }).waitFor();

    expectNoErrors(tracked);
  });

  it('the register page refuses a common password with a sentence that says why (issue 21)', async () => {
    const tracked = await e2e.open();
    const { page } = tracked;
    const person = { ...newPerson('Wendy', 'Weak'), password: 'password1' };

    await page.goto('/register');
    await fillRegistration(page, person);
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.getByRole('alert').filter({ hasText: PASSWORD_TOO_COMMON_TEXT }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/register');

    // A strong one is accepted from the same form.
    await field(page, 'Password').fill('Wendy-strong-passphrase-7');
    await field(page, 'Confirm password').fill('Wendy-strong-passphrase-7');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await waitForPath(page, '/');

    expectNoErrors(tracked);
  });
});
