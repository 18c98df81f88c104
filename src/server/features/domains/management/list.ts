import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { listDomains } from '../../../../common/domains/managementContract.ts';
import { EXPIRING_SOON_DAYS } from '../../../../common/domains/domains.ts';
import type { Database } from '../../../db/schema.ts';
import { toListItem } from '../records.ts';
import { decodeDomainCursor, encodeDomainCursor } from './listCursor.ts';
import { countDomains, countMatchingSearch, pageOfDomains } from './listRepository.ts';

type ListInput = z.output<typeof listDomains.input>;
type ListOutput = z.input<typeof listDomains.output>;

const DAY_MS = 86_400_000;

/**
 * One keyset page of the account's domains with the counts the page shows. Call only after the
 * policy admitted the caller to `accountId`.
 */
export async function listDomainsPage(db: Kysely<Database>, input: ListInput, now: Date): Promise<ListOutput> {
  const after = input.cursor ? decodeDomainCursor(input.cursor, input.sortBy, input.sortOrder) : null;
  const status = input.status === 'all' ? null : input.status;
  const soonUntil = new Date(now.getTime() + EXPIRING_SOON_DAYS * DAY_MS);
  const [rows, counts, searched] = await Promise.all([
    pageOfDomains(db, { accountId: input.accountId, sortBy: input.sortBy, sortOrder: input.sortOrder, status, search: input.search, after, limit: input.limit + 1 }),
    countDomains(db, input.accountId, status, now, soonUntil),
    input.search ? countMatchingSearch(db, input.accountId, input.search, status) : null,
  ]);
  const page = rows.slice(0, input.limit);
  const last = page.at(-1);
  return {
    domains: page.map(toListItem),
    nextCursor: rows.length > input.limit && last ? encodeDomainCursor(input.sortBy, input.sortOrder, { value: last.position, id: last.id }) : null,
    matching: searched ?? (status ? counts.withStatus : counts.total),
    summary: { total: counts.total, active: counts.active, expiringSoon: counts.expiringSoon, expired: counts.expired },
  };
}
