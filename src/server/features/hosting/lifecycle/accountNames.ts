import { randomInt } from 'node:crypto';

/**
 * The panel username and first password of a new hosting account (reference/provisioning.md §3):
 * rules every panel accepts, so one generator serves cPanel, Plesk, DirectAdmin and Proxmox.
 */

/** Exactly 8: cPanel's first-8 uniqueness and legacy limit, DirectAdmin's 4–8, Plesk's old 20-char logins. */
export const USERNAME_LENGTH = 8;
export const USERNAME_PATTERN = /^[a-z][a-z0-9]{7}$/;
const PREFIX_MAX = 5;

const LOWER = 'abcdefghijklmnopqrstuvwxyz';
const UPPER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const DIGITS = '0123456789';
// No space, quotes, backtick, backslash, & $ < > /: they break DirectAdmin's form bodies, Plesk's XML and hook scripts.
const SYMBOLS = '!#%*+-.:=?@^_~';
const TAIL = LOWER + DIGITS;

/** System users and mail aliases the panels refuse or that would shadow one; names starting with `cpanel` are refused too. */
const RESERVED = new Set([
  'root', 'admin', 'administrator', 'nobody', 'mail', 'ftp', 'www', 'wwwdata', 'mysql', 'postgres', 'apache', 'nginx', 'named',
  'abuse', 'postmaster', 'hostmaster', 'webmaster', 'daemon', 'bin', 'sys', 'sync', 'games', 'man', 'news', 'uucp', 'proxy',
  'backup', 'list', 'irc', 'gnats', 'sshd', 'dovecot', 'exim', 'mailman', 'cpanel', 'whm', 'plesk', 'psaadm', 'diradmin', 'proxmox',
  'support', 'security', 'noc', 'operator', 'shutdown', 'halt', 'all', 'virtfs',
]);

const pick = (alphabet: string) => alphabet[randomInt(alphabet.length)]!;

/** The readable start of a username: the domain's second-level label, cleaned (§3 step 1), at most 5 characters. */
export function usernamePrefix(domain: string | null): string {
  const labels = (domain ?? '').toLowerCase().split('.').filter(Boolean);
  // example.co.uk names its owner in the third label from the right; example.com in the second.
  const sld = labels.length >= 3 && labels.at(-1)!.length === 2 && labels.at(-2)!.length <= 3 ? labels.at(-3)! : labels.at(-2) ?? labels[0] ?? '';
  let cleaned = sld.replace(/[^a-z0-9]/g, '').replace(/^[0-9]+/, '');
  // cPanel refuses names that start with "test".
  if (cleaned.startsWith('test')) cleaned = `a${cleaned.slice(4)}`;
  return (cleaned || 'u').slice(0, PREFIX_MAX);
}

export function acceptableUsername(name: string): boolean {
  return USERNAME_PATTERN.test(name) && !name.startsWith('test') && !name.endsWith('assword') && !name.startsWith('cpanel')
    && !RESERVED.has(name);
}

/** A fresh username for `domain`: its prefix, then random a–z0–9 to 8 characters; each call rolls a new tail. */
export function generateUsername(domain: string | null): string {
  const prefix = usernamePrefix(domain);
  for (;;) {
    let name = prefix;
    while (name.length < USERNAME_LENGTH) name += pick(TAIL);
    if (acceptableUsername(name)) return name;
  }
}

export const PASSWORD_LENGTH = 20;
const PASSWORD_CLASSES = [UPPER, LOWER, DIGITS, SYMBOLS];

/** 20 characters, at least two of each class, never containing the username (Plesk refuses that). */
export function generatePassword(username: string): string {
  for (;;) {
    const chars = PASSWORD_CLASSES.flatMap((alphabet) => [pick(alphabet), pick(alphabet)]);
    const all = PASSWORD_CLASSES.join('');
    while (chars.length < PASSWORD_LENGTH) chars.push(pick(all));
    for (let i = chars.length - 1; i > 0; i -= 1) {
      const j = randomInt(i + 1);
      [chars[i], chars[j]] = [chars[j]!, chars[i]!];
    }
    const password = chars.join('');
    if (!password.toLowerCase().includes(username.toLowerCase())) return password;
  }
}

/** The characters a generated password may hold, for tests and for checking a customer's own choice. */
export const PASSWORD_ALPHABET = { upper: UPPER, lower: LOWER, digits: DIGITS, symbols: SYMBOLS };
