import { type PanelErrorKind } from '../panel.ts';

/**
 * How a DirectAdmin refusal (`error=1&text=…&details=…`, HTTP 200) becomes a PanelError kind. The
 * legacy API has no error codes, only texts, so the texts decide:
 *
 * | Text or details                                        | Kind      |
 * |--------------------------------------------------------|-----------|
 * | "… does not exist in your authority level"             | auth      |
 * | already exists, already in use, is taken, reserved     | exists    |
 * | names a package (unknown package on create or change)  | refused   |
 * | does not exist, not found, no such user                | not_found |
 * | anything else (weak password, invalid username, limit) | refused   |
 *
 * A package that does not exist is 'refused', not 'not_found': callers read 'not_found' as "the
 * account is gone", and a create or change with a bad package says nothing about the account.
 */
const KINDS: [RegExp, PanelErrorKind][] = [
  [/authority level/i, 'auth'],
  [/already exists|already in use|is taken|reserved/i, 'exists'],
  [/package/i, 'refused'],
  [/does ?n[o']t exist|not found|no such user|unknown user/i, 'not_found'],
];

export function kindOfDirectadminError(said: string): PanelErrorKind {
  return KINDS.find(([pattern]) => pattern.test(said))?.[1] ?? 'refused';
}

/** The panel's own words, readable in a log: its `<br>`s and list markup gone, spaces collapsed, bounded. */
export function refusalText(values: Record<string, string>): string {
  const parts = [values.text, values.details].map((part) => (part ?? '').replace(/<[^>]*>/g, ' ').replace(/\s+/g, ' ').trim()).filter(Boolean);
  const said = parts.join(': ') || 'the request was refused without a reason';
  return said.length > 500 ? `${said.slice(0, 497)}...` : said;
}
