import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';
import { refuseTestPaymentsWithRealRegistrars } from './startChecks.ts';

const freshDir = () => mkdtempSync(join(tmpdir(), 'portal-start-'));
const namecheap = { NAMECHEAP_API_USER: 'u', NAMECHEAP_API_KEY: 'k', NAMECHEAP_CLIENT_IP: '203.0.113.7' };
const stripe = (mode: 'test' | 'live') => ({ STRIPE_SECRET_KEY: `sk_${mode}_abc`, STRIPE_PUBLISHABLE_KEY: `pk_${mode}_abc`, STRIPE_WEBHOOK_SECRET: 'whsec_abc' });
const check = (env: Record<string, string>) => () => refuseTestPaymentsWithRealRegistrars(loadConfig({ DATA_DIR: freshDir(), ...env }));

describe('the start refuses real registrars with test-mode payments', () => {
  it('refuses a real registrar with the built-in test payments or a Stripe test key, in one line naming both', () => {
    expect(check(namecheap)).toThrow(/^Refusing to start: real registrar Namecheap with the built-in test-mode payments; .*ALLOW_TEST_PAYMENTS_WITH_REAL_REGISTRARS=true[^\n]*$/);
    expect(check({ ...namecheap, DYNADOT_API_KEY: 'd', ...stripe('test') })).toThrow(/real registrars Namecheap, Dynadot with Stripe in test mode/);
    expect(check({ ENOM_UID: 'e', ENOM_PW: 'p' })).toThrow(/real registrar Enom/);
  });

  it('counts Cloudflare (it changes real domains\' lock, renewal and privacy) once both its token and account are set', () => {
    const cloudflare = { CLOUDFLARE_API_TOKEN: 't', CLOUDFLARE_ACCOUNT_ID: 'a' };
    expect(check(cloudflare)).toThrow(/^Refusing to start: real registrar Cloudflare with the built-in test-mode payments/);
    expect(check({ ...namecheap, ...cloudflare, ...stripe('test') })).toThrow(/real registrars Namecheap, Cloudflare with Stripe in test mode/);
    expect(check({ CLOUDFLARE_API_TOKEN: 't' })).not.toThrow();
    expect(check({ ...cloudflare, ALLOW_TEST_PAYMENTS_WITH_REAL_REGISTRARS: 'true' })).not.toThrow();
  });

  it('starts with the sandbox alone, with live payments, or when staging is allowed explicitly', () => {
    expect(check({})).not.toThrow();
    expect(check(stripe('test'))).not.toThrow();
    expect(check({ ...namecheap, ...stripe('live') })).not.toThrow();
    expect(check({ ...namecheap, ALLOW_TEST_PAYMENTS_WITH_REAL_REGISTRARS: 'true' })).not.toThrow();
  });

  it('npm start stops before serving, with that line on stderr and exit code 1', async () => {
    const env = { PATH: process.env.PATH ?? '', DATA_DIR: freshDir(), PORT: '0', LOG_LEVEL: 'silent', ...namecheap };
    const child = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'main.ts')], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => { stderr += chunk.toString('utf8'); });
    const timer = setTimeout(() => child.kill(), 25_000);
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    clearTimeout(timer);
    expect(code).toBe(1);
    expect(stderr.trim()).toMatch(/^Refusing to start: real registrar Namecheap with the built-in test-mode payments; .*ALLOW_TEST_PAYMENTS_WITH_REAL_REGISTRARS=true/);
  }, 30_000);
});
