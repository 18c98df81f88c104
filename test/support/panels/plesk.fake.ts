import type { PanelConnection } from '../../../src/server/integrations/panels/panel.ts';
import { buildXml, child, parsePacket, PACKET_VERSION, textAt, type XmlElement, type XmlFields } from '../../../src/server/integrations/panels/plesk/pleskXml.ts';
import { type FakeAnswer, type FakeRequest, startFakeHttpServer } from '../fakeHttpServer.ts';
import type { FakePanel, FakePanelAccount, FakePanelOperation } from './fakePanel.ts';
import { operationsOf, pleskHandlers } from './pleskFakeOperations.ts';
import { schemaViolation } from './pleskFakeSchema.ts';
import { FAKE_PLESK_SHARED_IP, type FakePleskCustomer, FakePleskState, fakeGuid } from './pleskFakeState.ts';

/**
 * A local Plesk XML API (reference §2.2): POST /enterprise/control/agent.php with a `KEY` header
 * or `HTTP_AUTH_LOGIN` + `HTTP_AUTH_PASSWD`; packets checked against the schema's element order
 * before anything runs; pre-execution failures (credentials, XML) as `<system>` errors and business
 * errors per operation, all with HTTP 200; several operations in one packet answered in order.
 * It serves the session URLs `server create_session` hands out (rsession_init.php).
 */
export const pleskFakeCredentials = { secretKey: 'fake-plesk-secret-key-4f1c9a7e2b', login: 'admin', password: 'fake-Plesk-admin-pw-83' };

const AGENT_PATH = '/enterprise/control/agent.php';
const SESSION_PATH = '/enterprise/rsession_init.php';

export interface PleskFake extends FakePanel {
  /** The same server reached with the administrator's login and password instead of the secret key. */
  passwordConnection(): PanelConnection;
  /** The customer IP a session URL was created for (Plesk binds the session to it). */
  sessionIp(url: string): string | null;
  state: FakePleskState;
}

function packetAnswer(inner: string): FakeAnswer {
  return { body: `<?xml version="1.0" encoding="UTF-8"?><packet version="${PACKET_VERSION}">${inner}</packet>` };
}

const systemError = (code: number, text: string) => packetAnswer(buildXml({ system: { status: 'error', errcode: code, errtext: text } }));

const htmlPage = (status: number, title: string, text: string): FakeAnswer =>
  ({ status, contentType: 'text/html; charset=utf-8', body: `<!DOCTYPE html><html><head><title>${title}</title></head><body><p>${text}</p></body></html>` });

function authorised(request: FakeRequest): boolean {
  const key = request.headers.key;
  if (key !== undefined) return key === pleskFakeCredentials.secretKey;
  return request.headers.http_auth_login === pleskFakeCredentials.login && request.headers.http_auth_passwd === pleskFakeCredentials.password;
}

function answerPacket(state: FakePleskState, packet: XmlElement): FakeAnswer {
  const violation = schemaViolation(packet);
  if (violation) return systemError(1014, `Parser error: Request is invalid. ${violation}`);
  const inner = packet.children.map((object) => {
    const operations: XmlFields = {};
    for (const operation of object.children) operations[operation.name] = { result: pleskHandlers[`${object.name}/${operation.name}`]!(state, operation) };
    return buildXml({ [object.name]: operations });
  }).join('');
  return packetAnswer(inner);
}

/** Which packet carries out each lifecycle operation (create completes with the webspace). */
function carriesOut(packet: XmlElement, operation: FakePanelOperation): boolean {
  return operationsOf(packet).some(({ object, operation: op }) => {
    const path = `${object.name}/${op.name}`;
    const status = textAt(child(child(op, 'values'), object.name === 'customer' ? 'gen_info' : 'gen_setup'), 'status');
    switch (operation) {
      case 'create': return path === 'webspace/add';
      case 'suspend': return (path === 'webspace/set' || path === 'customer/set') && status === '16';
      case 'unsuspend': return (path === 'webspace/set' || path === 'customer/set') && status === '0';
      case 'terminate': return path === 'customer/del' || path === 'webspace/del';
      case 'changePackage': return path === 'webspace/switch-subscription';
      case 'changePassword': return path === 'customer/set' && child(child(child(op, 'values'), 'gen_info'), 'passwd') !== null;
    }
  });
}

