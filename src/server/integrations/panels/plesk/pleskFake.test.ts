import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { pleskFakeCredentials, type PleskFake, startPleskFake } from '../../../../../test/support/panels/plesk.fake.ts';
import type { FakePanelOperation } from '../../../../../test/support/panels/fakePanel.ts';
import { createPanel } from '../createPanel.ts';
import { buildPacket, children, parsePacket, textAt, type XmlFields } from './pleskXml.ts';
import { expectPanelError, newAccount } from '../../../../../test/support/panels/pleskTestKit.ts';

/** The fake must refuse what Plesk refuses, or adapter tests against it would prove nothing. */
describe('the Plesk fake answers as Plesk does', () => {
  let fake: PleskFake;
  beforeEach(async () => { fake = await startPleskFake(); });
  afterEach(async () => { await fake.close(); });

  const post = async (body: string, headers: Record<string, string> = { KEY: pleskFakeCredentials.secretKey }) => {
    const response = await fetch(`${fake.http.url}/enterprise/control/agent.php`, { method: 'POST', headers: { 'Content-Type': 'text/xml', ...headers }, body });
    return { status: response.status, packet: parsePacket(await response.text()) };
  };
  const systemError = (packet: ReturnType<typeof parsePacket>) => `${textAt(packet, 'system', 'errcode')} ${textAt(packet, 'system', 'errtext')}`;
  const getCustomers = buildPacket({ customer: { get: { filter: '', dataset: { gen_info: '' } } } });

  it('refuses a packet without credentials, with a wrong key or a wrong password: system-level 1001 in HTTP 200', async () => {
    const refused: Record<string, string>[] = [{}, { KEY: 'guessed-key' }, { HTTP_AUTH_LOGIN: 'admin', HTTP_AUTH_PASSWD: 'guess' }, { HTTP_AUTH_LOGIN: 'root', HTTP_AUTH_PASSWD: pleskFakeCredentials.password }];
    for (const headers of refused) {
      const { status, packet } = await post(getCustomers, headers);
      expect(status).toBe(200);
      expect(systemError(packet)).toMatch(/^1001 Authentication failed/);
    }
    expect(textAt((await post(getCustomers)).packet, 'customer', 'get', 'result', 'status')).toBe('ok');
  });

  it('answers only POST on the agent path', async () => {
    expect((await fetch(`${fake.http.url}/enterprise/control/agent.php`)).status).toBe(405);
    expect((await fetch(`${fake.http.url}/api/v2/server`, { method: 'POST', headers: { KEY: pleskFakeCredentials.secretKey } })).status).toBe(404);
  });

  it('refuses XML that is not well formed and elements out of the schema\'s order with 1014, running nothing', async () => {
    expect(systemError((await post('<packet><customer><get>')).packet)).toMatch(/^1014 Parser error/);
    const outOfOrder: XmlFields = { webspace: { add: {
      gen_setup: { name: 'acme.example', 'owner-login': 'acme0001', htype: 'vrt_hst', ip_address: '192.0.2.10' },
      'plan-name': 'starter',
      hosting: { vrt_hst: { property: [{ name: 'ftp_login', value: 'acme0001' }, { name: 'ftp_password', value: 'Secret-pass-12' }], ip_address: '192.0.2.10' } },
    } } };
    fake.seedAccount({ username: 'acme0001', domain: null });
    expect(systemError((await post(buildPacket(outOfOrder))).packet)).toMatch(/^1014 .*Element 'hosting': This element is not expected/);
    const unknownFilter = buildPacket({ customer: { get: { filter: { email: 'x@example.org' }, dataset: { gen_info: '' } } } });
    expect(systemError((await post(unknownFilter)).packet)).toMatch(/^1014 /);
    const wrongDatasetOrder = buildPacket({ webspace: { get: { filter: '', dataset: { subscriptions: '', gen_info: '' } } } });
    expect(systemError((await post(wrongDatasetOrder)).packet)).toMatch(/^1014 /);
    expect(fake.state.webspaces).toEqual([]);
  });

  it('answers several operations of one packet in order, each with its own status', async () => {
    fake.seedAccount({ username: 'acme0001' });
    const { packet } = await post(buildPacket({
      customer: { get: { filter: { login: 'nobody01' }, dataset: { gen_info: '' } } },
      webspace: { get: { filter: { 'owner-login': 'acme0001' }, dataset: { gen_info: '' } } },
    }));
    expect(packet!.children.map((c) => c.name)).toEqual(['customer', 'webspace']);
    const [missing] = children(packet!.children[0]!.children[0]!, 'result');
    expect([textAt(missing, 'status'), textAt(missing, 'errcode')]).toEqual(['error', '1013']);
    expect(textAt(packet, 'webspace', 'get', 'result', 'data', 'gen_info', 'name')).toBe('acme0001.example.net');
  });

  it('allows only status 0 and 16 to be set (1025)', async () => {
    fake.seedAccount({ username: 'acme0001' });
    const { packet } = await post(buildPacket({ webspace: { set: { filter: { name: 'acme0001.example.net' }, values: { gen_setup: { status: 4 } } } } }));
    expect(textAt(packet, 'webspace', 'set', 'result', 'errcode')).toBe('1025');
    expect(fake.accounts()[0]!.suspended).toBe(false);
  });

  it('refuses a session for a disabled customer (1023) and for a user_ip that is no IP (1019)', async () => {
    fake.seedAccount({ username: 'acme0001', domain: null, suspended: true });
    const plesk = createPanel(fake.connection());
    const account = (await plesk.findAccount('acme0001'))!;
    await expectPanelError(fake, plesk.loginUrl(account, '203.0.113.9'), 'refused', /Operation failed.*1023/);
    const { packet } = await post(buildPacket({ server: { create_session: { login: 'acme0001', data: { user_ip: 'bm90LWFuLWlw', source_server: '' } } } }));
    expect(textAt(packet, 'server', 'create_session', 'result', 'errcode')).toBe('1019');
  });

  it('opens only session URLs it issued, once', async () => {
    expect(fake.ssoAccount(`${fake.http.url}/enterprise/rsession_init.php?PLESKSESSID=deadbeef`)).toBeNull();
    expect(fake.ssoAccount('not a url')).toBeNull();
    expect(await (await fetch(`${fake.http.url}/enterprise/rsession_init.php?PLESKSESSID=deadbeef`)).text()).toContain('Log in to Plesk');
  });

  it('recognises the request that carries out each lifecycle operation', async () => {
    const plesk = createPanel(fake.connection());
    const account = await plesk.createAccount(newAccount());
    await plesk.suspend(account, 'x');
    await plesk.unsuspend(account);
    await plesk.changePackage(account, 'business');
    await plesk.changePassword(account, 'An0ther-pass-word');
    await plesk.terminate(account);
    const operations: FakePanelOperation[] = ['create', 'suspend', 'unsuspend', 'changePackage', 'changePassword', 'terminate'];
    const matched = fake.http.requests.map((request) => operations.filter((op) => fake.isOperation(request, op)).join(',') || '-');
    expect(matched).toEqual(['-', '-', '-', 'create', '-', 'suspend', '-', 'unsuspend', '-', 'changePackage', 'changePassword', 'terminate']);
  });
});
