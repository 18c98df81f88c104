import { existsSync, mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, configDocs, loadConfig } from './config.ts';

const freshDir = () => mkdtempSync(join(tmpdir(), 'portal-config-'));

describe('loadConfig', () => {
  it('starts with no variables at all, with the documented defaults', () => {
    const dataDir = freshDir();
    const c = loadConfig({ DATA_DIR: dataDir });
    expect(c).toMatchObject({
      PORT: 3000, HOST: '0.0.0.0', DATA_DIR: dataDir, PUBLIC_URL: 'http://localhost:3000', LOG_LEVEL: 'info',
      TRUST_PROXY: false, MAIL_FROM: 'Provider Portal <no-reply@localhost>', googleEnabled: false,
    });
    expect(c.DATABASE_URL).toBeUndefined();
    expect(c.SMTP_URL).toBeUndefined();
    // OWASP's scrypt minimum; only tests lower it.
    expect(c.passwordHashCost).toBe(2 ** 17);
  });

  it('follows PORT in the default PUBLIC_URL and drops a trailing slash from a given one', () => {
    expect(loadConfig({ DATA_DIR: freshDir(), PORT: '8080' }).PUBLIC_URL).toBe('http://localhost:8080');
    expect(loadConfig({ DATA_DIR: freshDir(), PUBLIC_URL: 'https://portal.example.com/' }).PUBLIC_URL).toBe('https://portal.example.com');
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ DATA_DIR: freshDir(), PORT: '', DATABASE_URL: '', TRUST_PROXY: '' })).toMatchObject({ PORT: 3000, DATABASE_URL: undefined, TRUST_PROXY: false });
  });

  it('reads TRUST_PROXY, DATABASE_URL with AUTH_SECRET, and the Google pair', () => {
    const c = loadConfig({
      DATA_DIR: freshDir(), TRUST_PROXY: '2', DATABASE_URL: 'postgresql://portal@db:5432/portal', AUTH_SECRET: 's'.repeat(40),
      GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 'secret',
    });
    expect(c).toMatchObject({ TRUST_PROXY: 2, DATABASE_URL: 'postgresql://portal@db:5432/portal', googleEnabled: true });
  });

  it('TRUST_PROXY is off, a hop count or the proxies\' addresses; never "trust every hop"', () => {
    const trust = (value: string) => loadConfig({ DATA_DIR: freshDir(), TRUST_PROXY: value }).TRUST_PROXY;
    expect(loadConfig({ DATA_DIR: freshDir() }).TRUST_PROXY).toBe(false);
    expect(trust('false')).toBe(false);
    expect(trust('1')).toBe(1);
    expect(trust('10.0.0.0/8, 192.0.2.7 2001:db8::/32')).toEqual(['10.0.0.0/8', '192.0.2.7', '2001:db8::/32']);
    for (const refused of ['true', '11', '-1', '10.0.0.0/33', 'proxy.internal', '1.2.3.4/8/9']) {
      expect(() => trust(refused), refused).toThrow(/^Invalid configuration: TRUST_PROXY must be false, the number of proxies/);
    }
  });

  it('with DATABASE_URL, AUTH_SECRET is required: instances must sign sessions with one key', () => {
    expect(() => loadConfig({ DATA_DIR: freshDir(), DATABASE_URL: 'postgresql://portal@db:5432/portal' }))
      .toThrow(/^Invalid configuration: AUTH_SECRET must be set when DATABASE_URL is set/);
  });

  it('uses test-mode payments without Stripe keys, and Stripe with all three', () => {
    expect(loadConfig({ DATA_DIR: freshDir() }).paymentMode).toBe('test');
    const stripe = { STRIPE_SECRET_KEY: 'sk_test_abc', STRIPE_PUBLISHABLE_KEY: 'pk_test_abc', STRIPE_WEBHOOK_SECRET: 'whsec_abc' };
    expect(loadConfig({ DATA_DIR: freshDir(), ...stripe }).paymentMode).toBe('stripe');
    for (const missing of Object.keys(stripe)) {
      const partial: Record<string, string> = { DATA_DIR: freshDir(), ...stripe };
      delete partial[missing];
      expect(() => loadConfig(partial), missing).toThrow(/must be set together/);
    }
    expect(() => loadConfig({ DATA_DIR: freshDir(), ...stripe, STRIPE_SECRET_KEY: 'pk_test_abc' })).toThrow(/STRIPE_SECRET_KEY must be a Stripe secret key/);
  });

  it('takes registrar credentials only in their sets, with production endpoints by default', () => {
    const c = loadConfig({ DATA_DIR: freshDir() });
    expect(c).toMatchObject({
      NAMECHEAP_API_URL: 'https://api.namecheap.com/xml.response', DYNADOT_API_URL: 'https://api.dynadot.com/api3.json',
      ENOM_API_URL: 'https://reseller.enom.com/interface.asp', SANDBOX_REGISTRAR_LATENCY_MS: 0,
    });
    expect(() => loadConfig({ DATA_DIR: freshDir(), NAMECHEAP_API_USER: 'u', NAMECHEAP_API_KEY: 'k' })).toThrow(/NAMECHEAP_CLIENT_IP must be set together/);
    expect(() => loadConfig({ DATA_DIR: freshDir(), ENOM_UID: 'u' })).toThrow(/ENOM_PW must be set together/);
    expect(() => loadConfig({ DATA_DIR: freshDir(), NAMECHEAP_API_USER: 'u', NAMECHEAP_API_KEY: 'k', NAMECHEAP_CLIENT_IP: '300.1.1.1' })).toThrow(/NAMECHEAP_CLIENT_IP/);
    expect(loadConfig({ DATA_DIR: freshDir(), NAMECHEAP_API_USER: 'u', NAMECHEAP_API_KEY: 'k', NAMECHEAP_CLIENT_IP: '203.0.113.9' }).NAMECHEAP_CLIENT_IP).toBe('203.0.113.9');
  });

  const bad: [string, Record<string, string>][] = [
    ['PORT', { PORT: 'eighty' }],
    ['PORT', { PORT: '70000' }],
    ['PORT', { PORT: '80.5' }],
    ['DATABASE_URL', { DATABASE_URL: 'mysql://db/portal' }],
    ['PUBLIC_URL', { PUBLIC_URL: 'portal.example.com' }],
    ['ADMIN_EMAIL', { ADMIN_EMAIL: 'not-an-address' }],
    ['ADMIN_PASSWORD', { ADMIN_PASSWORD: 'short' }],
    ['SMTP_URL', { SMTP_URL: 'http://mail.example.com' }],
    ['MAIL_FROM', { MAIL_FROM: 'ab' }],
    ['AUTH_SECRET', { AUTH_SECRET: 'too-short' }],
    ['LOG_LEVEL', { LOG_LEVEL: 'loud' }],
    ['TRUST_PROXY', { TRUST_PROXY: 'yes' }],
    ['DATABASE_POOL_SIZE', { DATABASE_POOL_SIZE: '0' }],
    ['DATABASE_POOL_SIZE', { DATABASE_POOL_SIZE: 'many' }],
    ['DATABASE_POOL_SIZE', { DATABASE_POOL_SIZE: '2.5' }],
    ['DATABASE_STATEMENTS', { DATABASE_STATEMENTS: 'prepared' }],
    ['REDIS_URL', { REDIS_URL: 'http://cache:6379' }],
    ['GOOGLE_CLIENT_SECRET', { GOOGLE_CLIENT_ID: 'id-only' }],
    ['GOOGLE_CLIENT_ID', { GOOGLE_CLIENT_SECRET: 'secret-only' }],
  ];
  it.each(bad)('a bad %s stops start-up with one line naming it', (name, env) => {
    let error: unknown;
    try {
      loadConfig({ DATA_DIR: freshDir(), ...env });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    expect(message).toMatch(new RegExp(`^Invalid configuration: ${name} `));
    expect(message).not.toContain('\n');
  });

  it('reports only the first bad variable, still on one line', () => {
    expect(() => loadConfig({ DATA_DIR: freshDir(), PORT: 'x', LOG_LEVEL: 'loud' })).toThrow(/^Invalid configuration: PORT [^\n]+$/);
  });

  it('generates AUTH_SECRET once, keeps it in DATA_DIR readable only by the owner, and reuses it', () => {
    const dataDir = freshDir();
    const first = loadConfig({ DATA_DIR: dataDir }).AUTH_SECRET;
    expect(first.length).toBeGreaterThanOrEqual(32);
    const file = join(dataDir, 'auth-secret');
    expect(readFileSync(file, 'utf8').trim()).toBe(first);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(loadConfig({ DATA_DIR: dataDir }).AUTH_SECRET).toBe(first);
    expect(loadConfig({ DATA_DIR: freshDir() }).AUTH_SECRET).not.toBe(first);
  });

  it('creates DATA_DIR when it does not exist yet', () => {
    const dataDir = join(freshDir(), 'nested', 'data');
    loadConfig({ DATA_DIR: dataDir });
    expect(existsSync(join(dataDir, 'auth-secret'))).toBe(true);
  });

  it('uses a given AUTH_SECRET and writes no file', () => {
    const dataDir = freshDir();
    const secret = 's'.repeat(40);
    expect(loadConfig({ DATA_DIR: dataDir, AUTH_SECRET: secret }).AUTH_SECRET).toBe(secret);
    expect(existsSync(join(dataDir, 'auth-secret'))).toBe(false);
  });

  it('PostgreSQL pool size and statement mode: defaults, given values, and the sentences for bad ones', () => {
    expect(loadConfig({ DATA_DIR: freshDir() })).toMatchObject({ DATABASE_POOL_SIZE: 10, DATABASE_STATEMENTS: 'named', REDIS_URL: undefined });
    const given = loadConfig({ DATA_DIR: freshDir(), DATABASE_POOL_SIZE: '25', DATABASE_STATEMENTS: 'unnamed', REDIS_URL: 'redis://cache:6379/0' });
    expect(given).toMatchObject({ DATABASE_POOL_SIZE: 25, DATABASE_STATEMENTS: 'unnamed', REDIS_URL: 'redis://cache:6379/0' });
    expect(() => loadConfig({ DATA_DIR: freshDir(), DATABASE_POOL_SIZE: '0' }))
      .toThrow('Invalid configuration: DATABASE_POOL_SIZE must be a whole number from 1 to 1000');
    expect(() => loadConfig({ DATA_DIR: freshDir(), DATABASE_POOL_SIZE: 'ten' }))
      .toThrow('Invalid configuration: DATABASE_POOL_SIZE must be a whole number from 1 to 1000');
    expect(() => loadConfig({ DATA_DIR: freshDir(), DATABASE_STATEMENTS: 'off' }))
      .toThrow('Invalid configuration: DATABASE_STATEMENTS must be named or unnamed (unnamed behind PgBouncer in transaction mode)');
    expect(loadConfig({ DATA_DIR: freshDir(), DATABASE_LISTEN_URL: 'postgres://portal@db.internal:5432/portal' }))
      .toMatchObject({ DATABASE_LISTEN_URL: 'postgres://portal@db.internal:5432/portal' });
    expect(() => loadConfig({ DATA_DIR: freshDir(), DATABASE_LISTEN_URL: 'db.internal:5432' }))
      .toThrow('Invalid configuration: DATABASE_LISTEN_URL must start with postgres:// or postgresql://');
  });

  it('API_DOCS is public by default, or signed-in; SECURITY_CONTACT is a mailto: or https:// address', () => {
    expect(loadConfig({ DATA_DIR: freshDir() })).toMatchObject({ API_DOCS: 'public', SECURITY_CONTACT: undefined });
    expect(loadConfig({ DATA_DIR: freshDir(), API_DOCS: 'signed-in' }).API_DOCS).toBe('signed-in');
    expect(() => loadConfig({ DATA_DIR: freshDir(), API_DOCS: 'private' })).toThrow('Invalid configuration: API_DOCS must be public or signed-in');
    expect(loadConfig({ DATA_DIR: freshDir(), SECURITY_CONTACT: 'mailto:security@example.com' }).SECURITY_CONTACT).toBe('mailto:security@example.com');
    expect(() => loadConfig({ DATA_DIR: freshDir(), SECURITY_CONTACT: 'security@example.com' }))
      .toThrow('Invalid configuration: SECURITY_CONTACT must be a mailto: or https:// address');
  });

  it('documents every variable it reads', () => {
    const names = configDocs.map((d) => d.name);
    expect(names).toEqual(expect.arrayContaining(['PORT', 'DATA_DIR', 'DATABASE_URL', 'PUBLIC_URL', 'AUTH_SECRET', 'TRUST_PROXY']));
    for (const doc of configDocs) expect(doc.description, doc.name).not.toBe('');
  });

  it('README.md lists every variable with its description, and no other', () => {
    const readme = readFileSync(join(import.meta.dirname, '..', '..', 'README.md'), 'utf8');
    for (const doc of configDocs) expect(readme, doc.name).toContain(`| \`${doc.name}\` | ${doc.description} |`);
    const rows = readme.match(/^\| `[A-Z0-9_]+` \|/gm) ?? [];
    expect(rows).toHaveLength(configDocs.length);
  });
});
