import { describe, expect, it } from 'vitest';
import { field } from './support/actions.ts';
import { expectNoErrors, useE2E } from './support/suite.ts';

describe('home, signed out', () => {
  const e2e = useE2E();

  it("'/' lands on the login screen without console errors", async () => {
    const tracked = await e2e.open();
    const { page } = tracked;
    await page.goto('/');
    await page.waitForURL((url) => url.pathname === '/login');
    await field(page, 'Email').waitFor();
    await field(page, 'Password').waitFor();
    await page.getByRole('button', { name: 'Forgot Password?' }).waitFor();
    await page.getByRole('button', { name: 'Sign In', exact: true }).waitFor();
    await page.getByRole('link', { name: 'Register here' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    expectNoErrors(tracked);
    // A first visit must be spotless: not even an expected failed request (such as a 401 session probe).
    expect(tracked.consoleErrors).toEqual([]);
  });
});
