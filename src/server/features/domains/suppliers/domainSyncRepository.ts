import { randomBytes } from 'node:crypto';
import {
  HELD_AT_OTHER_SUPPLIER, HELD_BY_HAND, MANAGED_MANUALLY, NOT_A_DOMAIN_NAME,
} from '../../../../common/admin/registrars/texts.ts';
import { isRegistrableDomain } from '../../../../common/domains/names.ts';
import type { Db } from '../../../db/transaction.ts';
import type { OwnedDomain } from '../../../integrations/registrars/registrar.ts';
import { insertDomain, parseNameservers } from '../records.ts';

export interface PageOutcome {
  created: number;
  updated: number;
  changed: number;
  skipped: { domain: string; reason: string }[];
}

const newDomainId = () => `dom_${randomBytes(12).toString('base64url')}`;

const sameList = (a: string[], b: string[]) => a.length === b.length && a.every((item, i) => item === b[i]);

/**
 * One page of a supplier's list, written in the caller's unit of work: names we lack become
 * unassigned domains at the supplier in api mode; names ours at this supplier (api mode) take the
 * registrar's side (expiry, status, lock, nameservers where the list has them); anything else is
 * left alone with the reason. Our own settings (auto-renew, privacy, contacts, notes, account) are
 * never touched on a name we already hold.
 */
export async function applyListedPage(db: Db, supplierId: string, listed: OwnedDomain[], now: string): Promise<PageOutcome> {
  const outcome: PageOutcome = { created: 0, updated: 0, changed: 0, skipped: [] };
  const byName = new Map<string, OwnedDomain>();
  for (const domain of listed) {
    const name = domain.domain.trim().toLowerCase().replace(/\.$/, '');
    if (!isRegistrableDomain(name)) outcome.skipped.push({ domain: domain.domain.slice(0, 253), reason: NOT_A_DOMAIN_NAME });
    else byName.set(name, domain);
  }
  if (byName.size === 0) return outcome;

  const held = await db.selectFrom('domains')
    .select(['id', 'name', 'supplier_id', 'management_mode', 'expiration_date', 'status', 'locked', 'nameservers'])
    .where('name', 'in', [...byName.keys()]).execute();
  const otherSuppliers = [...new Set(held.map((row) => row.supplier_id).filter((id): id is string => id !== null && id !== supplierId))];
  const supplierNames = new Map(otherSuppliers.length === 0 ? [] : (await db.selectFrom('domain_suppliers').select(['id', 'name'])
    .where('id', 'in', otherSuppliers).execute()).map((s) => [s.id, s.name]));

  for (const row of held) {
    const theirs = byName.get(row.name)!;
    byName.delete(row.name);
    if (row.supplier_id === null) {
      outcome.skipped.push({ domain: row.name, reason: HELD_BY_HAND });
      continue;
    }
    if (row.supplier_id !== supplierId) {
      outcome.skipped.push({ domain: row.name, reason: HELD_AT_OTHER_SUPPLIER(supplierNames.get(row.supplier_id) ?? row.supplier_id) });
      continue;
    }
    if (row.management_mode === 'manual') {
      outcome.skipped.push({ domain: row.name, reason: MANAGED_MANUALLY });
      continue;
    }
    const next = {
      expiration_date: theirs.expiresAt ?? row.expiration_date,
      status: theirs.status ?? row.status,
      locked: theirs.locked ?? Boolean(row.locked),
      nameservers: theirs.nameservers && theirs.nameservers.length > 0 ? theirs.nameservers.map((ns) => ns.toLowerCase()) : parseNameservers(row.nameservers),
    };
    const changed = next.expiration_date !== row.expiration_date || next.status !== row.status || next.locked !== Boolean(row.locked)
      || !sameList(next.nameservers, parseNameservers(row.nameservers));
    await db.updateTable('domains').set({
      expiration_date: next.expiration_date, status: next.status, locked: next.locked, nameservers: JSON.stringify(next.nameservers),
      last_synced_at: now, ...(changed ? { updated_at: now } : {}),
    }).where('id', '=', row.id).where('supplier_id', '=', supplierId).execute();
    outcome.updated++;
    if (changed) outcome.changed++;
  }

  const created: string[] = [];
  for (const [name, theirs] of byName) {
    await insertDomain(db, {
      id: newDomainId(), accountId: null, name, tld: name.slice(name.indexOf('.') + 1), supplierId, managementMode: 'api',
      status: theirs.status ?? 'active', registrationId: null, registrationDate: null, expirationDate: theirs.expiresAt,
      autoRenew: theirs.autoRenew ?? false, privacy: false, locked: theirs.locked ?? false,
      nameservers: (theirs.nameservers ?? []).map((ns) => ns.toLowerCase()), contacts: null, now,
    });
    created.push(name);
  }
  // insertDomain leaves a new record unsynced; these were just read from the registrar.
  if (created.length > 0) await db.updateTable('domains').set({ last_synced_at: now }).where('name', 'in', created).execute();
  outcome.created = created.length;
  return outcome;
}
