import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { appLoggerOptions, maskUrl } from './logRedaction.ts';

describe('maskUrl', () => {
  it.each([
    ['/reset-password?token=abcDEF123', '/reset-password?token=[Redacted]'],
    ['/api/auth/verify-email?token=eyJhbGci.eyJzdWIi.sig&callbackURL=%2Fdashboard', '/api/auth/verify-email?token=[Redacted]&callbackURL=%2Fdashboard'],
    ['/api/auth/callback/google?state=s3cr3t&code=4%2F0Adeu5&scope=email', '/api/auth/callback/google?state=[Redacted]&code=[Redacted]&scope=email'],
    ['/accept-invitation/inv_8f3a9c2e', '/accept-invitation/[Redacted]'],
    ['/billing?checkout=success&session_id=cs_test_a1b2', '/billing?checkout=success&session_id=[Redacted]'],
    ['/x?TOKEN=upper&Api_Key=k', '/x?TOKEN=[Redacted]&Api_Key=[Redacted]'],
    ['/x?%74oken=encoded', '/x?%74oken=[Redacted]'],
  ])('%s is logged as %s', (url, masked) => {
    expect(maskUrl(url)).toBe(masked);
  });

  it('leaves URLs without secrets as they were', () => {
    for (const url of ['/api/fn/getProfile', '/domains/search?q=example&tlds=com', '/accept-invitation', '/healthz', '/x?token', '/x?%E0%A4%A=1']) {
      expect(maskUrl(url)).toBe(url);
    }
  });
});

describe('the app logger options', () => {
  it('keep credentials, passwords and tokens out of anything logged with them, and mask URLs', () => {
    const lines: string[] = [];
    const log = pino(appLoggerOptions('info') as pino.LoggerOptions, { write: (line: string) => { lines.push(line); } });
    log.info({
      request: { headers: { authorization: 'Bearer session-abc', cookie: 'portal.session_token=cookie-abc', accept: 'text/html' } },
      res: { headers: { 'set-cookie': 'portal.session_token=set-abc' } },
      body: { email: 'a@example.test', password: 'hunter2-password', newPassword: 'next-password' },
      registrar: { apiKey: 'registrar-key-abc', secret: 'whsec_abc' },
      token: 'raw-token-abc',
      url: '/reset-password?token=reset-abc',
    }, 'something happened');
    const text = lines.join('');
    for (const secret of ['session-abc', 'cookie-abc', 'set-abc', 'hunter2-password', 'next-password', 'registrar-key-abc', 'whsec_abc', 'raw-token-abc', 'reset-abc']) {
      expect(text).not.toContain(secret);
    }
    const line = JSON.parse(lines[0]);
    // What is not a secret stays readable.
    expect(line.request.headers.accept).toBe('text/html');
    expect(line.body.email).toBe('a@example.test');
    expect(line.url).toBe('/reset-password?token=[Redacted]');
  });

  it('logs nothing when asked for no logger, and lays a caller\'s options (a stream, a level) over its own', () => {
    expect(appLoggerOptions('info', false)).toBe(false);
    const stream = { write: () => {} };
    expect(appLoggerOptions('info', { level: 'error', stream })).toMatchObject({ level: 'error', stream, redact: expect.anything() });
  });
});
