import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** What the rest of the server sees of a passkey: never its key or counter. */
export interface PasskeySummary {
  id: string;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
}

export interface StoredCredential {
  id: string;
  userId: string;
  credentialId: string;
  publicKey: string;
  counter: number;
  transports: string[] | undefined;
}

export interface NewPasskey {
  id: string;
  userId: string;
  name: string;
  credentialId: string;
  publicKey: string;
  counter: number;
  transports: string[] | undefined;
  deviceType: string;
  backedUp: boolean;
  createdAt: string;
}

type Db = Kysely<Database>;

/** What a stored challenge may answer: a new passkey, a passkey sign-in, or the passkey step after a password. */
export type PasskeyChallengePurpose = 'registration' | 'sign-in' | 'second-factor';

/** Whether the user has at least one passkey (for the second-factor rules: a passkey counts). */
export async function userHasPasskey(db: Db, userId: string): Promise<boolean> {
  const row = await db.selectFrom('auth_passkey').select('id').where('user_id', '=', userId).limit(1).executeTakeFirst();
  return Boolean(row);
}

export async function listPasskeysOf(db: Db, userId: string): Promise<PasskeySummary[]> {
  const rows = await db.selectFrom('auth_passkey').select(['id', 'name', 'created_at', 'last_used_at'])
    .where('user_id', '=', userId).orderBy('created_at').orderBy('id').execute();
  return rows.map((r) => ({ id: r.id, name: r.name, createdAt: r.created_at, lastUsedAt: r.last_used_at }));
}

/** The credential ids a user already has, so the browser does not register the same authenticator twice. */
export async function credentialIdsOf(db: Db, userId: string): Promise<{ credentialId: string; transports: string[] | undefined }[]> {
  const rows = await db.selectFrom('auth_passkey').select(['credential_id', 'transports']).where('user_id', '=', userId).execute();
  return rows.map((r) => ({ credentialId: r.credential_id, transports: parseTransports(r.transports) }));
}

export async function findCredential(db: Db, credentialId: string): Promise<StoredCredential | undefined> {
  const row = await db.selectFrom('auth_passkey').select(['id', 'user_id', 'credential_id', 'public_key', 'counter', 'transports'])
    .where('credential_id', '=', credentialId).executeTakeFirst();
  return row && {
    id: row.id, userId: row.user_id, credentialId: row.credential_id, publicKey: row.public_key,
    counter: Number(row.counter), transports: parseTransports(row.transports),
  };
}

/** False when the credential id is already stored (the same authenticator registered before). */
export async function insertPasskey(db: Db, p: NewPasskey): Promise<boolean> {
  const result = await db.insertInto('auth_passkey').values({
    id: p.id, user_id: p.userId, name: p.name, credential_id: p.credentialId, public_key: p.publicKey, counter: p.counter,
    transports: p.transports ? JSON.stringify(p.transports) : null, device_type: p.deviceType, backed_up: p.backedUp,
    created_at: p.createdAt, last_used_at: null,
  }).onConflict((oc) => oc.column('credential_id').doNothing()).executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

/**
 * Moves the counter on only from the value the verification saw: of two sign-ins racing with one
 * captured assertion, only one passes.
 */
export async function recordPasskeyUse(db: Db, id: string, seenCounter: number, newCounter: number, at: string): Promise<boolean> {
  const result = await db.updateTable('auth_passkey').set({ counter: newCounter, last_used_at: at })
    .where('id', '=', id).where('counter', '=', seenCounter).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Renames the user's own passkey; false when the user has no passkey of that id. */
export async function renamePasskeyOf(db: Db, userId: string, id: string, name: string): Promise<boolean> {
  const result = await db.updateTable('auth_passkey').set({ name }).where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** An operator's second-factor reset (issue 21): all of the user's passkeys go; answers how many there were. */
export async function deleteAllPasskeysOf(db: Db, userId: string): Promise<number> {
  const result = await db.deleteFrom('auth_passkey').where('user_id', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Removes the user's own passkey; false when the user has no passkey of that id. */
export async function deletePasskeyOf(db: Db, userId: string, id: string): Promise<boolean> {
  const result = await db.deleteFrom('auth_passkey').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

export async function storeChallenge(db: Db, c: { challenge: string; purpose: PasskeyChallengePurpose; userId: string | null; expiresAt: string; now: string }) {
  // Challenges nobody came back for would pile up: each new one clears the expired.
  await db.deleteFrom('auth_passkey_challenge').where('expires_at', '<=', c.now).execute();
  await db.insertInto('auth_passkey_challenge')
    .values({ challenge: c.challenge, purpose: c.purpose, user_id: c.userId, expires_at: c.expiresAt }).execute();
}

/**
 * Takes a challenge out in one statement, so it serves one ceremony only: a replay, or a second
 * request racing the first, finds nothing. Answers the row only if it was unexpired and for this purpose.
 */
export async function consumeChallenge(db: Db, challenge: string, purpose: PasskeyChallengePurpose, now: string) {
  const row = await db.deleteFrom('auth_passkey_challenge').where('challenge', '=', challenge)
    .returning(['purpose', 'user_id', 'expires_at']).executeTakeFirst();
  if (!row || row.purpose !== purpose || row.expires_at <= now) return null;
  return { userId: row.user_id };
}

function parseTransports(value: string | null): string[] | undefined {
  if (!value) return undefined;
  try {
    const parsed: unknown = JSON.parse(value);
    return Array.isArray(parsed) ? parsed.filter((t): t is string => typeof t === 'string') : undefined;
  } catch {
    return undefined;
  }
}
