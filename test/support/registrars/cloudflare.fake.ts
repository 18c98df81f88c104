import { type FakeAnswer, type FakeHttpServer, type FakeRequest, startFakeHttpServer } from '../fakeHttpServer.ts';
import { createRateGuard, type FakeRateLimit, type RateGuard } from './rateLimits.fake.ts';

/**
 * A local Cloudflare v4 API, the registrar's account endpoints only (reference/registrars.md §4):
 * `GET /client/v4/accounts/{account}/registrar/domains?page&per_page`,
 * `GET …/domains/{name}` and `PUT …/domains/{name}` with `{auto_renew?, locked?, privacy?}`.
 * Every answer is the v4 envelope `{success, errors[{code,message}], messages, result,
 * result_info}`; the token is a bearer header. A wrong token or another account is refused with
 * HTTP 403 and code 10000 ("Authentication error"), as Cloudflare does. ⚠ The code for a name
 * not in the account is ours (the adapter reads the HTTP 404, not the code).
 */
export const CLOUDFLARE_FAKE_TOKEN = 'cf-test-token-5d1e7b93a0c4';
export const CLOUDFLARE_FAKE_ACCOUNT = '0123456789abcdef0123456789abcdef';
/** The largest per_page Cloudflare's list endpoints take. */
const MAX_PER_PAGE = 50;
const DAY_MS = 86_400_000;

export interface FakeCloudflareDomain {
  name: string;
  createdAt: string;
  expiresAt: string;
  locked: boolean;
  autoRenew: boolean;
  privacy: boolean;
  /** Cloudflare sends them comma-separated ('clientTransferProhibited,serverDeleteProhibited'). */
  registryStatuses: string;
}

export interface FakeCloudflare {
  /** The v4 base, for CLOUDFLARE_API_URL. */
  url: string;
  http: FakeHttpServer;
  requests: FakeRequest[];
  domains: Map<string, FakeCloudflareDomain>;
  rateLimit: RateGuard;
  seedDomain(name: string, fields?: Partial<FakeCloudflareDomain>): FakeCloudflareDomain;
  /** The next request is refused in the envelope with this HTTP status and these errors. */
  refuseNext(status: number, errors: { code: number; message: string }[]): void;
  close(): Promise<void>;
}

function envelope(result: unknown, extra: { status?: number; errors?: { code: number; message: string }[]; resultInfo?: unknown } = {}): FakeAnswer {
  const errors = extra.errors ?? [];
  return {
    status: extra.status ?? 200,
    contentType: 'application/json',
    body: JSON.stringify({ success: errors.length === 0, errors, messages: [], result, ...(extra.resultInfo ? { result_info: extra.resultInfo } : {}) }),
  };
}

function wire(domain: FakeCloudflareDomain) {
  return {
    id: domain.name, name: domain.name, available: false, can_register: false, created_at: domain.createdAt, current_registrar: 'Cloudflare',
    expires_at: domain.expiresAt, locked: domain.locked, auto_renew: domain.autoRenew, privacy: domain.privacy,
    registrant_contact: null, registry_statuses: domain.registryStatuses, supported_tld: true, transfer_in: null, updated_at: domain.createdAt,
  };
}

