import { describe, expect, it } from 'vitest';
import { parseWhmEnvelope } from './whmEnvelope.ts';
import { kindOfReason, redact } from './whmErrors.ts';

describe('reading WHM\'s refusals', () => {
  it('classifies the reasons WHM and the modules that drive it are known to see', () => {
    expect(kindOfReason('Sorry, a group for that username already exists.')).toBe('exists');
    expect(kindOfReason('This system already has an account named “shop1234”.')).toBe('exists');
    expect(kindOfReason('Sorry, the domain “shop.example” is already set up on this server.')).toBe('exists');
    expect(kindOfReason('Sorry, "gold" is not a valid package name.')).toBe('not_found');
    expect(kindOfReason('Failed to get user’s account summary: Account “x” does not exist.')).toBe('not_found');
    expect(kindOfReason('System user shop1234 doesn’t exist')).toBe('not_found');
    expect(kindOfReason('Permission denied')).toBe('auth');
    expect(kindOfReason('Access denied')).toBe('auth');
    expect(kindOfReason('Sorry, the password you selected cannot be used because it is too weak and would be too easy to guess.')).toBe('refused');
    expect(kindOfReason('Account Suspension Failed: “shop1234” is already suspended.')).toBe('refused');
    expect(kindOfReason('Usernames cannot begin with “test”.')).toBe('refused');
  });

  it('reads API 1\'s envelope only, without WHM\'s XID prefix on the reason', () => {
    expect(parseWhmEnvelope(JSON.stringify({ metadata: { result: 0, reason: 'API failure: (XID 8x2k4p) Sorry, "gold" is not a valid package name.', version: 1 } })))
      .toEqual({ data: {}, result: 0, reason: 'Sorry, "gold" is not a valid package name.' });
    expect(parseWhmEnvelope(JSON.stringify({ result: [{ status: 1, statusmsg: 'Account Creation Ok' }] }))).toBeNull();
    expect(parseWhmEnvelope(JSON.stringify({ cpanelresult: { error: 'Access denied' } }))).toBeNull();
    expect(parseWhmEnvelope('<html><body>Login</body></html>')).toBeNull();
    expect(parseWhmEnvelope(JSON.stringify({ metadata: { result: 'maybe' } }))).toBeNull();
  });

  it('cuts every secret out of a text', () => {
    expect(redact('token ABC and password pw-1 and ABC again', ['ABC', 'pw-1', ''])).toBe('token *** and password *** and *** again');
  });
});
