/**
 * The rules and wire shapes of the cPanel/WHM fake (cpanel.fake.ts) that are not its state: what
 * WHM refuses as a new username or a password, the API 0 envelope it answers in when
 * `api.version=1` is missing, and cpsrvd's pages. Texts are WHM's where the reference names them
 * (reference/provisioning.md §2.1); the others are ours, in WHM's manner, and marked so.
 */

/** What a WHM API 1 function answers before it is wrapped: `metadata.result`, `metadata.reason`, `data`. */
export interface WhmOutcome {
  result: 0 | 1;
  reason: string;
  data?: Record<string, unknown>;
}

export const ok = (data?: Record<string, unknown>, reason = 'OK'): WhmOutcome => ({ result: 1, reason, data });
export const fail = (reason: string): WhmOutcome => ({ result: 0, reason });

/** Why WHM would not give a new account this (lowercased) name, or null when the name is well formed. Texts ours. */
export function usernameProblem(username: string): string | null {
  if (!username) return 'You must specify a username.';
  if (!/^[a-z0-9]+$/.test(username)) return `Invalid username “${username}”: usernames may only contain lowercase letters (a-z) and digits (0-9).`;
  if (username.length > 16) return `The username “${username}” is too long; usernames may have at most 16 characters.`;
  if (/^\d/.test(username)) return 'Usernames cannot begin with a digit.';
  if (username.startsWith('test')) return 'Usernames cannot begin with “test”.';
  if (username.endsWith('assword')) return 'Usernames cannot end with “assword”.';
  return null;
}

/** The fake's password policy: at least 8 characters with a digit. The text is WHM's. */
export function passwordProblem(password: string): string | null {
  if (password.length >= 8 && /\d/.test(password)) return null;
  return 'Sorry, the password you selected cannot be used because it is too weak and would be too easy to guess. Please select a password with strength rating of 65 or higher.';
}

/** WHM's booleans are 1/0 (reference §2.1); the fake refuses anything else so `true`/`false` cannot slip through. Text ours. */
export function booleanProblem(params: Record<string, string>, names: string[]): string | null {
  const wrong = names.find((name) => params[name] !== undefined && params[name] !== '0' && params[name] !== '1');
  return wrong ? `Invalid value for “${wrong}”: WHM API 1 booleans are 1 or 0.` : null;
}

const API0_WRITES = new Set(['createacct', 'suspendacct', 'unsuspendacct', 'removeacct', 'changepackage', 'passwd']);

/** The same outcome in WHM API 0's envelope: what WHM silently answers a request without `api.version=1`. */
export function api0Body(command: string, outcome: WhmOutcome): unknown {
  const data = outcome.data ?? {};
  if (command === 'version') return { version: data.version };
  if (command === 'listpkgs') return { package: data.pkg ?? [] };
  if (API0_WRITES.has(command)) return { result: [{ status: outcome.result, statusmsg: outcome.reason, ...data }] };
  return { status: outcome.result, statusmsg: outcome.reason, ...data };
}

/** cpsrvd's refusal of a missing or wrong `Authorization` header, before any function runs (unconfirmed: status and page). */
export const ACCESS_DENIED_PAGE = '<!DOCTYPE html><html><head><title>WHM Login</title></head><body><h1>Access denied</h1><p>The login is invalid.</p></body></html>';

export const ssoPage = (user: string) =>
  `<!DOCTYPE html><html><head><title>cPanel - ${user}</title></head><body><h1>cPanel</h1><p id="user">Logged in as ${user}</p></body></html>`;

export const SSO_EXPIRED_PAGE = '<!DOCTYPE html><html><head><title>cPanel Login</title></head><body><p>The security token is missing from your request or your session has expired.</p></body></html>';
