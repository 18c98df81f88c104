import { randomBytes, randomUUID } from 'node:crypto';
import type { TestApp, TestUser } from './testApp.ts';

/**
 * A stored passkey row for `user`, without a ceremony (for the permission matrix and list tests;
 * test/integration/passkeys.test.ts drives the real registration). Its key is not a usable one.
 */
export async function storedPasskey(t: TestApp, user: TestUser, name = 'Matrix key'): Promise<string> {
  const id = randomUUID();
  await t.services.db.insertInto('auth_passkey').values({
    id, user_id: user.id, name, credential_id: randomBytes(16).toString('base64url'), public_key: randomBytes(77).toString('base64url'),
    counter: 0, transports: JSON.stringify(['internal']), device_type: 'singleDevice', backed_up: false,
    created_at: t.services.clock.nowIso(), last_used_at: null,
  }).execute();
  return id;
}
