import { randomBytes } from 'node:crypto';
import { onTestFinished } from 'vitest';
import type { FakePanel, FakePanelAccount, StartFakePanel } from './panels/fakePanel.ts';
import { createAccount, createUser } from './factories.ts';
import { hostingServer } from './hostingBilling.ts';
import type { TestApp, TestUser } from './testApp.ts';

/** Tests only: a server with accounts made by hand on its (fake) panel, and customers to import them into. */

/** A username the way the portal's generator makes them (8 chars, a letter first), fresh each call. */
export const panelUsername = (prefix = 'imp') => `${prefix}${randomBytes(4).toString('hex')}`.slice(0, 8);

/** A running fake of `start`'s panel with `accounts` on it, and a server row (in a group of its own) reaching it. */
export async function serverWithAccounts(t: TestApp, start: StartFakePanel, accounts: (Partial<FakePanelAccount> & { username: string })[] = []) {
  const fake = await start();
  for (const account of accounts) fake.seedAccount(account);
  const { serverId, groupId } = await hostingServer(t, { connection: fake.connection() });
  return { fake, serverId, groupId };
}

/** The same, closed when the running test ends (for sample inputs, which have no afterAll of their own). */
export async function serverForThisTest(t: TestApp, start: StartFakePanel, accounts: (Partial<FakePanelAccount> & { username: string })[] = []) {
  const server = await serverWithAccounts(t, start, accounts);
  onTestFinished(() => server.fake.close());
  return server;
}

/** A customer: a user with this sign-in address who owns one account. */
export async function customerWithEmail(t: TestApp, email: string): Promise<{ user: TestUser; accountId: string }> {
  const user = await createUser(t, { email });
  return { user, accountId: await createAccount(t, user) };
}

export type { FakePanel };
