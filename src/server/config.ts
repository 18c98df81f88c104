import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import { DEFAULT_POOL_SIZE } from './db/connection.ts';
import { parseAllowList } from './features/events/outbound/addressPolicy.ts';
import type { SlowClientLimits } from './http/slowClients.ts';
import type { FunctionLimitSettings } from './rpc/functionLimits.ts';
import type { Panel, PanelConnection } from './integrations/panels/panel.ts';

/** A number of days from 0 to `max`, `fallback` when unset. */
const wholeDays = (max: number, fallback: number) => {
  const message = `must be a whole number from 0 to ${max}`;
  return z.coerce.number({ error: message }).int(message).min(0, message).max(max, message).default(fallback);
};

/**
 * Every environment variable the portal reads, parsed once at boot.
 * A bad value stops start-up with one line naming the variable (see ConfigError).
 */
const variables = {
  PORT: z.coerce.number().int().min(0).max(65535).default(3000)
    .describe('HTTP port of the portal.'),
  HOST: z.string().min(1).default('0.0.0.0')
    .describe('Interface to listen on.'),
  DATA_DIR: z.string().min(1).default('./data')
    .describe('Folder for the embedded SQLite database and the generated auth secret.'),
  DATABASE_URL: z.string().regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://').optional()
    .describe('PostgreSQL URL; switches to the scaled mode (PostgreSQL, pg-boss jobs).'),
  DATABASE_POOL_SIZE: z.coerce.number({ error: 'must be a whole number from 1 to 1000' }).int('must be a whole number from 1 to 1000')
    .min(1, 'must be a whole number from 1 to 1000').max(1000, 'must be a whole number from 1 to 1000').default(DEFAULT_POOL_SIZE)
    .describe('PostgreSQL connections each process keeps at most (scaled mode); instances × this must stay under the server\'s or PgBouncer\'s limit.'),
  DATABASE_STATEMENTS: z.enum(['named', 'unnamed'], { error: 'must be named or unnamed (unnamed behind PgBouncer in transaction mode)' }).default('named')
    .describe('named: each PostgreSQL connection prepares the frequent reads once; unnamed: no named prepared statements, for PgBouncer in transaction mode.'),
  DATABASE_LISTEN_URL: z.string().regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://').optional()
    .describe('PostgreSQL URL for the live updates\' LISTEN connection only (default DATABASE_URL): a direct or session-mode one when DATABASE_URL goes through PgBouncer in transaction mode.'),
  REDIS_URL: z.string().regex(/^rediss?:\/\//, 'must start with redis:// or rediss://').optional()
    .describe('Redis URL; when set, the function rate limits count there instead of in the database (every instance must use the same Redis).'),
  PUBLIC_URL: z.url().optional()
    .describe('Public base URL, used in e-mailed links and as the trusted origin. Default http://localhost:PORT.'),
  ADMIN_EMAIL: z.email().optional()
    .describe('E-mail of the super admin created on first start.'),
  ADMIN_PASSWORD: z.string().min(12, 'must be at least 12 characters').optional()
    .describe('Password of that super admin; generated and printed once when not given.'),
  SMTP_URL: z.string().regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://').optional()
    .describe('SMTP server for outgoing mail; without it mail goes to the mail_outbox table and the log.'),
  MAIL_FROM: z.string().min(3).default('Provider Portal <no-reply@localhost>')
    .describe('Sender of outgoing mail.'),
  GOOGLE_CLIENT_ID: z.string().min(1).optional()
    .describe('Google OAuth client id; with GOOGLE_CLIENT_SECRET enables Google sign-in.'),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional()
    .describe('Google OAuth client secret.'),
  AUTH_SECRET: z.string().min(32, 'must be at least 32 characters').optional()
    .describe('Secret that signs session cookies; generated once and kept in DATA_DIR when not given.'),
  CREDENTIALS_KEY: z.string().min(32, 'must be at least 32 characters').optional()
    .describe('Key that encrypts the hosting servers\' panel credentials at rest; derived from AUTH_SECRET when not given. Keep it when you rotate AUTH_SECRET.'),
  HOSTING_SUSPEND_GRACE_DAYS: wholeDays(365, 3)
    .describe('Days a hosting service stays up after its subscription turns past due; then it is suspended until paid.'),
  HOSTING_TERMINATE_AFTER_DAYS: wholeDays(3650, 14)
    .describe('Days after its subscription ends that a hosting service (suspended meanwhile) is removed from its server with its data.'),
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional()
    .describe('Bearer token that GET /metrics requires; without it /metrics is not served (404).'),
  API_DOCS: z.enum(['public', 'signed-in'], { error: 'must be public or signed-in' }).default('public')
    .describe('Who may read the OpenAPI description at GET /api/docs: public (anyone), or signed-in (a session; others get 401).'),
  SECURITY_CONTACT: z.string().max(200).regex(/^(mailto:\S+@\S+|https:\/\/\S+)$/, 'must be a mailto: or https:// address').optional()
    .describe('Where to report a vulnerability (mailto: or https:// address); when set, served as the Contact of /.well-known/security.txt (RFC 9116).'),
  STRIPE_SECRET_KEY: z.string().regex(/^(sk|rk)_(test|live)_\w+$/, 'must be a Stripe secret key (sk_test_…, sk_live_… or a restricted rk_ key)').optional()
    .describe('Stripe secret key; with STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET switches payments from test mode to Stripe.'),
  STRIPE_PUBLISHABLE_KEY: z.string().regex(/^pk_(test|live)_\w+$/, 'must be a Stripe publishable key (pk_test_… or pk_live_…)').optional()
    .describe('Stripe publishable key, handed to the browser.'),
  STRIPE_WEBHOOK_SECRET: z.string().regex(/^whsec_\w+$/, 'must be a Stripe webhook signing secret (whsec_…)').optional()
    .describe('Signing secret of the webhook endpoint registered in Stripe for POST /api/webhooks/stripe.'),
  STRIPE_API_BASE: z.url().optional()
    .describe('Another address for Stripe\'s API (a local fake in tests); default Stripe\'s own.'),
  INVOICE_SELLER_NAME: z.string().min(1).max(200).default('Provider Portal')
    .describe('Seller name printed on invoice PDFs.'),
  INVOICE_SELLER_ADDRESS: z.string().max(1000).default('')
    .describe('Seller address printed on invoice PDFs (use \\n between lines).'),
  INVOICE_SELLER_TAX_ID: z.string().max(64).default('')
    .describe('Seller tax or VAT number printed on invoice PDFs.'),
  INVOICE_SELLER_EMAIL: z.string().max(254).default('')
    .describe('Contact e-mail printed on invoice PDFs.'),
  NAMECHEAP_API_USER: z.string().min(1).max(20).optional()
    .describe('Namecheap API user; with NAMECHEAP_API_KEY and NAMECHEAP_CLIENT_IP makes Namecheap a domain supplier.'),
  NAMECHEAP_API_KEY: z.string().min(1).max(50).optional()
    .describe('Namecheap API key.'),
  NAMECHEAP_USERNAME: z.string().min(1).max(20).optional()
    .describe('Namecheap account acted upon; default NAMECHEAP_API_USER.'),
  NAMECHEAP_CLIENT_IP: z.ipv4().optional()
    .describe('The IPv4 address Namecheap has whitelisted for this server.'),
  NAMECHEAP_API_URL: z.url().default('https://api.namecheap.com/xml.response')
    .describe('Namecheap API endpoint; sandbox https://api.sandbox.namecheap.com/xml.response.'),
  DYNADOT_API_KEY: z.string().min(1).optional()
    .describe('Dynadot API key; makes Dynadot a domain supplier.'),
  DYNADOT_API_URL: z.url().default('https://api.dynadot.com/api3.json')
    .describe('Dynadot api3 endpoint; sandbox https://api-sandbox.dynadot.com/api3.json.'),
  DYNADOT_BULK_SEARCH: z.enum(['true', 'false']).default('false').transform((v) => v === 'true')
    .describe('true when the Dynadot account is bulk-enabled: searches send up to 100 names a call, 5 calls at once; otherwise one name a call, one at a time.'),
  CLOUDFLARE_API_TOKEN: z.string().min(1).optional()
    .describe('Cloudflare API token with Registrar read and edit permission; with CLOUDFLARE_ACCOUNT_ID makes Cloudflare a supplier for domain sync and settings (it never registers, renews or prices names).'),
  CLOUDFLARE_ACCOUNT_ID: z.string().min(1).optional()
    .describe('The Cloudflare account whose registrar domains are read and changed.'),
  CLOUDFLARE_API_URL: z.url().default('https://api.cloudflare.com/client/v4')
    .describe('Cloudflare v4 API base.'),
  ENOM_UID: z.string().min(1).optional()
    .describe('Enom reseller login; with ENOM_PW makes Enom a domain supplier.'),
  ENOM_PW: z.string().min(1).optional()
    .describe('Enom API token (the pw parameter).'),
  ENOM_API_URL: z.url().default('https://reseller.enom.com/interface.asp')
    .describe('Enom API endpoint; test https://resellertest.enom.com/interface.asp.'),
  ALLOW_TEST_PAYMENTS_WITH_REAL_REGISTRARS: z.enum(['true', 'false']).default('false').transform((v) => v === 'true')
    .describe('Lets the portal start with a real registrar and test-mode payments (staging against a registrar\'s own sandbox); without it such a start is refused.'),
  SANDBOX_REGISTRAR_LATENCY_MS: z.coerce.number().int().min(0).max(60_000).default(0)
    .describe('Delay of every answer of the built-in sandbox registrar, to see loading states and time-outs.'),
  DOMAIN_FAILOVER_MIN_MARGIN_CENTS: z.coerce.number().int().min(0).max(1_000_000).default(0)
    .describe('A registration fails over only to a supplier whose cost leaves at least this many cents of what the customer paid; otherwise an operator decides.'),
  SUPPLIER_COST_HOLD_SHARE: z.coerce.number().min(0.01).max(10).default(0.5)
    .describe('A TLD sync that moves a cost by more than this share (0.5 = 50 %), or to zero, holds that TLD\'s change for an operator instead of applying it.'),
  RDAP_BOOTSTRAP_URL: z.url().default('https://data.iana.org/rdap/dns.json')
    .describe('IANA RDAP bootstrap file for domain lookups (Sync); another address for tests or a mirror.'),
  WEBHOOK_ALLOWED_HOSTS: z.string().max(4000).default('').refine((v) => {
    try { parseAllowList(v); return true; } catch { return false; }
  }, 'must list host names, IP addresses or CIDRs separated by commas or spaces')
    .describe('Hosts and CIDRs that webhooks may reach although they are private, loopback or otherwise internal (e.g. "10.0.0.0/8, hooks.internal").'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info')
    .describe('Log level.'),
  REQUIRE_ADMIN_2FA: z.enum(['true', 'false']).default('false').transform((v) => v === 'true')
    .describe('Global super admins without a second factor may sign in, but every function except their profile and two-factor set-up answers 403 until they set one up.'),
  FUNCTION_RATE_LIMITS: z.enum(['on', 'off']).default('on')
    .describe('Rate limits on /api/fn/* per signed-in user and per client address, shared by every instance (a search or a write costs more than a read); off only for benchmarks.'),
  TRUST_PROXY: z.string().default('false').transform((value, ctx) => {
    const proxies = trustedProxies(value);
    if (proxies === null) ctx.addIssue({ code: 'custom', message: TRUST_PROXY_INVALID });
    return proxies ?? false;
  })
    .describe('The reverse proxies in front of the portal, whose X-Forwarded-For entries are trusted for the client\'s address '
      + '(rate limits, sessions): their number (1 to 10: the address that many hops from the right) or their addresses and CIDRs '
      + '(e.g. "10.0.0.0/8, 192.0.2.7"); false (the default) when clients connect directly.'),
} as const;

/** Trusting every hop would take the client's own left-most X-Forwarded-For entry as its address. */
const TRUST_PROXY_INVALID = 'must be false, the number of proxies in front of the portal (1 to 10), or their addresses or CIDRs separated by commas; '
  + '"true" is refused because it trusts every hop, so a client could name its own address';
export const MAX_PROXY_HOPS = 10;

/** false, a hop count or the proxies' addresses; null when the value is none of these ("true" included). */
function trustedProxies(raw: string): false | number | string[] | null {
  const value = raw.trim().toLowerCase();
  if (value === 'false' || value === '0') return false;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return hops >= 1 && hops <= MAX_PROXY_HOPS ? hops : null;
  }
  const entries = value.split(/[\s,]+/).filter(Boolean);
  return entries.length > 0 && entries.every(isAddressOrCidr) ? entries : null;
}

function isAddressOrCidr(entry: string): boolean {
  const [address, prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (!family || rest.length > 0) return false;
  return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128));
}

