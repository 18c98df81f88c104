import type { DomainStatus } from '../../../../common/domains/domains.ts';
import type { Db } from '../../../db/transaction.ts';
import { parseNameservers } from '../records.ts';
import type { Difference, DifferenceField, OurDomain } from './compare.ts';

/** The domain_portfolio_differences and domain_portfolio_checks tables (Kysely only), and the domains the sync compares. */

const CHUNK = 500;

export interface OurDomainRow extends OurDomain {
  /** When the sync last read it one by one (null: never). */
  infoCheckedAt: string | null;
}

/** Our domains at this supplier, except those still pending (the registrar may not list them yet). */
export async function ourDomainsAt(db: Db, supplierId: string): Promise<OurDomainRow[]> {
  const rows = await db.selectFrom('domains')
    .leftJoin('domain_portfolio_checks', 'domain_portfolio_checks.domain_id', 'domains.id')
    .select(['domains.id', 'domains.name', 'domains.status', 'domains.expiration_date', 'domains.nameservers', 'domains.locked', 'domain_portfolio_checks.info_checked_at'])
    .where('domains.supplier_id', '=', supplierId).where('domains.status', '!=', 'pending')
    // A domain an operator manages by hand is left as it is at its registrar (auto-renew included).
    .where('domains.management_mode', '=', 'api')
    .execute();
  return rows.map((row) => ({
    id: row.id, name: row.name, status: row.status as DomainStatus, expirationDate: row.expiration_date,
    nameservers: parseNameservers(row.nameservers), locked: row.locked, infoCheckedAt: row.info_checked_at ?? null,
  }));
}

export interface Judged {
  domainId: string;
  /** The fields this night's answer let us judge: their old differences are replaced by `differences`. */
  fields: DifferenceField[];
}

/**
 * Replaces, for each judged domain and field, what was recorded with this night's differences;
 * a difference seen before keeps its first sighting. Fields not judged tonight stay as they were.
 */
export async function recordDifferences(db: Db, judged: Judged[], differences: Difference[], at: string): Promise<void> {
  const byDomain = new Map<string, Difference[]>();
  for (const difference of differences) {
    const list = byDomain.get(difference.domainId);
    if (list) list.push(difference);
    else byDomain.set(difference.domainId, [difference]);
  }
  // Domains judged on the same fields are written together.
  const groups = new Map<string, Judged[]>();
  for (const item of judged) {
    const key = [...item.fields].sort().join(',');
    const group = groups.get(key);
    if (group) group.push(item);
    else groups.set(key, [item]);
  }
  for (const [key, items] of groups) {
    const fields = key.split(',');
    for (let i = 0; i < items.length; i += CHUNK) {
      const ids = items.slice(i, i + CHUNK).map((item) => item.domainId);
      const before = await db.selectFrom('domain_portfolio_differences').select(['domain_id', 'field', 'first_seen_at'])
        .where('domain_id', 'in', ids).where('field', 'in', fields).execute();
      const firstSeen = new Map(before.map((row) => [`${row.domain_id} ${row.field}`, row.first_seen_at]));
      await db.deleteFrom('domain_portfolio_differences').where('domain_id', 'in', ids).where('field', 'in', fields).execute();
      const rows = ids.flatMap((id) => (byDomain.get(id) ?? []).filter((d) => fields.includes(d.field)).map((d) => ({
        domain_id: id, field: d.field, ours: d.ours, theirs: d.theirs, action: d.action,
        first_seen_at: firstSeen.get(`${id} ${d.field}`) ?? at, seen_at: at,
      })));
      for (let j = 0; j < rows.length; j += CHUNK) await db.insertInto('domain_portfolio_differences').values(rows.slice(j, j + CHUNK)).execute();
    }
  }
}

export async function markInfoChecked(db: Db, domainIds: string[], at: string): Promise<void> {
  for (let i = 0; i < domainIds.length; i += CHUNK) {
    await db.insertInto('domain_portfolio_checks').values(domainIds.slice(i, i + CHUNK).map((id) => ({ domain_id: id, info_checked_at: at })))
      .onConflict((oc) => oc.column('domain_id').doUpdateSet({ info_checked_at: at })).execute();
  }
}

export interface DifferenceView {
  domainId: string;
  domain: string;
  registrar: string | null;
  field: string;
  ours: string | null;
  theirs: string | null;
  action: string | null;
  firstSeenAt: string;
  seenAt: string;
}

/** The open differences, those needing an operator's action first, then the newest. */
export async function listDifferences(db: Db, limit: number): Promise<{ items: DifferenceView[]; total: number }> {
  const rows = await db.selectFrom('domain_portfolio_differences as d')
    .innerJoin('domains', 'domains.id', 'd.domain_id')
    .leftJoin('domain_suppliers', 'domain_suppliers.id', 'domains.supplier_id')
    .select(['d.domain_id', 'domains.name', 'domain_suppliers.name as supplier', 'd.field', 'd.ours', 'd.theirs', 'd.action', 'd.first_seen_at', 'd.seen_at'])
    .orderBy((eb) => eb.case().when('d.action', 'is', null).then(1).else(0).end())
    .orderBy('d.seen_at', 'desc').orderBy('domains.name').orderBy('d.field')
    .limit(limit).execute();
  const { total } = await db.selectFrom('domain_portfolio_differences').select((eb) => eb.fn.countAll<number | string>().as('total')).executeTakeFirstOrThrow();
  return {
    total: Number(total),
    items: rows.map((row) => ({
      domainId: row.domain_id, domain: row.name, registrar: row.supplier ?? null, field: row.field, ours: row.ours, theirs: row.theirs,
      action: row.action, firstSeenAt: row.first_seen_at, seenAt: row.seen_at,
    })),
  };
}
