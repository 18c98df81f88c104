import { z } from 'zod';
import { allow, defineContract } from '../protocol.ts';
import { empty, id, isoDate, successMessage } from '../contracts/shared.ts';

/**
 * One of the caller's sessions (issue 21). `id` is the session's own id, never its token: knowing
 * it lets its owner end it, and nothing else.
 */
export const sessionView = z.object({
  id: z.string(),
  /** The browser and system in words, e.g. "Chrome on Linux"; "Unknown device" without a user agent. */
  device: z.string(),
  ipAddress: z.string().nullable(),
  signedInAt: isoDate,
  lastActiveAt: isoDate,
  /** The session this request came with. */
  current: z.boolean(),
});
export type SessionView = z.infer<typeof sessionView>;

export const listMySessions = defineContract({
  name: 'listMySessions',
  summary: 'The caller\'s signed-in sessions (device, address, sign-in and last activity), the current one marked; never a token.',
  access: 'user',
  kind: 'read',
  permissions: allow.signedIn,
  input: empty,
  output: z.object({ sessions: z.array(sessionView) }),
});

export const revokeMySession = defineContract({
  name: 'revokeMySession',
  summary: 'Signs out one of the caller\'s sessions at once (its next request is 401, its live updates close). Another user\'s session is NOT_FOUND.',
  access: 'user',
  kind: 'write',
  permissions: allow.signedIn,
  input: z.object({ sessionId: id('Session ID') }).strict(),
  output: successMessage,
});

export const revokeMyOtherSessions = defineContract({
  name: 'revokeMyOtherSessions',
  summary: 'Signs out every session of the caller but the current one.',
  access: 'user',
  kind: 'write',
  permissions: allow.signedIn,
  input: empty,
  output: z.object({ sessionsEnded: z.number().int() }),
});