const schema = z.object(variables);
type Parsed = z.infer<typeof schema>;

export interface Config extends Omit<Parsed, 'AUTH_SECRET' | 'PUBLIC_URL'> {
  AUTH_SECRET: string;
  PUBLIC_URL: string;
  /** scrypt cost parameter N; only tests lower it (production default follows OWASP). */
  passwordHashCost: number;
  /** Per-supplier time-out of a domain search; only tests set it (default SUPPLIER_CHECK_TIMEOUT_MS). */
  domainSearchTimeoutMs?: number;
  /** The function rate limits' budgets; only tests set them (default defaultFunctionLimits). */
  functionLimits?: Partial<FunctionLimitSettings>;
  /** Open connections allowed per client address; only tests set it (default DEFAULT_MAX_CONNECTIONS_PER_ADDRESS). */
  maxConnectionsPerAddress?: number;
  /** The HTTP server's limits on slow clients; only tests set them (default defaultSlowClientLimits). */
  slowClients?: Partial<SlowClientLimits>;
  /** Time-out of each supplier and registry read of the back office's domain detail and verification; only tests set it (default SUPPLIER_CALL_TIMEOUT_MS). */
  domainReadTimeoutMs?: number;
  /** Time-out of every hosting-panel call of the lifecycle runner, create included; only tests set it (default PANEL_TIMEOUT_MS, PANEL_CREATE_TIMEOUT_MS for create). */
  panelTimeoutMs?: number;
  /** The lifecycle's username generator; only tests set it, to make a name collide (default generateUsername). */
  hostingUsernames?: (domain: string | null) => string;
  /** The panel of a hosting server (servers/connection.ts panelOfServer); only tests set it, to script a panel's answers (default createPanel). */
  hostingPanel?: (connection: PanelConnection) => Panel;
  googleEnabled: boolean;
  /** 'stripe' when the three Stripe variables are set, else the built-in test mode. */
  paymentMode: 'stripe' | 'test';
}

