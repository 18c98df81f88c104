import { randomBytes, randomUUID } from 'node:crypto';
import { SESSION_EXPIRES_IN_S } from '../../src/server/auth/betterAuth.ts';
import type { TestApp, TestUser } from './testApp.ts';

/**
 * Another signed-in session of the same user (another browser or device), written as better-auth's
 * sign-in leaves it; returns the user as that session sees itself (its token) and the session's id.
 */
export async function anotherSession(t: TestApp, user: TestUser, device: { userAgent?: string; ipAddress?: string } = {}) {
  const now = t.services.clock.now();
  const id = randomUUID();
  const token = randomBytes(16).toString('hex');
  await t.services.db.insertInto('auth_session').values({
    id, token, user_id: user.id, ip_address: device.ipAddress ?? null, user_agent: device.userAgent ?? null,
    created_at: now.toISOString(), updated_at: now.toISOString(),
    expires_at: new Date(now.getTime() + SESSION_EXPIRES_IN_S * 1000).toISOString(),
  }).execute();
  return { sessionId: id, as: { ...user, token } satisfies TestUser };
}
