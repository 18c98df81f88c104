import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOSTING_IMPORT_MAX_ITEMS, HOSTING_IMPORT_SKIP_TEXTS, HOSTING_IMPORT_TEXTS as T } from '../../../../common/hosting/importTexts.ts';
import { createPlan } from '../../../../../test/support/billing/factories.ts';
import { accountWithMembers } from '../../../../../test/support/factories.ts';
import { mapProduct } from '../../../../../test/support/hostingBilling.ts';
import { customerWithEmail, type FakePanel, panelUsername, serverWithAccounts } from '../../../../../test/support/hostingImport.ts';
import { auditEntries, signUpOperator } from '../../../../../test/support/operators.ts';
import { fakePanels } from '../../../../../test/support/panels/index.ts';
import { describeEachDialect, startTestApp, type TestApp, type TestUser } from '../../../../../test/support/testApp.ts';
import { createPanel } from '../../../integrations/panels/createPanel.ts';

describeEachDialect('importing the accounts that already exist on a server', (dialect) => {
  let t: TestApp;
  let operator: TestUser;
  const fakes: FakePanel[] = [];
  beforeAll(async () => {
    t = await startTestApp(dialect);
    operator = await signUpOperator(t);
  });
  afterAll(async () => {
    await Promise.all(fakes.map((fake) => fake.close()));
    await t.stop();
  });

  const servicesOn = (serverId: string) => t.services.db.selectFrom('hosting_services').selectAll().where('server_id', '=', serverId).orderBy('username').execute();

  describe.each(Object.entries(fakePanels))('on %s', (kind, start) => {
    // Proxmox keeps no contact e-mail for a VM: nothing to suggest an account from.
    const keepsEmail = kind !== 'proxmox';

    /** A server with two accounts made by hand: one whose contact is a customer's address, one suspended that nobody's address names. */
    async function scene() {
      const email = `owner-${randomBytes(6).toString('hex')}@example.test`;
      const customer = await customerWithEmail(t, email);
      const mine = panelUsername('sh');
      const stranger = panelUsername('ol');
      const server = await serverWithAccounts(t, start!, [
        { username: mine, domain: `${mine}.example.com`, package: 'starter', email },
        { username: stranger, domain: `${stranger}.example.com`, package: 'starter', suspended: true, email: `${stranger}@nobody.example.test` },
      ]);
      fakes.push(server.fake);
      const plan = await createPlan(t, { name: `Starter ${kind}` });
      await mapProduct(t, plan.productId, { groupId: server.groupId, panel: kind as never, package: 'starter' });
      return { ...server, customer, mine, stranger, productId: plan.productId };
    }

    it('previews every account with its state, the customer its e-mail names and the products of the panel', async () => {
      const s = await scene();
      const res = await t.call('previewServerImport', { serverId: s.serverId }, operator);
      expect(res.status).toBe(200);
      const byName = new Map(res.result.accounts.map((a: { username: string }) => [a.username, a]));
      expect(byName.get(s.mine)).toMatchObject({
        package: 'starter', suspended: false, service: null, importable: true,
        email: keepsEmail ? expect.stringMatching(/@example\.test$/) : null,
        suggestedAccount: keepsEmail ? { id: s.customer.accountId, name: expect.any(String) } : null,
        suggestedProductId: s.productId,
      });
      expect(byName.get(s.stranger)).toMatchObject({ suspended: true, importable: true, suggestedAccount: null });
      expect(res.result.products).toContainEqual({ id: s.productId, name: `Starter ${kind}`, package: 'starter' });
      expect(res.result.server).toMatchObject({ id: s.serverId, panel: kind });
      expect(await auditEntries(t, 'hosting.accounts_import_previewed', s.serverId)).toHaveLength(1);
      for (const secret of s.fake.secrets()) expect(JSON.stringify(res.result)).not.toContain(secret);
    });

    it('imports them as active or suspended services with no subscription; a second import skips them', async () => {
      const s = await scene();
      const items = [
        { username: s.mine, accountId: s.customer.accountId, productId: s.productId },
        { username: s.stranger, accountId: s.customer.accountId, productId: null },
      ];
      const res = await t.call('importServerAccounts', { serverId: s.serverId, items }, operator);
      expect(res.status).toBe(200);
      expect(res.result).toMatchObject({ imported: 2, skipped: 0 });
      const rows = await servicesOn(s.serverId);
      const mine = rows.find((r) => r.username === s.mine)!;
      const stranger = rows.find((r) => r.username === s.stranger)!;
      expect(mine).toMatchObject({
        account_id: s.customer.accountId, subscription_id: null, product_id: s.productId, product_name: `Starter ${kind}`, panel: kind,
        status: 'active', suspend_reason: null, package: 'starter', source: 'import', password: null,
      });
      expect(stranger).toMatchObject({
        product_id: null, product_name: 'starter', status: 'suspended', suspend_reason: 'operator', suspend_note: T.suspendedBeforeImport, source: 'import',
      });
      // The panel's own ids come along, so the lifecycle finds the account again (Plesk customer, Proxmox VMID).
      if (kind === 'plesk' || kind === 'proxmox') expect(Object.keys(JSON.parse(mine.panel_ref) as object).length).toBeGreaterThan(0);
      expect(res.result.items.map((i) => i.serviceId).sort()).toEqual([mine.id, stranger.id].sort());

      const [entry] = await auditEntries(t, 'hosting.accounts_imported', s.serverId);
      expect(entry!.after).toMatchObject({ requested: 2, imported: 2, skipped: 0 });
      const audit = JSON.stringify(await t.services.db.selectFrom('audit_log').selectAll().where('target_id', '=', s.serverId).execute());
      for (const secret of s.fake.secrets()) expect(audit).not.toContain(secret);

      const again = await t.call('importServerAccounts', { serverId: s.serverId, items }, operator);
      expect(again.status).toBe(200);
      expect(again.result).toMatchObject({ imported: 0, skipped: 2 });
      expect(again.result.items.map((i) => i.reason)).toEqual(['already_imported', 'already_imported']);
      expect(await servicesOn(s.serverId)).toHaveLength(2);
      const preview = await t.call('previewServerImport', { serverId: s.serverId }, operator);
      expect(preview.result.accounts.every((a: { importable: boolean; service: unknown }) => !a.importable && a.service !== null)).toBe(true);
    });

    it('skips, per item, an account gone from the panel since the preview, an unknown customer account and a product not on this panel', async () => {
      const s = await scene();
      const third = panelUsername('th');
      s.fake.seedAccount({ username: third, domain: `${third}.example.com`, package: 'starter' });
      expect((await t.call('previewServerImport', { serverId: s.serverId }, operator)).result.accounts).toHaveLength(3);
      const panel = createPanel(s.fake.connection());
      await panel.terminate((await panel.findAccount(s.stranger))!);
      const otherPanelPlan = await createPlan(t);

      const res = await t.call('importServerAccounts', {
        serverId: s.serverId,
        items: [
          { username: s.stranger, accountId: s.customer.accountId, productId: null },
          { username: s.mine, accountId: 'no-such-account-id', productId: null },
          { username: third, accountId: s.customer.accountId, productId: otherPanelPlan.productId },
        ],
      }, operator);
      expect(res.status).toBe(200);
      expect(res.result.items).toEqual([
        { username: s.stranger, outcome: 'skipped', reason: 'not_on_panel', message: HOSTING_IMPORT_SKIP_TEXTS.not_on_panel, serviceId: null },
        { username: s.mine, outcome: 'skipped', reason: 'unknown_account', message: HOSTING_IMPORT_SKIP_TEXTS.unknown_account, serviceId: null },
        { username: third, outcome: 'skipped', reason: 'unknown_product', message: HOSTING_IMPORT_SKIP_TEXTS.unknown_product, serviceId: null },
      ]);
      expect(await servicesOn(s.serverId)).toEqual([]);
      const [entry] = await auditEntries(t, 'hosting.accounts_imported', s.serverId);
      expect(entry!.after).toMatchObject({ imported: 0, skipped: 3, skippedBy: { not_on_panel: 1, unknown_account: 1, unknown_product: 1 } });
    });

    it('answers 503 with a sentence when the panel is down, and imports nothing', async () => {
      const s = await scene();
      await s.fake.http.down();
      try {
        const preview = await t.call('previewServerImport', { serverId: s.serverId }, operator);
        expect(preview.status).toBe(503);
        expect(preview.error?.message).toMatch(/^The accounts of server-\w+ could not be read: ./);
        const res = await t.call('importServerAccounts', { serverId: s.serverId, items: [{ username: s.mine, accountId: s.customer.accountId, productId: null }] }, operator);
        expect(res.status).toBe(503);
        expect(await servicesOn(s.serverId)).toEqual([]);
      } finally {
        await s.fake.http.up();
      }
    });
  });

  it('imports an account once when two imports of it run at the same time', async () => {
    const username = panelUsername('ra');
    const { fake, serverId } = await serverWithAccounts(t, fakePanels.cpanel!, [{ username }]);
    fakes.push(fake);
    const { accountId } = await customerWithEmail(t, `race-${randomBytes(6).toString('hex')}@example.test`);
    const input = { serverId, items: [{ username, accountId, productId: null }] };
    const answers = await Promise.all([t.call('importServerAccounts', input, operator), t.call('importServerAccounts', input, operator)]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    expect(answers.map((a) => a.result.imported).sort()).toEqual([0, 1]);
    expect(answers.flatMap((a) => a.result.items.map((i) => i.reason)).sort()).toEqual(['already_imported', null]);
    expect(await servicesOn(serverId)).toHaveLength(1);
  });

  it('answers 404 for a server it does not have', async () => {
    const res = await t.call('previewServerImport', { serverId: 'no-such-server' }, operator);
    expect(res.status).toBe(404);
    expect(res.error?.message).toBe(T.serverNotFound);
  });

  it(`refuses more than ${HOSTING_IMPORT_MAX_ITEMS} items, a username twice and no item at all, writing nothing`, async () => {
    const before = await auditEntries(t, 'hosting.accounts_imported');
    const item = (n: number) => ({ username: `user${n}`, accountId: 'acc', productId: null });
    const many = await t.call('importServerAccounts', { serverId: 'srv', items: Array.from({ length: HOSTING_IMPORT_MAX_ITEMS + 1 }, (_, n) => item(n)) }, operator);
    expect(many.status).toBe(400);
    expect(many.error?.message).toBe(T.tooManyItems);
    const twice = await t.call('importServerAccounts', { serverId: 'srv', items: [item(1), item(1)] }, operator);
    expect(twice.status).toBe(400);
    expect(twice.error?.message).toBe(T.duplicateUsername);
    const none = await t.call('importServerAccounts', { serverId: 'srv', items: [] }, operator);
    expect(none.status).toBe(400);
    expect(none.error?.message).toBe(T.itemsRequired);
    expect(await auditEntries(t, 'hosting.accounts_imported')).toEqual(before);
  });

  it('refuses customers, even an account owner naming their own account', async () => {
    const a = await accountWithMembers(t);
    const res = await t.call('importServerAccounts', { serverId: 'srv', items: [{ username: 'someone1', accountId: a.accountId, productId: null }] }, a.owner);
    expect(res.status).toBe(403);
    expect((await t.call('previewServerImport', { serverId: 'srv' }, a.owner)).status).toBe(403);
  });
});
