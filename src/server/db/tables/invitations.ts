import type { InviteRole, StoredInvitationStatus } from '../../../common/constants.ts';
import type { ColumnType } from 'kysely';
import type { Timestamp, DefaultedTimestamp } from './columns.ts';

export interface InvitationsTable {
  id: string;
  account_id: string;
  email: string;
  role: InviteRole;
  status: StoredInvitationStatus;
  invited_by_user_id: string | null;
  invited_by_email: string;
  created_at: DefaultedTimestamp;
  expires_at: Timestamp;
  accepted_at: Timestamp | null;
  accepted_by_user_id: string | null;
  /** When an owner or admin withdrew it, or removing or demoting its sender did (0035). */
  revoked_at: ColumnType<string | null, string | null | undefined, string | null>;
}

/** The invitations tables, owned by features/invitations (tools/eslint/tableOwners.js). */
export interface InvitationTables {
  invitations: InvitationsTable;
}