export async function startPleskFake(): Promise<PleskFake> {
  const state = new FakePleskState();

  const http = await startFakeHttpServer((request) => {
    if (request.path === SESSION_PATH && request.method === 'GET') {
      const session = state.sessions.get(request.params.PLESKSESSID ?? '');
      if (!session || session.used) return htmlPage(200, 'Plesk', 'Log in to Plesk');
      session.used = true;
      return htmlPage(200, 'Plesk', `Logged in as ${session.login}`);
    }
    if (request.path !== AGENT_PATH) return htmlPage(404, '404 Not Found', 'The requested page was not found.');
    if (request.method !== 'POST') return htmlPage(405, '405 Method Not Allowed', 'Use POST.');
    if (!authorised(request)) return systemError(1001, 'Authentication failed - wrong password or secret key.');
    const packet = parsePacket(request.body);
    if (!packet || packet.children.length === 0) return systemError(1014, 'Parser error: Request is invalid. The packet is not well-formed.');
    return answerPacket(state, packet);
  });

  const { hostname, port } = new URL(http.url);
  const connectionWith = (credentials: PanelConnection['credentials']): PanelConnection =>
    ({ kind: 'plesk', scheme: 'http', host: hostname, port: Number(port), verifyTls: false, credentials, options: {} });

  const accountOf = (customer: FakePleskCustomer): FakePanelAccount => {
    const space = state.webspaceOf(customer);
    return {
      username: customer.login,
      domain: space?.name ?? null,
      package: space ? state.planByGuid(space.planGuid)?.name ?? null : null,
      suspended: customer.status !== 0 || (space?.status ?? 0) !== 0,
      password: customer.passwd,
      email: customer.email || null,
    };
  };

  const sessionOf = (url: string) => {
    try {
      const parsed = new URL(url);
      return parsed.pathname === SESSION_PATH ? state.sessions.get(parsed.searchParams.get('PLESKSESSID') ?? '') : undefined;
    } catch {
      return undefined;
    }
  };

  return {
    kind: 'plesk',
    http,
    state,
    connection: () => connectionWith({ kind: 'plesk', secretKey: pleskFakeCredentials.secretKey }),
    passwordConnection: () => connectionWith({ kind: 'plesk', login: pleskFakeCredentials.login, password: pleskFakeCredentials.password }),
    wrongCredentials: () => connectionWith({ kind: 'plesk', secretKey: 'not-the-fake-plesk-key' }),
    secrets: () => [pleskFakeCredentials.secretKey, pleskFakeCredentials.password],
    accounts: () => state.customers.map(accountOf),
    packages: () => state.plans.map((plan) => plan.name),
    addPackage: (name) => state.addPlan(name),
    seedAccount(seed) {
      const customer: FakePleskCustomer = {
        id: state.id(), guid: fakeGuid(), login: seed.username, pname: seed.username, passwd: seed.password ?? 'Seeded-pass-42',
        email: seed.email ?? `${seed.username}@example.org`, externalId: '', status: 0,
      };
      state.customers.push(customer);
      const domain = seed.domain === undefined ? `${seed.username}.example.net` : seed.domain;
      if (domain === null) {
        if (seed.suspended) customer.status = 16;
        return;
      }
      const plan = state.planByName(seed.package ?? 'starter') ?? state.plans[0]!;
      state.webspaces.push({
        id: state.id(), guid: fakeGuid(), name: domain, ownerId: customer.id, status: seed.suspended ? 16 : 0, planGuid: plan.guid,
        ftpLogin: seed.username, ftpPassword: customer.passwd, ip: FAKE_PLESK_SHARED_IP,
      });
    },
    reserveUsername: (username) => { state.systemUsers.add(username); },
    isOperation(request, operation) {
      if (request.path !== AGENT_PATH) return false;
      const packet = parsePacket(request.body);
      return packet !== null && carriesOut(packet, operation);
    },
    ssoAccount(url) {
      const session = sessionOf(url);
      if (!session || session.used) return null;
      session.used = true;
      return session.login;
    },
    sessionIp: (url) => sessionOf(url)?.userIp ?? null,
    close: () => http.close(),
  };
}
