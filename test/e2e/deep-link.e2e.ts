import { describe, expect, it } from 'vitest';
import { field, newPerson, register, waitForPath } from './support/actions.ts';
import { expectNoErrors, useE2E } from './support/suite.ts';

describe('deep links through sign-in', () => {
  const e2e = useE2E();

  it('a signed-out visit to a page returns there after sign-in; a return address off the site is ignored', async () => {
    const person = newPerson('Dana', 'Deeplink');
    const setUp = await e2e.open();
    await register(setUp.page, person);

    const tracked = await e2e.open();
    const { page } = tracked;
    const signIn = async () => {
      // The address changes before the lazily loaded login page replaces the one before it (a
      // transition): wait for the login form itself, or the register page's Email field gets filled.
      await page.getByRole('button', { name: 'Sign In', exact: true }).waitFor();
      await field(page, 'Email').fill(person.email);
      await field(page, 'Password').fill(person.password);
      await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    };

    // A guarded page sends the visitor to /login and, once signed in, back to itself.
    await page.goto('/tickets');
    await waitForPath(page, '/login');
    await signIn();
    await waitForPath(page, '/tickets');

    // ?next= works the same, and survives the hop to the registration page and back.
    await page.context().clearCookies();
    await page.goto('/login?next=%2Fprofile');
    await page.getByRole('link', { name: 'Register here' }).click();
    await waitForPath(page, '/register');
    expect(new URL(page.url()).searchParams.get('next')).toBe('/profile');
    await page.getByRole('link', { name: 'Login here' }).click();
    await waitForPath(page, '/login');
    await signIn();
    await waitForPath(page, '/profile');
    // Her address is not verified yet: the invitations section says why it is empty and offers a new link.
    await page.getByText('Please verify your e-mail address to see and accept invitations.', { exact: false }).waitFor();
    await page.getByRole('button', { name: 'Resend verification e-mail' }).waitFor();

    // Another site as the return address: sign-in lands on the portal's home instead.
    for (const next of ['https://evil.example/', '//evil.example/', '/\\evil.example']) {
      await page.context().clearCookies();
      await page.goto(`/login?next=${encodeURIComponent(next)}`);
      await signIn();
      await waitForPath(page, '/');
      expect(new URL(page.url()).origin).toBe(e2e.baseUrl);
    }
    expectNoErrors(tracked);
  });
});
