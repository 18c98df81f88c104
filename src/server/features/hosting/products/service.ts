import type { z } from 'zod';
import { PANEL_NAMES, type PanelKind } from '../../../../common/hosting/panels.ts';
import type { HostingOrderField } from '../../../../common/hosting/orderFields.ts';
import type { ProductMapping, saveHostingProduct } from '../../../../common/hosting/productsContract.ts';
import { groupHasNoServer, MAPPING_GROUP_NOT_FOUND, noReachableServer, PRODUCT_NOT_FOUND } from '../../../../common/hosting/productsTexts.ts';
import { record } from '../../../audit/record.ts';
import type { Db } from '../../../db/transaction.ts';
import { CredentialsUnreadable } from '../../../integrations/panels/credentials.ts';
import { PanelError, type PanelPackage } from '../../../integrations/panels/panel.ts';
import { type BackOfficeWriteContext, operatorOf, type SignedInContext } from '../../../rpc/context.ts';
import { notFound } from '../../../rpc/errors.ts';
import { findProduct } from '../../catalog/index.ts';
import { panelOfServer } from '../servers/connection.ts';
import { CONNECTION_TEST_TIMEOUT_MS } from '../servers/connectionTest.ts';
import { findGroup, listEnabledServerRows } from '../servers/repository.ts';
import { deleteMapping, listMappingRows, type MappingRow, upsertMapping } from './repository.ts';

type MappingInput = z.output<typeof saveHostingProduct.input>;

const mappingOf = (row: MappingRow): ProductMapping => ({
  productId: row.product_id, panel: row.panel, groupId: row.group_id, groupName: row.group_name, package: row.package,
  orderFields: JSON.parse(row.order_fields) as HostingOrderField[],
});

export async function listMappings(db: Db): Promise<ProductMapping[]> {
  return (await listMappingRows(db)).map(mappingOf);
}

/** The packages of the first enabled server of the group on that panel that answers. */
export async function livePackages(ctx: SignedInContext, panel: PanelKind, groupId: string): Promise<{ serverName: string | null; error: string | null; packages: PanelPackage[] }> {
  const group = await findGroup(ctx.services.db, groupId);
  if (!group) throw notFound(MAPPING_GROUP_NOT_FOUND);
  const servers = (await listEnabledServerRows(ctx.services.db)).filter((s) => s.group_id === groupId && s.panel === panel);
  if (servers.length === 0) return { serverName: null, error: groupHasNoServer(group.name, PANEL_NAMES[panel]), packages: [] };
  const reasons: string[] = [];
  for (const server of servers) {
    try {
      const packages = await panelOfServer(ctx.services.config, server).listPackages({ signal: AbortSignal.timeout(CONNECTION_TEST_TIMEOUT_MS) });
      return { serverName: server.name, error: null, packages };
    } catch (error) {
      if (error instanceof PanelError || error instanceof CredentialsUnreadable) reasons.push(`${server.name}: ${error.message}`);
      else {
        ctx.log.error({ err: error, serverId: server.id }, 'panel package list failed');
        reasons.push(`${server.name}: failed unexpectedly.`);
      }
    }
  }
  return { serverName: null, error: `${noReachableServer(group.name, PANEL_NAMES[panel])} ${reasons.join(' ')}`, packages: [] };
}

export async function saveMapping(ctx: BackOfficeWriteContext, input: MappingInput): Promise<ProductMapping> {
  const { tx, services } = ctx;
  if (!await findProduct(tx.db, input.productId)) throw notFound(PRODUCT_NOT_FOUND);
  if (!await findGroup(tx.db, input.groupId)) throw notFound(MAPPING_GROUP_NOT_FOUND);
  const now = services.clock.nowIso();
  const [before] = await listMappingRows(tx.db, input.productId);
  await upsertMapping(tx.db, {
    product_id: input.productId, panel: input.panel, group_id: input.groupId, package: input.package,
    order_fields: JSON.stringify(input.orderFields), created_at: now, updated_at: now,
  });
  const [after] = await listMappingRows(tx.db, input.productId);
  const mapping = mappingOf(after!);
  await record(tx, {
    actor: operatorOf(ctx), actingAs: null, action: 'hosting.product_mapped', target: { type: 'product', id: input.productId },
    before: before ? mappingOf(before) : null, after: mapping, requestId: ctx.requestId, at: now,
  });
  return mapping;
}

export async function removeMapping(ctx: BackOfficeWriteContext, productId: string): Promise<boolean> {
  const { tx, services } = ctx;
  if (!await findProduct(tx.db, productId)) throw notFound(PRODUCT_NOT_FOUND);
  const [before] = await listMappingRows(tx.db, productId);
  const removed = await deleteMapping(tx.db, productId) > 0;
  await record(tx, {
    actor: operatorOf(ctx), actingAs: null, action: 'hosting.product_unmapped', target: { type: 'product', id: productId },
    before: before ? mappingOf(before) : null, after: { removed }, requestId: ctx.requestId, at: services.clock.nowIso(),
  });
  return removed;
}
