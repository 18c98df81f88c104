import { RegistrarError, type RegistrarErrorKind } from '../registrar.ts';
import { children, child, text, type XmlNode } from './enomXml.ts';

/**
 * How an Enom refusal becomes a RegistrarError kind. Enom answers HTTP 200 with ErrCount > 0,
 * the texts in <errors><Err1>…, and often a six-digit <ResponseNumber> whose digits mean
 * system / error / parameter; older commands also carry an RRP code.
 *
 * | Source            | Value                                              | Kind               |
 * |-------------------|----------------------------------------------------|--------------------|
 * | ResponseNumber    | 4xxxxx (authentication system)                     | auth               |
 * | ResponseNumber    | 5xxxxx (payment), x19xxx (deduct), x24xxx (balance) | insufficient_funds |
 * | ResponseNumber    | 6xxxxx (system), x07xxx (connection), x18xxx (maintenance) | unavailable |
 * | ResponseNumber    | x16xxx (not found), xxx380 (domain not under account) | not_found       |
 * | ResponseNumber    | x15xxx (not available)                             | not_available      |
 * | ResponseNumber    | 3xxxxx (validation), x01/x03/x04/x05 (missing, range, invalid, type) | invalid |
 * | RRPCode           | 420, 421, 520, 521 (server error, too many sessions) | unavailable      |
 * | RRPCode           | 530, 535 (authentication failed, restricted IP)    | auth               |
 * | RRPCode           | 531, 545 (authorization failed, entity not found)  | not_found          |
 * | RRPCode           | 546 (credit limit exceeded)                        | insufficient_funds |
 * | RRPCode           | 540, 554 (not unique, already registered)          | not_available      |
 * | RRPCode           | 500–509, 541–543, 548, 550, 556 (bad command or value) | invalid        |
 * | Err text          | busy, try again, temporarily, maintenance, timeout | unavailable        |
 * | Err text          | user name or password, invalid login/token, not authorized, IP not allowed | auth |
 * | Err text          | insufficient, not enough funds/balance, credit limit | insufficient_funds |
 * | Err text          | not found, does not exist, not under/in your account, command blocked | not_found |
 * | Err text          | not available, already registered, taken           | not_available      |
 * | Err text          | invalid, missing, required, must, cannot, could not be registered, not supported, exceeds | invalid |
 * | anything else     |                                                    | failed             |
 *
 * A number decides when it says something specific; the texts decide otherwise (numbers are
 * missing from many answers, and the texts are what Enom documents as the error).
 */

function kindOfNumber(number: string): RegistrarErrorKind | null {
  if (!/^\d{6}$/.test(number)) return null;
  const system = number[0];
  const error = number.slice(1, 3);
  const parameter = number.slice(3);
  if (system === '4') return 'auth';
  if (system === '5' || error === '19' || error === '24') return 'insufficient_funds';
  if (system === '6' || error === '07' || error === '18') return 'unavailable';
  if (error === '16' || parameter === '380') return 'not_found';
  if (error === '15') return 'not_available';
  if (system === '3' || ['01', '03', '04', '05'].includes(error)) return 'invalid';
  return null;
}

function kindOfRrp(code: number): RegistrarErrorKind {
  if ([420, 421, 520, 521].includes(code)) return 'unavailable';
  if ([530, 535].includes(code)) return 'auth';
  if ([531, 545].includes(code)) return 'not_found';
  if (code === 546) return 'insufficient_funds';
  if ([540, 554].includes(code)) return 'not_available';
  if ((code >= 500 && code <= 509) || [541, 542, 543, 548, 550, 556].includes(code)) return 'invalid';
  return 'failed';
}

const TEXT_KINDS: [RegExp, RegistrarErrorKind][] = [
  [/busy|try again|temporar|maintenance|timed? ?out|too many requests|rate limit/i, 'unavailable'],
  [/user ?name or password|password or user ?name|invalid (login|uid|user|password|api ?token|token|credential)|not authori[sz]ed|access denied|(client|source|your|request) ip|ip (address )?(is )?not (allowed|whitelisted|authori)|api access|account (is )?(disabled|suspended|locked)/i, 'auth'],
  [/insufficient|not enough (available )?(funds|balance|money)|balance (is )?too low|credit limit/i, 'insufficient_funds'],
  [/not found|does not exist|no results|not (under|in) (your|this) account|command blocked|not available to get/i, 'not_found'],
  [/not available|already registered|unavailable for registration|is taken|not unique/i, 'not_available'],
  [/invalid|missing|required|must |cannot|could not be registered|can not|not supported|unsupported|not a valid|too (long|short|many)|exceed|out of range|not allowed/i, 'invalid'],
];

export function kindOfEnomError(failure: { numbers: string[]; texts: string[]; rrpCode: number | null }): RegistrarErrorKind {
  for (const number of failure.numbers) {
    const kind = kindOfNumber(number);
    if (kind) return kind;
  }
  for (const [pattern, kind] of TEXT_KINDS) if (failure.texts.some((t) => pattern.test(t))) return kind;
  if (failure.rrpCode !== null && failure.rrpCode >= 400) return kindOfRrp(failure.rrpCode);
  return 'failed';
}

/**
 * RRP 1300 is "command completed successfully; action pending": a non-real-time TLD's order was
 * accepted and charged, and the registry finishes it later (m247/enom-api reads it as :ordered).
 * It is 'pending', an unknown outcome, never a refusal.
 */
const RRP_PENDING = 1300;

/** RRP codes that mean the command did what was asked (210/211 answer a Check). */
const RRP_SUCCESS = new Set([200, 210, 211, 220]);

/** The refusal inside an Enom answer (HTTP 200 with ErrCount > 0, or a failing RRP code), or null. */
export function enomFailure(root: XmlNode, command: string): RegistrarError | null {
  const errCount = Number(text(root, 'ErrCount') ?? '0');
  const texts = (child(root, 'errors')?.children ?? []).map((e) => e.text).filter(Boolean);
  const responses = children(child(root, 'responses'), 'response');
  const numbers = responses.map((r) => text(r, 'ResponseNumber') ?? '').filter(Boolean);
  for (const r of responses) {
    const said = text(r, 'ResponseString');
    if (said && !texts.includes(said)) texts.push(said);
  }
  const rrpText = text(root, 'RRPCode');
  const rrpCode = rrpText !== null && /^\d+$/.test(rrpText) ? Number(rrpText) : null;
  const rrpFailed = rrpCode !== null && !RRP_SUCCESS.has(rrpCode);
  if (!(errCount > 0) && texts.length === 0 && !rrpFailed) return null;
  if (rrpCode === RRP_PENDING && !(errCount > 0)) {
    return new RegistrarError('pending', `Enom accepted ${command} and will complete it later: ${text(root, 'RRPText') ?? 'action pending'} (RRP code 1300)`, {
      registrar: 'enom', command, code: String(rrpCode),
    });
  }
  if (rrpFailed && texts.length === 0) texts.push(text(root, 'RRPText') ?? `RRP code ${rrpCode}`);
  const kind = kindOfEnomError({ numbers, texts, rrpCode });
  const said = texts.length ? texts.join('; ') : 'an error without a message';
  return new RegistrarError(kind, `Enom refused ${command}: ${said}`, {
    registrar: 'enom', command, code: numbers[0] ?? (rrpCode !== null ? String(rrpCode) : undefined),
  });
}
