import type { AccountStatus } from '../../../common/constants.ts';
import type { Kysely } from 'kysely';
import { selectAccountHeader } from '../../access/repository.ts';
import { preparedQuery } from '../../db/preparedQuery.ts';
import type { Database } from '../../db/schema.ts';
import { billingSummaryColumns, type BillingSummaryColumns } from '../billing/index.ts';
import { openTicketCount } from '../tickets/index.ts';

interface OverviewRow extends BillingSummaryColumns {
  id: string;
  name: string;
  status: AccountStatus;
  open_ticket_count: number | string;
}

/**
 * The account (tenancy's), its open-ticket count (the tickets' fragment) and its latest invoice and
 * past-due subscription (billing's fragment) in one prepared round trip: the home page's read.
 */
const overview = preparedQuery<{ accountId: string }, OverviewRow>((db, p) => selectAccountHeader(db, p.accountId)
  .select((eb) => [openTicketCount(eb, p.accountId).as('open_ticket_count'), ...billingSummaryColumns(eb, p.accountId)]));

export async function findAccountOverview(db: Kysely<Database>, accountId: string) {
  return overview.first(db, { accountId });
}
