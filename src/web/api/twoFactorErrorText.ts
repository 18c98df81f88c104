import {
  CHALLENGE_EXPIRED, TOO_MANY_TRIES, TWO_FACTOR_FAILED, WRONG_CODE, WRONG_PASSWORD, WRONG_RECOVERY_CODE,
} from '../../common/profile/twoFactorTexts.ts';
import { AuthError } from './auth.ts';

/** better-auth's twoFactor error codes (and our bridge's input checks) as sentences a person can act on. */
export function twoFactorErrorText(error: unknown): string {
  if (!(error instanceof AuthError)) return TWO_FACTOR_FAILED;
  switch (error.code) {
    case 'INVALID_CODE': return WRONG_CODE;
    case 'INVALID_BACKUP_CODE': return WRONG_RECOVERY_CODE;
    case 'INVALID_PASSWORD': return WRONG_PASSWORD;
    case 'INVALID_TWO_FACTOR_COOKIE': return CHALLENGE_EXPIRED;
    case 'TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE':
    case 'ACCOUNT_TEMPORARILY_LOCKED': return TOO_MANY_TRIES;
    // The bridge's own checks (a code of the wrong shape) already carry a sentence.
    case 'INVALID_ARGUMENT': return error.message;
    default: return error.status === 429 ? TOO_MANY_TRIES : TWO_FACTOR_FAILED;
  }
}
