import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { groupHasNoServer, PRODUCT_NOT_FOUND } from '../../../../common/hosting/productsTexts.ts';
import { PANEL_NAMES, type PanelKind } from '../../../../common/hosting/panels.ts';
import { createPlan } from '../../../../../test/support/billing/factories.ts';
import { insertServer, insertServerGroup, NOWHERE } from '../../../../../test/support/hostingServers.ts';
import { auditEntries, signUpOperator } from '../../../../../test/support/operators.ts';
import { fakePanels } from '../../../../../test/support/panels/index.ts';
import type { FakePanel } from '../../../../../test/support/panels/fakePanel.ts';
import { describeEachDialect, startTestApp, type TestApp, type TestUser } from '../../../../../test/support/testApp.ts';

describeEachDialect('products map to panel packages', (dialect) => {
  let t: TestApp;
  let operator: TestUser;

  beforeAll(async () => {
    t = await startTestApp(dialect);
    operator = await signUpOperator(t);
  });
  afterAll(async () => { await t.stop(); });

  it('maps a product, lists it as provisioning, edits it, and removes the mapping', async () => {
    const { productId } = await createPlan(t);
    const groupId = await insertServerGroup(t, { name: `Shared ${randomUUID().slice(0, 6)}` });
    const saved = await t.call('saveHostingProduct', { productId, panel: 'cpanel', groupId, package: 'business', orderFields: ['domain', 'domain'] }, operator);
    expect(saved.status).toBe(200);
    expect(saved.result.mapping).toMatchObject({ productId, panel: 'cpanel', groupId, package: 'business', orderFields: ['domain'] });

    const listed = await t.call('listHostingProducts', {}, operator);
    expect(listed.result.mappings.find((m) => m.productId === productId)?.package).toBe('business');

    const edited = await t.call('saveHostingProduct', { productId, panel: 'cpanel', groupId, package: 'starter', orderFields: [] }, operator);
    expect(edited.result.mapping).toMatchObject({ package: 'starter', orderFields: [] });
    const audit = await auditEntries(t, 'hosting.product_mapped', productId);
    expect(audit).toHaveLength(2);
    expect(audit[1]!.before).toMatchObject({ package: 'business' });

    // The group now holds a product: it cannot be deleted under it.
    expect((await t.call('deleteServerGroup', { groupId }, operator)).status).toBe(409);

    const removed = await t.call('removeHostingProduct', { productId }, operator);
    expect(removed.result).toEqual({ success: true, removed: true });
    expect((await t.call('listHostingProducts', {}, operator)).result.mappings.some((m) => m.productId === productId)).toBe(false);
    expect(await auditEntries(t, 'hosting.product_unmapped', productId)).toHaveLength(1);
  });

  it('refuses an unknown product, an unknown group and an unknown order field', async () => {
    const { productId } = await createPlan(t);
    const groupId = await insertServerGroup(t);
    const unknownProduct = await t.call('saveHostingProduct', { productId: 'prod_none', panel: 'plesk', groupId, package: 'x', orderFields: [] }, operator);
    expect(unknownProduct.status).toBe(404);
    expect(unknownProduct.error?.message).toBe(PRODUCT_NOT_FOUND);
    expect((await t.call('saveHostingProduct', { productId, panel: 'plesk', groupId: 'none', package: 'x', orderFields: [] }, operator)).status).toBe(404);
    const field = await t.callRaw('saveHostingProduct', { productId, panel: 'plesk', groupId, package: 'x', orderFields: ['phone'] }, operator);
    expect(field.status).toBe(400);
    expect(field.error?.message).toBe('Order fields may be: domain.');
    const empty = await t.callRaw('saveHostingProduct', { productId, panel: 'plesk', groupId, package: '  ', orderFields: [] }, operator);
    expect(empty.error?.message).toBe('Package is required.');
    expect((await t.call('listHostingProducts', {}, operator)).result.mappings.some((m) => m.productId === productId)).toBe(false);
  });

  it('the live package list says why when no server of the group answers', async () => {
    const groupId = await insertServerGroup(t, { name: `Empty ${randomUUID().slice(0, 6)}` });
    const none = await t.call('listPanelPackages', { panel: 'plesk', groupId }, operator);
    expect(none.status).toBe(200);
    expect(none.result).toMatchObject({ serverName: null, packages: [], error: groupHasNoServer((await groupName(groupId)), PANEL_NAMES.plesk) });

    // A server that does not answer, and a disabled one that is not asked.
    await insertServer(t, NOWHERE, { groupId, name: `down-${randomUUID().slice(0, 6)}` });
    const down = await t.call('listPanelPackages', { panel: 'cpanel', groupId }, operator);
    expect(down.result.serverName).toBeNull();
    expect(down.result.packages).toEqual([]);
    expect(down.result.error).toContain('answered');
  });

  const groupName = async (groupId: string) =>
    (await t.services.db.selectFrom('hosting_server_groups').select('name').where('id', '=', groupId).executeTakeFirstOrThrow()).name;

  describe.each(Object.entries(fakePanels))('the live package list from the %s fake', (kind, startFake) => {
    let fake: FakePanel;
    beforeAll(async () => { fake = await startFake!(); });
    afterAll(async () => { await fake.close(); });

    it('lists the panel\'s own packages, a new one included', async () => {
      fake.addPackage('enterprise');
      const groupId = await insertServerGroup(t);
      await insertServer(t, NOWHERE, { groupId, enabled: false });
      const name = `${kind}-${randomUUID().slice(0, 6)}`;
      await insertServer(t, fake.connection(), { groupId, name });
      const res = await t.call('listPanelPackages', { panel: kind as PanelKind, groupId }, operator);
      expect(res.status).toBe(200);
      expect(res.result.error).toBeNull();
      expect(res.result.serverName).toBe(name);
      expect(res.result.packages.map((p) => p.name)).toEqual(expect.arrayContaining(['starter', 'business', 'enterprise']));
    });
  });
});
