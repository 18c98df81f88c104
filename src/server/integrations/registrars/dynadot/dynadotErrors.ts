import { RegistrarError, type RegistrarErrorKind } from '../registrar.ts';

/**
 * Dynadot's api3 has no error numbers worth keying on: ResponseCode is 0 on success and mostly -1
 * otherwise (1 with Status not_available, 5 with Status system_busy on register), so the kind is
 * read from the Status word and the Error text. First match wins:
 *
 * | Status / Error text (case-insensitive)                                    | kind               |
 * |---------------------------------------------------------------------------|--------------------|
 * | system_busy, "connection to main server is busy", "problem with connection |                    |
 * | to main server", "try again later"                                        | unavailable        |
 * | "invalid key", "api key …", "ip … not allowed / whitelist", "permission"  | auth               |
 * | "could not find domain (in your account)", "not found", "not in your account" | not_found      |
 * | not_available, "not available", "already registered", "premium domain, please use premium option" | not_available |
 * | "insufficient", "not enough (account) balance", "funds"                   | insufficient_funds |
 * | "invalid …", "missing …", "required", "needs to be registered with an ip address", "not supported" | invalid |
 * | anything else                                                             | failed             |
 */
const RULES: [RegExp, RegistrarErrorKind][] = [
  [/system_busy|\bbusy\b|main server|try again later|temporarily/i, 'unavailable'],
  [/invalid (api )?key|api key|key (is )?(invalid|not valid|disabled)|\bip\b.*(not allowed|whitelist|not authori[sz]ed)|whitelist|permission denied|api access/i, 'auth'],
  [/could not find|not found|no such domain|not in your account|does not belong to/i, 'not_found'],
  [/not_available|not available|already registered|already taken|is taken|premium domain/i, 'not_available'],
  [/insufficient|not enough|balance|funds/i, 'insufficient_funds'],
  [/invalid|missing|required|needs to be registered|not supported|unsupported|too many|must be/i, 'invalid'],
];

export function dynadotErrorKind(status: string, message: string): RegistrarErrorKind {
  const text = `${status} ${message}`;
  return RULES.find(([pattern]) => pattern.test(text))?.[1] ?? 'failed';
}

export function dynadotError(command: string, code: string | null, status: string, message: string): RegistrarError {
  const said = message || status || 'an error without a message';
  return new RegistrarError(dynadotErrorKind(status, message), `Dynadot refused ${command}: ${said}`, {
    registrar: 'dynadot', command, ...(code === null ? {} : { code }),
  });
}
