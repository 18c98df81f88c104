import zxcvbnCore from '@zxcvbn-ts/core';
import * as zxcvbnCommon from '@zxcvbn-ts/language-common';
import * as zxcvbnEn from '@zxcvbn-ts/language-en';
import type { BetterAuthPlugin } from 'better-auth';
import { APIError, createAuthMiddleware } from 'better-auth/api';
import {
  PASSWORD_TOO_COMMON, PASSWORD_TOO_COMMON_TEXT, PASSWORD_TOO_GUESSABLE, PASSWORD_TOO_GUESSABLE_TEXT,
} from '../../common/auth/accountProtectionTexts.ts';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from '../../common/constants.ts';

/**
 * Refuses common, breached-list and easily guessed passwords, offline (docs/decisions.md,
 * "Password policy"): zxcvbn's score below 2 means fewer than a million guesses. The length
 * floor and ceiling stay better-auth's own (MIN_PASSWORD_LENGTH).
 */
export const MIN_PASSWORD_SCORE = 2;

type Factory = InstanceType<typeof zxcvbnCore.ZxcvbnFactory>;
let factory: Factory | null = null;

/** The dictionaries take a third of a second to index: built once per process, at the first createAuth. */
export function loadPasswordDictionaries(): Factory {
  factory ??= new zxcvbnCore.ZxcvbnFactory({
    dictionary: { ...zxcvbnCommon.dictionary, ...zxcvbnEn.dictionary },
    graphs: zxcvbnCommon.adjacencyGraphs,
    translations: zxcvbnEn.translations,
  });
  return factory;
}

export type PasswordVerdict = { ok: true } | { ok: false; code: string; message: string };

/** `personal`: the e-mail address and name, which make a password guessable for this account. */
export function judgePassword(password: string, personal: string[] = []): PasswordVerdict {
  const result = loadPasswordDictionaries().check(password, personal.filter(Boolean));
  if (result.score >= MIN_PASSWORD_SCORE) return { ok: true };
  const whole = result.sequence.length === 1 ? result.sequence[0] : null;
  // The whole password is an entry of a leaked-password list (or that entry with capitals / l33t).
  if (whole?.pattern === 'dictionary' && whole.dictionaryName.startsWith('passwords')) {
    return { ok: false, code: PASSWORD_TOO_COMMON, message: PASSWORD_TOO_COMMON_TEXT };
  }
  return { ok: false, code: PASSWORD_TOO_GUESSABLE, message: PASSWORD_TOO_GUESSABLE_TEXT };
}

/** Where a new password arrives, and the body field that carries it. */
const NEW_PASSWORD_FIELD: Record<string, string> = {
  '/sign-up/email': 'password',
  '/reset-password': 'newPassword',
  '/change-password': 'newPassword',
  '/set-password': 'newPassword',
};

export function passwordPolicyPlugin(): BetterAuthPlugin {
  loadPasswordDictionaries();
  return {
    id: 'portal-password-policy',
    hooks: {
      before: [{
        matcher: (ctx) => ctx.path !== undefined && ctx.path in NEW_PASSWORD_FIELD,
        handler: createAuthMiddleware(async (ctx) => {
          const body = (ctx.body ?? {}) as Record<string, unknown>;
          const password = body[NEW_PASSWORD_FIELD[ctx.path]];
          // Missing or out-of-length passwords get better-auth's own answer.
          if (typeof password !== 'string' || password.length < MIN_PASSWORD_LENGTH || password.length > MAX_PASSWORD_LENGTH) return;
          const personal = [body.email, body.name, ctx.context.session?.user.email, ctx.context.session?.user.name]
            .filter((v): v is string => typeof v === 'string');
          const verdict = judgePassword(password, personal);
          if (!verdict.ok) throw new APIError('BAD_REQUEST', { message: verdict.message, code: verdict.code });
        }),
      }],
    },
  };
}
