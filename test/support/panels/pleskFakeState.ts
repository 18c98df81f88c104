import { randomBytes } from 'node:crypto';

/** What the Plesk fake keeps: customers, the webspaces (subscriptions) they own, service plans. */
export interface FakePleskCustomer {
  id: number;
  guid: string;
  login: string;
  pname: string;
  passwd: string;
  email: string;
  externalId: string;
  /** 0 active, 16 disabled by the administrator. */
  status: number;
}

export interface FakePleskWebspace {
  id: number;
  guid: string;
  name: string;
  ownerId: number;
  status: number;
  planGuid: string;
  ftpLogin: string;
  ftpPassword: string;
  ip: string;
}

export interface FakePleskPlan {
  id: number;
  guid: string;
  name: string;
  /** Bytes for disk_space and max_traffic, counts otherwise; -1 unlimited. */
  limits: Record<string, number>;
}

export interface FakePleskSession {
  login: string;
  userIp: string;
  used: boolean;
}

export const FAKE_PLESK_SHARED_IP = '192.0.2.10';
const GB = 1024 ** 3;

/** Fixed figures every webspace reports, so usage tests can check the adapter's arithmetic. */
export const FAKE_PLESK_USAGE = { diskBytes: { httpdocs: 12 * 1024 ** 2, mailboxes: 3 * 1024 ** 2 }, trafficBytes: 40 * 1024 ** 2, mailboxes: 2 };

export const fakeGuid = () => {
  const hex = randomBytes(16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
};

export class FakePleskState {
  private nextId = 1;
  readonly customers: FakePleskCustomer[] = [];
  readonly webspaces: FakePleskWebspace[] = [];
  readonly plans: FakePleskPlan[] = [];
  /** Linux users that exist on the host outside any subscription (a new FTP login may not take one). */
  readonly systemUsers = new Set<string>(['root', 'admin', 'ftp', 'psaadm', 'apache', 'nginx', 'mysql']);
  readonly sessions = new Map<string, FakePleskSession>();
  readonly ips = [{ address: FAKE_PLESK_SHARED_IP, type: 'shared' }, { address: '192.0.2.11', type: 'exclusive' }];

  constructor() {
    this.addPlan('starter', { disk_space: GB, max_traffic: 10 * GB, max_site: 1, max_box: 5 });
    this.addPlan('business', { disk_space: 10 * GB, max_traffic: 100 * GB, max_site: 10, max_box: -1 });
  }

  id(): number {
    this.nextId += 1;
    return this.nextId;
  }

  addPlan(name: string, limits: Record<string, number> = { disk_space: GB, max_traffic: -1, max_site: 1, max_box: 5 }): void {
    if (!this.plans.some((plan) => plan.name === name)) this.plans.push({ id: this.id(), guid: fakeGuid(), name, limits });
  }

  customerByLogin = (login: string) => this.customers.find((customer) => customer.login.toLowerCase() === login.toLowerCase());
  webspaceOf = (customer: FakePleskCustomer) => this.webspaces.find((space) => space.ownerId === customer.id);
  planByGuid = (guid: string) => this.plans.find((plan) => plan.guid === guid);
  planByName = (name: string) => this.plans.find((plan) => plan.name === name);

  /** Whether a Linux user of that name exists: a subscription's FTP login or a system user. */
  systemUserExists = (name: string) => this.systemUsers.has(name) || this.webspaces.some((space) => space.ftpLogin === name);

  removeCustomer(customer: FakePleskCustomer): void {
    this.customers.splice(this.customers.indexOf(customer), 1);
    for (const space of this.webspaces.filter((s) => s.ownerId === customer.id)) this.webspaces.splice(this.webspaces.indexOf(space), 1);
  }
}
