import type { DefaultedBool, DefaultedTimestamp } from './columns.ts';
import type { TicketPriority, TicketStatus } from '../../../common/constants.ts';

export interface TicketsTable {
  id: string;
  account_id: string;
  user_id: string;
  subject: string;
  description: string;
  priority: TicketPriority;
  status: TicketStatus;
  created_at: DefaultedTimestamp;
  updated_at: DefaultedTimestamp;
}

export interface TicketRepliesTable {
  id: string;
  ticket_id: string;
  user_id: string | null;
  author_name: string;
  body: string;
  /** Written by the provider's staff (the back office, or an operator acting as the account). */
  is_staff: DefaultedBool;
  created_at: DefaultedTimestamp;
}

/** The tickets tables, owned by features/tickets (tools/eslint/tableOwners.js). */
export interface TicketTables {
  tickets: TicketsTable;
  ticket_replies: TicketRepliesTable;
}
