import { panelName } from '../panelHttp.ts';
import { type PanelConnection, PanelError, type PanelErrorKind } from '../panel.ts';

/**
 * What a `metadata.result == 0` means, read from `metadata.reason` (WHM gives no error codes).
 * The texts are WHM's own (reference/provisioning.md §2.1) and the forms modules match on:
 * "Sorry, a group for that username already exists.", "This system already has an account named …"
 * (Upmind matches "already has"), 'Sorry, "X" is not a valid package name.', "… does not exist".
 */
const RULES: [RegExp, PanelErrorKind][] = [
  [/access denied|permission denied|not authori[sz]ed|do(es)? not have (the )?(permission|privilege|access)/i, 'auth'],
  [/already (exists|has|set ?up|in use|taken|owns)|already a (user|group|domain)/i, 'exists'],
  [/not a valid package|(package|plan) .*(does not|doesn[’']t) exist|no such (package|plan)/i, 'not_found'],
  [/(does not|doesn[’']t|did not) exist|no such (user|account)|(could|can)( ?no|')t (be )?f(i|ou)nd|unknown (user|account)|not (own|owned)/i, 'not_found'],
];

export function kindOfReason(reason: string): PanelErrorKind {
  return RULES.find(([pattern]) => pattern.test(reason))?.[1] ?? 'refused';
}

/** The panel's reason as an operator may read it: every secret of the call cut out. */
export function redact(text: string, secrets: readonly string[]): string {
  return secrets.filter((secret) => secret.length > 0).reduce((safe, secret) => safe.split(secret).join('***'), text);
}

/** A refusal WHM stated in its envelope, with its reason text. */
export function whmRefusal(connection: PanelConnection, command: string, reason: string): PanelError {
  const said = reason || 'no reason given';
  return new PanelError(kindOfReason(said), `${panelName(connection.kind)} refused ${command}: ${said}`, { panel: connection.kind, command });
}

/** cpsrvd turns away a token it does not accept before running anything (HTTP 401/403 and its "Access denied" page). */
export function whmAuthRefused(connection: PanelConnection, command: string, status: number): PanelError {
  return new PanelError('auth', `${panelName(connection.kind)} refused the API token for ${command} (HTTP ${status}): check the user, the token, its expiry and its IP whitelist.`, {
    panel: connection.kind, command, code: String(status),
  });
}
