import type { Bool, Epoch, Timestamp } from './columns.ts';

/** A WebAuthn credential a user signs in with (migration 0032); ids and keys are base64url. */
export interface AuthPasskeyTable {
  id: string;
  user_id: string;
  name: string;
  credential_id: string;
  public_key: string;
  /** The authenticator's signature counter; PostgreSQL's bigint comes back as a string. */
  counter: Epoch;
  /** JSON array of the transports the browser reported, or null. */
  transports: string | null;
  device_type: string;
  backed_up: Bool;
  created_at: Timestamp;
  last_used_at: Timestamp | null;
}

/** A challenge handed out for one ceremony; deleted when used, or once past expires_at. */
export interface AuthPasskeyChallengeTable {
  challenge: string;
  purpose: 'registration' | 'sign-in' | 'second-factor';
  /** The signed-in user a registration challenge was made for; null for sign-in. */
  user_id: string | null;
  expires_at: Timestamp;
}

/** The passkey tables, owned by auth (tools/eslint/tableOwners.js). */
export interface PasskeyTables {
  auth_passkey: AuthPasskeyTable;
  auth_passkey_challenge: AuthPasskeyChallengeTable;
}
