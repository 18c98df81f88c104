import type { AccountRole, AccountStatus } from '../../../common/constants.ts';
import type { ColumnType } from 'kysely';
import type { RemovedMemberTicketAccess } from '../../../common/accounts/ticketAccessSetting.ts';
import type { Timestamp, DefaultedTimestamp } from './columns.ts';

export interface AccountsTable {
  id: string;
  name: string;
  status: AccountStatus;
  owner_id: string;
  billing_name: string | null;
  billing_email: string | null;
  billing_address: string | null;
  tax_id: string | null;
  stripe_customer_id: string | null;
  created_at: DefaultedTimestamp;
  updated_at: DefaultedTimestamp;
  /** What a removed member keeps of the tickets they wrote here: 'read_only' (default) or 'none' (0035). */
  removed_member_ticket_access: ColumnType<RemovedMemberTicketAccess, RemovedMemberTicketAccess | undefined, RemovedMemberTicketAccess>;
}

export interface AccountMembersTable {
  account_id: string;
  user_id: string;
  role: AccountRole;
  joined_at: DefaultedTimestamp;
}

export interface ImpersonationsTable {
  id: string;
  session_id: string;
  operator_user_id: string;
  account_id: string;
  reason: string;
  /** The operator's active account when it started; stopping restores it. */
  original_account_id: string | null;
  started_at: Timestamp;
  ended_at: Timestamp | null;
}

/** The tenancy tables, owned by access (tools/eslint/tableOwners.js). */
export interface TenancyTables {
  accounts: AccountsTable;
  account_members: AccountMembersTable;
  impersonations: ImpersonationsTable;
}
