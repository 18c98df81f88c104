import { describe, expect, it } from 'vitest';
import { expectNoErrors, useE2E } from './support/suite.ts';

describe('home, signed out', () => {
  const e2e = useE2E();

  it("'/' lands on the login screen without console errors", async () => {
    const tracked = await e2e.open();
    const { page } = tracked;
    await page.goto('/');
    await page.waitForURL((url) => url.pathname === '/login');
    await page.getByLabel('Email').waitFor();
    await page.getByLabel('Password').waitFor();
    await page.getByRole('link', { name: 'Forgot Password?' }).or(page.getByRole('button', { name: 'Forgot Password?' })).waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    expectNoErrors(tracked);
  });
});
