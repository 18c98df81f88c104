import { expect } from 'vitest';
import type { PleskFake } from './plesk.fake.ts';
import { type CreateAccountRequest, type PanelCallRecord, PanelError, type PanelErrorKind } from '../../../src/server/integrations/panels/panel.ts';

/** Shared by the Plesk adapter's tests: a create request and checks that nothing secret leaks. */
export const newAccount = (overrides: Partial<CreateAccountRequest> = {}): CreateAccountRequest => ({
  username: 'acmewid1', password: 'Xq7!mR2#pL9@vT4%kW8z', domain: 'acme-widgets.com', package: 'starter',
  email: 'jane@example.org', contactName: 'Jane Doe', serviceId: 'svc-4711', ...overrides,
});

/** The PanelError a call ends with, after checking its message holds no credential or password. */
export async function panelErrorOf(fake: PleskFake, call: Promise<unknown>, passwords: string[] = []): Promise<PanelError> {
  const error = await call.then(() => null, (e: unknown) => e);
  expect(error).toBeInstanceOf(PanelError);
  for (const secret of [...fake.secrets(), ...passwords]) expect((error as Error).message).not.toContain(secret);
  return error as PanelError;
}

export async function expectPanelError(fake: PleskFake, call: Promise<unknown>, kind: PanelErrorKind, text?: RegExp, passwords: string[] = []): Promise<PanelError> {
  const error = await panelErrorOf(fake, call, passwords);
  expect({ kind: error.kind, message: error.message }).toMatchObject({ kind, ...(text ? { message: expect.stringMatching(text) } : {}) });
  return error;
}

export function recorder(): { calls: PanelCallRecord[]; record: (call: PanelCallRecord) => void } {
  const calls: PanelCallRecord[] = [];
  return { calls, record: (call) => { calls.push(call); } };
}
