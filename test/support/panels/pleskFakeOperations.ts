import { randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import { child, namedValues, textAt, type XmlElement, type XmlFields } from '../../../src/server/integrations/panels/plesk/pleskXml.ts';
import { FAKE_PLESK_USAGE, type FakePleskCustomer, type FakePleskState, type FakePleskWebspace, fakeGuid } from './pleskFakeState.ts';

/**
 * The operations of Plesk's XML API the fake carries out, each answering its `<result>`s the way
 * Plesk does: `status` ok with the object's id, or `status` error with errcode and errtext.
 */
type Result = XmlFields;
type Handler = (state: FakePleskState, operation: XmlElement) => Result[];

const ok = (fields: XmlFields = {}): Result => ({ status: 'ok', ...fields });
const error = (code: number, text: string, fields: XmlFields = {}): Result => ({ status: 'error', errcode: code, errtext: text, ...fields });
const notFound = (what: string) => error(1013, `${what} does not exist`);

/** Plesk's password rule with the Security Policy the fake's server has: 8+ characters with a digit, no spaces or quotes, not the login. */
function passwordProblem(password: string, login: string): string | null {
  if (password.length < 8 || !/\d/.test(password)) return 'The password is too weak: use at least 8 characters including a digit.';
  if (/[\s'"]/.test(password)) return 'The password contains characters that are not allowed (spaces or quotes).';
  if (login && password.toLowerCase().includes(login.toLowerCase())) return 'The password must not contain the login.';
  return null;
}

const loginValid = (login: string) => /^[A-Za-z0-9][^\s]{0,254}$/.test(login) && !['root', 'administrator'].includes(login.toLowerCase());
const systemUserValid = (name: string) => /^[a-z][a-z0-9.-]{0,31}$/.test(name);

/** The objects a filter picks: each filter element picks by one field; an empty filter picks all. */
function pick<T>(filter: XmlElement | null, all: T[], fields: Record<string, (item: T) => string>): { key: string; value: string; items: T[] }[] {
  if (!filter || filter.children.length === 0) return [{ key: '', value: '', items: all }];
  return filter.children.map((by) => ({ key: by.name, value: by.text, items: all.filter((item) => fields[by.name]?.(item) === by.text) }));
}

const customerFields = {
  id: (c: FakePleskCustomer) => String(c.id), login: (c: FakePleskCustomer) => c.login, guid: (c: FakePleskCustomer) => c.guid,
  'external-id': (c: FakePleskCustomer) => c.externalId,
};

function customerPick(state: FakePleskState, operation: XmlElement) {
  return pick(child(operation, 'filter'), state.customers, customerFields);
}

function webspacePick(state: FakePleskState, operation: XmlElement) {
  const owner = (space: FakePleskWebspace) => state.customers.find((c) => c.id === space.ownerId);
  return pick(child(operation, 'filter'), state.webspaces, {
    id: (s) => String(s.id), name: (s) => s.name, guid: (s) => s.guid, 'owner-id': (s) => String(s.ownerId),
    'owner-login': (s) => owner(s)?.login ?? '',
  });
}

/** One result per object picked, or the not-found error for a filter that picks nothing. */
function perObject<T>(picks: { key: string; value: string; items: T[] }[], what: string, each: (item: T) => Result): Result[] {
  return picks.flatMap(({ key, value, items }) => {
    const filterId: XmlFields = key ? { 'filter-id': value } : {};
    if (items.length === 0) return key ? [error(1013, `${what} does not exist`, filterId)] : [ok()];
    return items.map((item) => ({ ...each(item), ...filterId }));
  });
}

const customerInfo = (c: FakePleskCustomer): XmlFields => ({
  cr_date: '2026-01-01', cname: '', pname: c.pname, login: c.login, status: c.status, email: c.email, guid: c.guid, 'external-id': c.externalId,
});

const limitsOf = (state: FakePleskState, space: FakePleskWebspace) => ({
  limit: Object.entries(state.planByGuid(space.planGuid)?.limits ?? {}).map(([name, value]) => ({ name, value })),
});

function webspaceData(state: FakePleskState, space: FakePleskWebspace, dataset: XmlElement | null): XmlFields {
  const wanted = new Set((dataset?.children ?? []).map((d) => d.name));
  const data: XmlFields = {};
  if (wanted.has('gen_info')) {
    data.gen_info = { cr_date: '2026-01-01', name: space.name, 'ascii-name': space.name, status: space.status, real_size: 0, 'owner-id': space.ownerId,
      dns_ip_address: space.ip, htype: 'vrt_hst', guid: space.guid };
  }
  if (wanted.has('limits')) data.limits = { overuse: 'block', ...limitsOf(state, space) };
  if (wanted.has('stat')) data.stat = { traffic: FAKE_PLESK_USAGE.trafficBytes, subdom: 0, box: FAKE_PLESK_USAGE.mailboxes, db: 0 };
  if (wanted.has('disk_usage')) data.disk_usage = { ...FAKE_PLESK_USAGE.diskBytes, dbases: 0 };
  if (wanted.has('subscriptions')) data.subscriptions = { subscription: { locked: 'false', synchronized: 'true', plan: { 'plan-guid': space.planGuid } } };
  return data;
}

const customerAdd: Handler = (state, operation) => {
  const info = child(operation, 'gen_info');
  const login = textAt(info, 'login');
  const passwd = textAt(info, 'passwd');
  if (!loginValid(login)) return [error(1019, `Invalid value of the login: "${login}".`)];
  if (state.customerByLogin(login)) return [error(1002, `User account with login ${login} already exists.`)];
  const weak = passwordProblem(passwd, login);
  if (weak) return [error(1019, weak)];
  const customer: FakePleskCustomer = {
    id: state.id(), guid: fakeGuid(), login, pname: textAt(info, 'pname'), passwd, email: textAt(info, 'email'),
    externalId: textAt(info, 'external-id'), status: Number(textAt(info, 'status') || 0),
  };
  state.customers.push(customer);
  return [ok({ id: customer.id, guid: customer.guid })];
};

const customerGet: Handler = (state, operation) => perObject(customerPick(state, operation), 'Client', (c) => ok({ id: c.id, data: { gen_info: customerInfo(c) } }));

const customerSet: Handler = (state, operation) => {
  const values = child(child(operation, 'values'), 'gen_info');
  return perObject(customerPick(state, operation), 'Client', (c) => {
    const status = textAt(values, 'status');
    if (status && status !== '0' && status !== '16') return error(1025, `Wrong status value: ${status}.`);
    const passwd = child(values, 'passwd');
    if (passwd) {
      const weak = passwordProblem(passwd.text, c.login);
      if (weak) return error(1019, weak);
      c.passwd = passwd.text;
    }
    if (status) c.status = Number(status);
    return ok({ id: c.id });
  });
};

const customerDel: Handler = (state, operation) => perObject(customerPick(state, operation), 'Client', (c) => {
  state.removeCustomer(c);
  return ok({ id: c.id });
});

const webspaceAdd: Handler = (state, operation) => {
  const setup = child(operation, 'gen_setup');
  const name = textAt(setup, 'name').toLowerCase();
  const ownerId = textAt(setup, 'owner-id');
  const owner = ownerId ? state.customers.find((c) => String(c.id) === ownerId) : state.customerByLogin(textAt(setup, 'owner-login'));
  if (!owner) return [error(1015, 'Owner not found.')];
  const ip = textAt(setup, 'ip_address');
  if (!ip) return [error(1019, 'The IP address of the subscription is not specified.')];
  if (!state.ips.some((known) => known.address === ip)) return [error(1018, `IP address ${ip} does not exist.`)];
  if (!/^[a-z0-9-]+(\.[a-z0-9-]+)+$/.test(name)) return [error(1019, `Invalid domain name: "${name}".`)];
  if (state.webspaces.some((space) => space.name === name)) return [error(1007, `Domain ${name} already exists.`)];
  const properties = namedValues(child(child(operation, 'hosting'), 'vrt_hst'), 'property');
  const ftpLogin = properties.ftp_login ?? '';
  const ftpPassword = properties.ftp_password ?? '';
  if (!systemUserValid(ftpLogin)) return [error(1019, `Invalid value of the FTP login: "${ftpLogin}".`)];
  if (state.systemUserExists(ftpLogin)) return [error(1007, `System user ${ftpLogin} already exists.`)];
  const weak = passwordProblem(ftpPassword, ftpLogin);
  if (weak) return [error(1019, weak)];
  const planName = textAt(operation, 'plan-name');
  const plan = planName ? state.planByName(planName) : undefined;
  if (!plan) return [error(1013, `Service plan "${planName}" does not exist.`)];
  const space: FakePleskWebspace = {
    id: state.id(), guid: fakeGuid(), name, ownerId: owner.id, status: 0, planGuid: plan.guid, ftpLogin, ftpPassword, ip,
  };
  state.webspaces.push(space);
  return [ok({ id: space.id, guid: space.guid })];
};

const webspaceGet: Handler = (state, operation) =>
  perObject(webspacePick(state, operation), 'Webspace', (s) => ok({ id: s.id, data: webspaceData(state, s, child(operation, 'dataset')) }));

const webspaceSet: Handler = (state, operation) => {
  const status = textAt(child(child(operation, 'values'), 'gen_setup'), 'status');
  return perObject(webspacePick(state, operation), 'Webspace', (s) => {
    if (status && status !== '0' && status !== '16') return error(1025, `Wrong status value: ${status}.`);
    if (status) s.status = Number(status);
    return ok({ id: s.id });
  });
};

const webspaceDel: Handler = (state, operation) => perObject(webspacePick(state, operation), 'Webspace', (s) => {
  state.webspaces.splice(state.webspaces.indexOf(s), 1);
  return ok({ id: s.id });
});

const webspaceSwitch: Handler = (state, operation) => {
  const plan = state.planByGuid(textAt(operation, 'plan-guid'));
  return perObject(webspacePick(state, operation), 'Webspace', (s) => {
    if (!plan) return notFound('Service plan');
    s.planGuid = plan.guid;
    return ok({ id: s.id });
  });
};

const planGet: Handler = (state, operation) => perObject(
  pick(child(operation, 'filter'), state.plans, { id: (p) => String(p.id), name: (p) => p.name, guid: (p) => p.guid }),
  'Service plan',
  (p) => ok({ id: p.id, name: p.name, guid: p.guid, limits: { overuse: 'block', limit: Object.entries(p.limits).map(([name, value]) => ({ name, value })) } }),
);

const ipGet: Handler = (state) => [ok({ addresses: { ip_info: state.ips.map((ip) => ({ ip_address: ip.address, netmask: '255.255.255.0', type: ip.type, interface: 'eth0' })) } })];

const serverGet: Handler = (state, operation) => {
  const wanted = new Set(operation.children.map((d) => d.name));
  const result: XmlFields = {};
  if (wanted.has('key')) result.key = { property: [{ name: 'lim_cl', value: 100 }, { name: 'lim_dom', value: -1 }] };
  if (wanted.has('stat')) {
    result.stat = { objects: { clients: state.customers.length, domains: state.webspaces.length }, version: { plesk_version: '18.0.61', plesk_os: 'Ubuntu' } };
  }
  return [ok(result)];
};

const serverProtos: Handler = () => [ok({ protos: { proto: ['1.6.9.1', '1.6.9.0', '1.6.8.0'] } })];

/** Base64 of the IP as the docs say; newer Plesk also takes it plain (reference §2.2). */
function decodedIp(value: string): string | null {
  if (isIP(value)) return value;
  const text = Buffer.from(value, 'base64').toString('utf8');
  return isIP(text) ? text : null;
}

const createSession: Handler = (state, operation) => {
  const customer = state.customerByLogin(textAt(operation, 'login'));
  if (!customer) return [notFound('User')];
  const userIp = decodedIp(textAt(operation, 'data', 'user_ip'));
  if (!userIp) return [error(1019, 'Invalid value of user_ip: a base64-encoded IP address is expected.')];
  if (customer.status !== 0) return [error(1023, 'Operation failed: the user account is disabled.')];
  const id = randomBytes(16).toString('hex');
  state.sessions.set(id, { login: customer.login, userIp, used: false });
  return [ok({ id })];
};

const ftpUserGet: Handler = (state, operation) => perObject(
  pick(child(operation, 'filter'), [...state.systemUsers], { name: (name) => name }),
  'FTP user',
  (name) => ok({ id: 1000 + name.length, data: { name, home: '/' } }),
);

export const pleskHandlers: Record<string, Handler> = {
  'customer/add': customerAdd, 'customer/get': customerGet, 'customer/set': customerSet, 'customer/del': customerDel,
  'webspace/add': webspaceAdd, 'webspace/get': webspaceGet, 'webspace/set': webspaceSet, 'webspace/del': webspaceDel,
  'webspace/switch-subscription': webspaceSwitch, 'service-plan/get': planGet, 'ip/get': ipGet,
  'server/get': serverGet, 'server/get_protos': serverProtos, 'server/create_session': createSession, 'ftp-user/get': ftpUserGet,
};

export const operationsOf = (packet: XmlElement) => packet.children.flatMap((object) => object.children.map((operation) => ({ object, operation })));
