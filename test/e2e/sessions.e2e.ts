import { describe, expect, it } from 'vitest';
import { newPerson, register, signIn, waitForPath } from './support/actions.ts';
import { overflowingElements, PHONE } from './support/layout.ts';
import { expectNoErrors, useE2E } from './support/suite.ts';

describe('sessions journey (issue 21)', () => {
  const e2e = useE2E();

  it('signed in in two browsers, the first signs the other out from its profile; the other\'s next navigation lands on the login page', async () => {
    const first = await e2e.open();
    const person = newPerson('Sam', 'Sessions');
    await register(first.page, person);

    const second = await e2e.open();
    await signIn(second.page, person.email, person.password);
    await second.page.getByText(`Welcome, ${person.firstName} ${person.lastName}!`).waitFor();

    // The first browser's profile lists both, this one marked.
    await first.page.goto('/profile');
    const section = first.page.getByRole('region', { name: 'Where you are signed in' });
    await section.getByText('This device').waitFor();
    const rows = section.getByTestId('session-row');
    await expect.poll(() => rows.count()).toBe(2);
    expect(await rows.filter({ hasText: 'This device' }).count()).toBe(1);
    expect(await section.textContent()).toMatch(/Chrome on Linux/);

    // It fits a phone.
    await first.page.setViewportSize(PHONE);
    await expect.poll(() => overflowingElements(first.page)).toEqual([]);

    const other = rows.filter({ hasNotText: 'This device' });
    await other.getByRole('button', { name: /^Sign out / }).click();
    await first.page.getByRole('status').filter({ hasText: 'The session was signed out.' }).waitFor();
    await expect.poll(() => rows.count()).toBe(1);
    await section.getByText('You are signed in only here.', { exact: false }).waitFor();

    // The second browser's next navigation finds its session gone.
    await second.page.goto('/profile');
    await waitForPath(second.page, '/login');

    // The first stays signed in.
    await first.page.reload();
    await first.page.getByRole('heading', { name: 'Your Profile' }).waitFor();
    expectNoErrors(first);
  });
});
