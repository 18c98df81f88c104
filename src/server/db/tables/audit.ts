import type { DefaultedTimestamp } from './columns.ts';

export interface AuditLogTable {
  id: string;
  actor_user_id: string | null;
  action: string;
  target_type: string;
  target_id: string | null;
  reason: string | null;
  data: string | null;
  created_at: DefaultedTimestamp;
  /** The operator's e-mail at the time, kept should the user later be deleted. */
  actor_email: string | null;
  /** The account a global super admin was acting as (impersonation), when there was one. */
  acting_as_account_id: string | null;
  /** JSON of the target before and after the change. */
  before_state: string | null;
  after_state: string | null;
  request_id: string | null;
}

/** The audit tables, owned by audit (tools/eslint/tableOwners.js). */
export interface AuditTables {
  audit_log: AuditLogTable;
}
