import { randomUUID } from 'node:crypto';
import type { Insertable } from 'kysely';
import type { z } from 'zod';
import type { HostingImportResultItem, importServerAccounts } from '../../../../common/hosting/importContract.ts';
import { HOSTING_IMPORT_SKIP_TEXTS, HOSTING_IMPORT_TEXTS as T, type HostingImportSkipReason } from '../../../../common/hosting/importTexts.ts';
import { accountNames } from '../../../access/accountsByEmail.ts';
import type { HostingServicesTable } from '../../../db/tables/hosting.ts';
import type { Db } from '../../../db/transaction.ts';
import type { PanelAccount } from '../../../integrations/panels/panel.ts';
import type { ServerRow } from '../servers/connection.ts';
import { productsOfPanel } from './products.ts';
import { insertImportedServices, servicesByUsername } from './repository.ts';

type ImportItem = z.output<typeof importServerAccounts.input>['items'][number];

export interface ImportOutcome {
  items: HostingImportResultItem[];
  imported: number;
  skippedBy: Partial<Record<HostingImportSkipReason, number>>;
}

const skipped = (username: string, reason: HostingImportSkipReason): HostingImportResultItem => ({
  username, outcome: 'skipped', reason, message: HOSTING_IMPORT_SKIP_TEXTS[reason], serviceId: null,
});

/** The service row an account on the panel becomes: as the panel has it now, with no subscription (billing never drives it). */
function serviceRow(server: ServerRow, account: PanelAccount, item: ImportItem, product: { id: string; name: string } | null, now: string): Insertable<HostingServicesTable> {
  return {
    id: randomUUID(), account_id: item.accountId, subscription_id: null, product_id: product?.id ?? null,
    product_name: product?.name ?? account.package ?? account.username, panel: server.panel, server_id: server.id,
    status: account.suspended ? 'suspended' : 'active',
    // Lifted only by an operator: no payment of the portal's caused it.
    suspend_reason: account.suspended ? 'operator' : null, suspend_note: account.suspended ? T.suspendedBeforeImport : null,
    username: account.username, password: null, domain: account.domain, package: account.package, panel_ref: JSON.stringify(account.ref),
    source: 'import', activated_at: now, suspended_at: account.suspended ? now : null, created_at: now, updated_at: now,
  };
}

/**
 * Decides each item against the panel's list as read for this call and the portal's rows as they
 * are inside `db` (the caller's transaction), then writes the services in one go. The unique
 * server-and-username index settles an import running at the same time (insertImportedServices).
 */
export async function importAccounts(db: Db, server: ServerRow, onPanel: PanelAccount[], items: ImportItem[], now: string): Promise<ImportOutcome> {
  const panelAccounts = new Map(onPanel.map((a) => [a.username, a]));
  const held = await servicesByUsername(db, server.id, items.map((i) => i.username));
  const known = await accountNames(db, [...new Set(items.map((i) => i.accountId))]);
  const products = new Map((await productsOfPanel(db, server.panel)).map((p) => [p.id, p]));

  const rows: Insertable<HostingServicesTable>[] = [];
  const results = items.map((item): HostingImportResultItem => {
    const service = held.get(item.username);
    if (service) return skipped(item.username, service.status === 'terminated' ? 'held_by_terminated' : 'already_imported');
    const account = panelAccounts.get(item.username);
    if (!account) return skipped(item.username, 'not_on_panel');
    if (!known.has(item.accountId)) return skipped(item.username, 'unknown_account');
    const product = item.productId === null ? null : products.get(item.productId);
    if (product === undefined) return skipped(item.username, 'unknown_product');
    const row = serviceRow(server, account, item, product, now);
    rows.push(row);
    return { username: item.username, outcome: 'imported', reason: null, message: null, serviceId: row.id };
  });
  const written = await insertImportedServices(db, rows);
  // An import running at the same time took the username first: this one skips it like any already imported.
  const answered = results.map((r) => (r.serviceId !== null && !written.has(r.serviceId) ? skipped(r.username, 'already_imported') : r));

  const skippedBy: ImportOutcome['skippedBy'] = {};
  for (const r of answered) if (r.reason) skippedBy[r.reason] = (skippedBy[r.reason] ?? 0) + 1;
  return { items: answered, imported: written.size, skippedBy };
}
