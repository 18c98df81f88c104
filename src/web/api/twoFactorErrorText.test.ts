import { describe, expect, it } from 'vitest';
import {
  CHALLENGE_EXPIRED, TOO_MANY_TRIES, TWO_FACTOR_FAILED, WRONG_CODE, WRONG_PASSWORD, WRONG_RECOVERY_CODE,
} from '../../common/profile/twoFactorTexts.ts';
import { AuthError } from './auth.ts';
import { twoFactorErrorText } from './twoFactorErrorText.ts';

describe('twoFactorErrorText', () => {
  it('says what went wrong in words a person can act on, never better-auth\'s own text', () => {
    expect(twoFactorErrorText(new AuthError(401, 'INVALID_CODE', 'Invalid code'))).toBe(WRONG_CODE);
    expect(twoFactorErrorText(new AuthError(401, 'INVALID_BACKUP_CODE', 'Invalid backup code'))).toBe(WRONG_RECOVERY_CODE);
    expect(twoFactorErrorText(new AuthError(400, 'INVALID_PASSWORD', 'Invalid password'))).toBe(WRONG_PASSWORD);
    expect(twoFactorErrorText(new AuthError(401, 'INVALID_TWO_FACTOR_COOKIE', 'Invalid two factor cookie'))).toBe(CHALLENGE_EXPIRED);
    expect(twoFactorErrorText(new AuthError(429, 'ACCOUNT_TEMPORARILY_LOCKED', 'locked'))).toBe(TOO_MANY_TRIES);
    expect(twoFactorErrorText(new AuthError(429, '', 'Too many requests'))).toBe(TOO_MANY_TRIES);
    expect(twoFactorErrorText(new AuthError(500, 'INTERNAL', 'db said no'))).toBe(TWO_FACTOR_FAILED);
    expect(twoFactorErrorText(new Error('boom'))).toBe(TWO_FACTOR_FAILED);
  });
});
