import type { GlobalRole } from '../../../common/constants.ts';
import type { ColumnType } from 'kysely';
import type { Timestamp, Bool, Count, DefaultedBool } from './columns.ts';

export interface UsersTable {
  id: string;
  name: string;
  email: string;
  email_verified: Bool;
  image: string | null;
  role: GlobalRole;
  phone_number: string | null;
  active_account_id: string | null;
  /** Set by an operator: sign-in refused (migration 0013). */
  disabled: DefaultedBool;
  /** better-auth's twoFactor plugin: sign-in asks for a second factor (migration 0031). */
  two_factor_enabled: DefaultedBool;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface AuthSessionTable {
  id: string;
  expires_at: Timestamp;
  token: string;
  created_at: Timestamp;
  updated_at: Timestamp;
  ip_address: string | null;
  user_agent: string | null;
  user_id: string;
  /** Stamped at most once a minute when the session makes a request (migration 0033); null before the first. */
  last_active_at: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface AuthIdentityTable {
  id: string;
  account_id: string;
  provider_id: string;
  user_id: string;
  password: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A user's TOTP secret and recovery codes, both encrypted by better-auth's twoFactor plugin (migration 0031). */
export interface AuthTwoFactorTable {
  id: string;
  user_id: string;
  secret: string;
  backup_codes: string;
  verified: DefaultedBool;
  failed_verification_count: Count;
  locked_until: Timestamp | null;
}

/** Failed password sign-ins of one e-mail address, known or not (migration 0034). */
export interface SignInThrottleTable {
  email: string;
  failures: number;
  last_failure_at: Timestamp;
  locked_until: Timestamp | null;
}

/** One e-mailed password-reset or verification link (migration 0034); the token only as its SHA-256. */
export interface AuthLinkMailTable {
  id: string;
  kind: 'password_reset' | 'email_verification';
  recipient: string;
  token_hash: string;
  sent_at: Timestamp;
  used_at: Timestamp | null;
}

/** The identity tables, owned by auth (tools/eslint/tableOwners.js). */
export interface IdentityTables {
  users: UsersTable;
  auth_session: AuthSessionTable;
  auth_identity: AuthIdentityTable;
  auth_two_factor: AuthTwoFactorTable;
  sign_in_throttle: SignInThrottleTable;
  auth_link_mail: AuthLinkMailTable;
}