export class ConfigError extends Error {}

export const configDocs = Object.entries(variables).map(([name, s]) => ({ name, description: s.description ?? '' }));

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const present = Object.fromEntries(Object.keys(variables).map((k) => [k, env[k] === '' ? undefined : env[k]]));
  const parsed = schema.safeParse(present);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ConfigError(`Invalid configuration: ${String(issue.path[0])} ${issue.message}`);
  }
  const c = parsed.data;
  if (Boolean(c.GOOGLE_CLIENT_ID) !== Boolean(c.GOOGLE_CLIENT_SECRET)) {
    throw new ConfigError(`Invalid configuration: ${c.GOOGLE_CLIENT_ID ? 'GOOGLE_CLIENT_SECRET' : 'GOOGLE_CLIENT_ID'} must be set together with the other Google variable`);
  }
  const stripeKeys = [c.STRIPE_SECRET_KEY, c.STRIPE_PUBLISHABLE_KEY, c.STRIPE_WEBHOOK_SECRET].filter(Boolean).length;
  if (stripeKeys > 0 && stripeKeys < 3) {
    throw new ConfigError('Invalid configuration: STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET must be set together (or none, for test mode)');
  }
  const pairs: [string, unknown, string, unknown][] = [
    ['NAMECHEAP_API_USER', c.NAMECHEAP_API_USER, 'NAMECHEAP_API_KEY', c.NAMECHEAP_API_KEY],
    ['NAMECHEAP_API_KEY', c.NAMECHEAP_API_KEY, 'NAMECHEAP_CLIENT_IP', c.NAMECHEAP_CLIENT_IP],
    ['ENOM_UID', c.ENOM_UID, 'ENOM_PW', c.ENOM_PW],
  ];
  for (const [a, av, b, bv] of pairs) {
    if (Boolean(av) !== Boolean(bv)) throw new ConfigError(`Invalid configuration: ${av ? b : a} must be set together with ${av ? a : b}`);
  }
  if (c.DATABASE_URL && !c.AUTH_SECRET) {
    // Each machine would otherwise generate its own key: a session made on one instance would be refused by the next.
    throw new ConfigError('Invalid configuration: AUTH_SECRET must be set when DATABASE_URL is set, the same on every instance (at least 32 characters)');
  }
  const dataDir = resolve(c.DATA_DIR);
  const config: Config = {
    ...c,
    DATA_DIR: dataDir,
    PUBLIC_URL: (c.PUBLIC_URL ?? `http://localhost:${c.PORT}`).replace(/\/$/, ''),
    AUTH_SECRET: c.AUTH_SECRET ?? '',
    passwordHashCost: 2 ** 17,
    googleEnabled: Boolean(c.GOOGLE_CLIENT_ID && c.GOOGLE_CLIENT_SECRET),
    paymentMode: stripeKeys === 3 ? 'stripe' : 'test',
    ...overrides,
  };
  if (!config.AUTH_SECRET) config.AUTH_SECRET = persistentSecret(dataDir);
  return config;
}

/** The secret must survive restarts or every session dies; keep it beside the data. */
function persistentSecret(dataDir: string): string {
  const file = join(dataDir, 'auth-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