export async function startFakeCloudflare(options: { token?: string; accountId?: string; rateLimit?: FakeRateLimit } = {}): Promise<FakeCloudflare> {
  const token = options.token ?? CLOUDFLARE_FAKE_TOKEN;
  const accountId = options.accountId ?? CLOUDFLARE_FAKE_ACCOUNT;
  const rateLimit = createRateGuard(options.rateLimit);
  const domains = new Map<string, FakeCloudflareDomain>();
  const prefix = '/client/v4/accounts/';
  const notFound = (what: string) => envelope(null, { status: 404, errors: [{ code: 1404, message: `${what} not found` }] });

  const http = await startFakeHttpServer((request) => {
    if (!rateLimit.admit()) return envelope(null, { status: 429, errors: [{ code: 971, message: 'Please wait and consider throttling your request speed' }] });
    if (request.headers.authorization !== `Bearer ${token}`) return envelope(null, { status: 403, errors: [{ code: 10000, message: 'Authentication error' }] });
    if (!request.path.startsWith(prefix)) return envelope(null, { status: 400, errors: [{ code: 7003, message: 'Could not route to this path' }] });
    const [account, registrar, collection, rawName, ...rest] = request.path.slice(prefix.length).split('/');
    if (account !== accountId) return envelope(null, { status: 403, errors: [{ code: 10000, message: 'Authentication error' }] });
    if (registrar !== 'registrar' || collection !== 'domains' || rest.length > 0) return envelope(null, { status: 400, errors: [{ code: 7003, message: 'Could not route to this path' }] });

    if (rawName === undefined || rawName === '') {
      if (request.method !== 'GET') return envelope(null, { status: 405, errors: [{ code: 10405, message: 'Method not allowed' }] });
      const page = Number(request.params.page ?? '1');
      const perPage = Number(request.params.per_page ?? '20');
      if (!Number.isInteger(page) || page < 1 || !Number.isInteger(perPage) || perPage < 1 || perPage > MAX_PER_PAGE) {
        return envelope(null, { status: 400, errors: [{ code: 1004, message: 'Invalid page or per_page' }] });
      }
      const all = [...domains.values()].sort((a, b) => a.name.localeCompare(b.name));
      const slice = all.slice((page - 1) * perPage, page * perPage);
      return envelope(slice.map(wire), {
        resultInfo: { page, per_page: perPage, count: slice.length, total_count: all.length, total_pages: Math.max(1, Math.ceil(all.length / perPage)) },
      });
    }

    const name = decodeURIComponent(rawName).toLowerCase();
    const domain = domains.get(name);
    if (!domain) return notFound(`Domain ${name}`);
    if (request.method === 'GET') return envelope(wire(domain));
    if (request.method !== 'PUT') return envelope(null, { status: 405, errors: [{ code: 10405, message: 'Method not allowed' }] });
    let change: Record<string, unknown>;
    try {
      change = JSON.parse(request.body) as Record<string, unknown>;
    } catch {
      return envelope(null, { status: 400, errors: [{ code: 1001, message: 'Request body is not valid JSON' }] });
    }
    const allowed = { auto_renew: 'autoRenew', locked: 'locked', privacy: 'privacy' } as const;
    for (const [key, value] of Object.entries(change)) {
      if (!(key in allowed) || typeof value !== 'boolean') return envelope(null, { status: 400, errors: [{ code: 1002, message: `Invalid field ${key}` }] });
    }
    for (const [key, field] of Object.entries(allowed)) {
      if (typeof change[key] === 'boolean') domain[field] = change[key] as boolean;
    }
    return envelope(wire(domain));
  });

  return {
    url: `${http.url}/client/v4`,
    http,
    requests: http.requests,
    domains,
    rateLimit,
    seedDomain(name, fields = {}) {
      const now = Date.now();
      const domain: FakeCloudflareDomain = {
        name, createdAt: new Date(now - 200 * DAY_MS).toISOString(), expiresAt: new Date(now + 165 * DAY_MS).toISOString(),
        locked: true, autoRenew: true, privacy: true, registryStatuses: 'clientTransferProhibited', ...fields,
      };
      domains.set(name, domain);
      return domain;
    },
    refuseNext(status, errors) {
      http.override(envelope(null, { status, errors }));
    },
    close: () => http.close(),
  };
}

/** The configuration a test's adapter reads: the fake's base, an account and a token (the right ones unless told). */
export function cloudflareTestEnv(fake: FakeCloudflare, token = CLOUDFLARE_FAKE_TOKEN, accountId = CLOUDFLARE_FAKE_ACCOUNT): NodeJS.ProcessEnv {
  return {
    DATA_DIR: '/nonexistent-cloudflare-test', AUTH_SECRET: 'x'.repeat(40), LOG_LEVEL: 'silent',
    CLOUDFLARE_API_TOKEN: token, CLOUDFLARE_ACCOUNT_ID: accountId, CLOUDFLARE_API_URL: fake.url,
  };
}
