import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CREDENTIALS_KIND_MISMATCH, CREDENTIALS_REQUIRED, groupInUse, HOST_INVALID, PANEL_CHANGE_NEEDS_CREDENTIALS, PLESK_CREDENTIALS, SERVER_NAME_TAKEN, serverInUse, UNEXPECTED_TEST_FAILURE,
} from '../../../../common/hosting/serversTexts.ts';
import { CredentialsUnreadable } from '../../../integrations/panels/credentials.ts';
import { accountWithMembers, createUser } from '../../../../../test/support/factories.ts';
import { insertServer, NOWHERE } from '../../../../../test/support/hostingServers.ts';
import { auditEntries, signUpOperator } from '../../../../../test/support/operators.ts';
import { fakePanels } from '../../../../../test/support/panels/index.ts';
import type { FakePanel } from '../../../../../test/support/panels/fakePanel.ts';
import { describeEachDialect, startTestApp, type TestApp, type TestUser } from '../../../../../test/support/testApp.ts';
import { checkEnabledServers } from './healthJob.ts';

const DA_SECRET = `da-login-key-${randomUUID()}`;
const DA_SECRET_2 = `da-login-key-${randomUUID()}`;

describeEachDialect('/super-admin/servers: servers, groups, credentials and health', (dialect) => {
  let t: TestApp;
  let operator: TestUser;
  const errorLog: string[] = [];

  beforeAll(async () => {
    t = await startTestApp(dialect, { errorLog });
    // Every line the app writes, requests and the health job's included, is searched for secrets.
    t.app.log.level = 'debug';
    operator = await signUpOperator(t);
  });
  afterAll(async () => { await t.stop(); });

  const serverInput = (over: Record<string, unknown> = {}) => ({
    name: `da-${randomUUID().slice(0, 8)}`, panel: 'directadmin', host: 'da1.example.com', port: 2222,
    credentials: { kind: 'directadmin', username: 'admin', loginKey: DA_SECRET }, ...over,
  });
  const save = async (over: Record<string, unknown> = {}) => {
    const res = await t.callRaw<{ server: { id: string } & Record<string, unknown> }>('saveHostingServer', serverInput(over), operator);
    if (res.status !== 200) throw new Error(`saveHostingServer ${res.status}: ${JSON.stringify(res.error)} ${errorLog.join("\n").slice(-1500)}`);
    return res.result.server;
  };
  const row = (id: string) => t.services.db.selectFrom('hosting_servers').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const serverCount = async () => Number((await t.services.db.selectFrom('hosting_servers').select((eb) => eb.fn.countAll().as('c')).executeTakeFirstOrThrow()).c);
  const list = async () => {
    const res = await t.call('listHostingServers', {}, operator);
    expect(res.status).toBe(200);
    return res.result;
  };

  it('adds a server in a group, lists it with its group and health card, and never answers its credentials', async () => {
    const group = await t.call('saveServerGroup', { name: `Shared EU ${randomUUID().slice(0, 6)}`, fillPolicy: 'spread' }, operator);
    expect(group.status).toBe(200);
    const groupId = group.result.group.id;
    const server = await save({ groupId, maxAccounts: 500, scheme: 'https', verifyTls: false, options: { displayHost: 'eu1.example.com' } });
    expect(server).toMatchObject({ panel: 'directadmin', groupId, host: 'da1.example.com', port: 2222, verifyTls: false, maxAccounts: 500, enabled: true });
    expect(JSON.stringify(server)).not.toContain(DA_SECRET);

    const page = await list();
    const listed = page.servers.find((s) => s.id === server.id)!;
    expect(listed.groupName).toBe(group.result.group.name);
    expect(listed.options.displayHost).toBe('eu1.example.com');
    expect(listed.health).toMatchObject({ lastCheckAt: null, portalAccounts: 0, credentialsProblem: null });
    expect(page.groups.find((g) => g.id === groupId)).toMatchObject({ fillPolicy: 'spread', servers: 1 });
    expect(JSON.stringify(page)).not.toContain(DA_SECRET);

    // A group in use cannot go; emptied, it can.
    const refused = await t.call('deleteServerGroup', { groupId }, operator);
    expect(refused.status).toBe(409);
    expect(refused.error?.message).toBe(groupInUse(1, 0));
    expect((await t.call('saveHostingServer', { ...serverInput({ name: server.name as string }), serverId: server.id, groupId: null } as never, operator)).status).toBe(200);
    expect((await t.call('deleteServerGroup', { groupId }, operator)).status).toBe(200);
    expect(await auditEntries(t, 'hosting.group_deleted', groupId)).toHaveLength(1);
  });

  it('credentials: sealed at rest, never in an answer, an audit entry or a log line; an edit without them keeps them', async () => {
    const server = await save();
    const sealed = (await row(server.id)).credentials;
    expect(sealed).not.toContain(DA_SECRET);
    expect(sealed.startsWith('v1.')).toBe(true);

    // Edit without credentials: the sealed value is untouched.
    const edited = await t.callRaw('saveHostingServer', { ...serverInput({ name: server.name, port: 2223 }), credentials: undefined, serverId: server.id }, operator);
    expect(edited.status).toBe(200);
    const after = await row(server.id);
    expect(after.port).toBe(2223);
    expect(after.credentials).toBe(sealed);

    // New credentials replace them, sealed again.
    await save({ serverId: server.id, name: server.name, credentials: { kind: 'directadmin', username: 'admin', loginKey: DA_SECRET_2 } });
    const replaced = await row(server.id);
    expect(replaced.credentials).not.toBe(sealed);
    expect(replaced.credentials).not.toContain(DA_SECRET_2);

    const audit = await t.services.db.selectFrom('audit_log').selectAll().where('target_id', '=', server.id).execute();
    expect(audit.map((a) => a.action).sort()).toEqual(['hosting.server_added', 'hosting.server_updated', 'hosting.server_updated']);
    const auditText = JSON.stringify(audit);
    expect(auditText).not.toContain(DA_SECRET);
    expect(auditText).not.toContain(DA_SECRET_2);
    expect(JSON.stringify(await list())).not.toContain(DA_SECRET_2);
    expect(errorLog.join('\n')).not.toContain(DA_SECRET);
    expect(errorLog.join('\n')).not.toContain(DA_SECRET_2);
  });

  it('refuses what cannot be a server with a sentence, and writes nothing', async () => {
    const before = await serverCount();
    const cases: [Record<string, unknown>, string][] = [
      [{ host: 'https://da1.example.com' }, HOST_INVALID],
      [{ host: 'da1.example.com/panel' }, HOST_INVALID],
      [{ host: 'da1.example.com:2222' }, HOST_INVALID],
      [{ host: 'bad host' }, HOST_INVALID],
      [{ host: `${'a'.repeat(70)}.example.com` }, HOST_INVALID],
      [{ host: `${'a.'.repeat(200)}com` }, 'Host must be at most 253 characters.'],
      [{ port: 0 }, 'Port must be between 1 and 65535.'],
      [{ port: 65536 }, 'Port must be between 1 and 65535.'],
      [{ port: '2222' }, 'Port must be a number.'],
      [{ name: '' }, 'Name is required.'],
      [{ name: 'x'.repeat(100_000) }, 'Name must be at most 80 characters.'],
      [{ panel: 'whm' }, 'Panel type must be one of cpanel, plesk, directadmin, proxmox.'],
      [{ credentials: undefined }, CREDENTIALS_REQUIRED],
      [{ credentials: { kind: 'cpanel', username: 'root', apiToken: 'T' } }, CREDENTIALS_KIND_MISMATCH],
      [{ credentials: { kind: 'directadmin', username: 'admin', loginKey: 'k'.repeat(5000) } }, 'Login key must be at most 4096 characters.'],
      [{ groupId: 'no-such-group' }, 'No such server group.'],
      [{ panel: 'plesk', credentials: { kind: 'plesk', secretKey: 'K', login: 'admin', password: 'P' } }, PLESK_CREDENTIALS],
      [{ panel: 'plesk', credentials: { kind: 'plesk', login: 'admin' } }, PLESK_CREDENTIALS],
    ];
    for (const [over, message] of cases) {
      const res = await t.callRaw('saveHostingServer', serverInput(over), operator);
      expect([400, 404], JSON.stringify(over).slice(0, 80)).toContain(res.status);
      expect(res.error?.message, JSON.stringify(over).slice(0, 80)).toBe(message);
    }
    // A NUL byte is refused by the body reader before any function runs.
    const nul = await t.callRaw('saveHostingServer', serverInput({ name: 'da\u0000one' }), operator);
    expect(nul.status).toBe(400);
    // IPv4 and IPv6 addresses are hosts too.
    await save({ host: '192.0.2.10' });
    await save({ host: '2001:db8::10' });
    expect(await serverCount()).toBe(before + 2);

    const taken = await save();
    const duplicate = await t.callRaw('saveHostingServer', serverInput({ name: taken.name }), operator);
    expect(duplicate.status).toBe(409);
    expect(duplicate.error?.message).toBe(SERVER_NAME_TAKEN);
    const otherPanel = await t.callRaw('saveHostingServer', { ...serverInput({ name: taken.name, panel: 'plesk' }), credentials: undefined, serverId: taken.id }, operator);
    expect(otherPanel.status).toBe(400);
    expect(otherPanel.error?.message).toBe(PANEL_CHANGE_NEEDS_CREDENTIALS);
  });

  it('deletes a server only when no service uses it', async () => {
    const serverId = await insertServer(t);
    const { accountId } = await accountWithMembers(t);
    const now = new Date().toISOString();
    const serviceId = randomUUID();
    await t.services.db.insertInto('hosting_services').values({
      id: serviceId, account_id: accountId, product_name: 'Business', panel: 'cpanel', server_id: serverId, status: 'active',
      username: 'abcdefgh', created_at: now, updated_at: now,
    }).execute();
    expect((await list()).servers.find((s) => s.id === serverId)?.health.portalAccounts).toBe(1);

    const refused = await t.call('deleteHostingServer', { serverId }, operator);
    expect(refused.status).toBe(409);
    expect(refused.error?.message).toBe(serverInUse(1));
    expect(await serverCount()).toBeGreaterThan(0);
    expect((await t.services.db.selectFrom('hosting_servers').select('id').where('id', '=', serverId).execute())).toHaveLength(1);

    await t.services.db.deleteFrom('hosting_services').where('id', '=', serviceId).execute();
    expect((await t.call('deleteHostingServer', { serverId }, operator)).status).toBe(200);
    expect(await auditEntries(t, 'hosting.server_deleted', serverId)).toHaveLength(1);
  });

  it('credentials that no longer open: the card says so and Test Connection answers 400 with that sentence', async () => {
    const serverId = await insertServer(t);
    // A sealed value copied from another server's row does not open here (bound to the row's id).
    const other = await row(await insertServer(t));
    await t.services.db.updateTable('hosting_servers').set({ credentials: other.credentials }).where('id', '=', serverId).execute();
    const sentence = new CredentialsUnreadable().message;
    expect((await list()).servers.find((s) => s.id === serverId)?.health.credentialsProblem).toBe(sentence);
    const res = await t.call('testHostingServer', { serverId }, operator);
    expect(res.status).toBe(400);
    expect(res.error?.message).toBe(sentence);
  });

  it('the hourly check stores a failure on every enabled server it cannot reach and leaves a disabled one alone', async () => {
    const reachable = await insertServer(t, NOWHERE, { name: `nowhere-${randomUUID().slice(0, 6)}` });
    const disabled = await insertServer(t, NOWHERE, { enabled: false });
    // Only these two take part: the other tests' servers name hosts that do not exist.
    await t.services.db.updateTable('hosting_servers').set({ enabled: false }).where('id', '!=', reachable).execute();
    await checkEnabledServers(t.services);
    const checked = await row(reachable);
    expect(checked.last_check_at).not.toBeNull();
    expect(Boolean(checked.last_check_ok)).toBe(false);
    expect(checked.last_error).toBeTruthy();
    expect((await row(disabled)).last_check_at).toBeNull();
  });

  it('refuses customers and signed-out callers', async () => {
    const customer = await createUser(t);
    expect((await t.call('listHostingServers', {}, customer)).status).toBe(403);
    expect((await t.callRaw('saveHostingServer', serverInput(), null)).status).toBe(401);
    expect((await t.callRaw('saveHostingServer', serverInput(), customer)).status).toBe(403);
  });

  describe.each(Object.entries(fakePanels))('Test Connection against the %s fake', (_kind, startFake) => {
    let fake: FakePanel;
    beforeAll(async () => { fake = await startFake!(); });
    afterAll(async () => { await fake.close(); });

    const serverOf = async (wrong = false) => insertServer(t, wrong ? fake.wrongCredentials() : fake.connection());

    it('answers the timed call log and stores the health facts; nothing secret anywhere', async () => {
      const serverId = await serverOf();
      const res = await t.call('testHostingServer', { serverId }, operator);
      expect(res.status).toBe(200);
      expect(res.result.success).toBe(true);
      expect(res.result.error).toBeNull();
      expect(res.result.calls.length).toBeGreaterThan(0);
      for (const call of res.result.calls) {
        expect(call.command).toBeTruthy();
        expect(call.status).toBe(200);
        expect(call.ms).toBeGreaterThanOrEqual(0);
        expect(call.outcome).toBe('ok');
      }
      expect(res.result.server.health.lastCheckOk).toBe(true);
      expect(res.result.server.health.latencyMs).not.toBeNull();
      expect(res.result.server.health).toMatchObject({ panelAccounts: res.result.facts!.accounts, panelMaxAccounts: res.result.facts!.maxAccounts, panelVersion: res.result.facts!.version });
      const stored = await row(serverId);
      expect(stored.last_check_at).not.toBeNull();
      expect(stored.last_error).toBeNull();
      const audit = await t.services.db.selectFrom('audit_log').selectAll().where('target_id', '=', serverId).execute();
      for (const secret of fake.secrets()) {
        expect(JSON.stringify(res)).not.toContain(secret);
        expect(JSON.stringify(audit)).not.toContain(secret);
        expect(stored.credentials).not.toContain(secret);
        expect(errorLog.join('\n')).not.toContain(secret);
      }
    });

    it('the hourly check stores the panel\'s facts: its version and its accounts', async () => {
      fake.seedAccount({ username: 'hourlyacct', domain: 'hourly.example.com' });
      const serverId = await serverOf();
      await t.services.db.updateTable('hosting_servers').set({ enabled: false }).where('id', '!=', serverId).execute();
      await checkEnabledServers(t.services);
      const stored = await row(serverId);
      expect(Boolean(stored.last_check_ok)).toBe(true);
      expect(stored.last_error).toBeNull();
      expect(stored.last_latency_ms).not.toBeNull();
      const card = (await list()).servers.find((s) => s.id === serverId)!.health;
      expect(card.lastCheckOk).toBe(true);
      if (card.panelAccounts !== null) expect(card.panelAccounts).toBe(fake.accounts().length);
    });

    it('wrong credentials: the panel\'s refusal as the error, stored on the health card', async () => {
      const serverId = await serverOf(true);
      const res = await t.call('testHostingServer', { serverId }, operator);
      expect(res.status).toBe(200);
      expect(res.result.success).toBe(false);
      // The panel's own refusal, not a network failure or the unexpected-error sentence.
      expect(res.result.error).toBeTruthy();
      expect(res.result.error).not.toBe(UNEXPECTED_TEST_FAILURE);
      expect(res.result.error).not.toContain('could not be reached');
      expect(res.result.calls.length).toBeGreaterThan(0);
      expect(res.result.calls.at(-1)!.status).not.toBeNull();
      expect(res.result.server.health).toMatchObject({ lastCheckOk: false, lastError: res.result.error });
    });

    it('a server that is down: "could not be reached"', async () => {
      const serverId = await serverOf();
      await fake.http.down();
      try {
        const res = await t.call('testHostingServer', { serverId }, operator);
        expect(res.status).toBe(200);
        expect(res.result.success).toBe(false);
        expect(res.result.error).toContain('could not be reached');
        expect((await row(serverId)).last_error).toContain('could not be reached');
      } finally {
        await fake.http.up();
      }
    });
  });
});
