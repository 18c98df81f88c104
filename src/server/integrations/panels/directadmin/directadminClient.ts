import { type PanelCallOptions, type PanelConnection, PanelError } from '../panel.ts';
import { panelFetch, unreadableAnswer } from '../panelHttp.ts';
import { kindOfDirectadminError, refusalText } from './directadminErrors.ts';
import { type DirectadminAnswer, encodeForm, isLoginPage, looksLikeApiAnswer, parseDirectadminAnswer } from './directadminWire.ts';

export interface DirectadminCommand {
  /** `CMD_API_…`: the path, and the call log's command name. */
  command: string;
  method: 'GET' | 'POST';
  params: Record<string, string>;
  /** Runs the call as this user ("login-as": `admin|user` with the admin's key). */
  as?: string;
  timeoutMs?: number;
  /** Values sent in this call that must not come back in an error message (an account's password). */
  hide?: string[];
}

export type DirectadminCall = (command: DirectadminCommand, options?: PanelCallOptions) => Promise<DirectadminAnswer>;

/**
 * One legacy-API call: HTTP Basic with the admin's (or reseller's) login key, parameters as a
 * query (GET) or a form (POST), the answer parsed and any refusal in it thrown. Writes always
 * answer `error=0|1`; an answer to a write without one is not the API's, so the panel may have acted.
 */
export function createDirectadminCall(connection: PanelConnection): DirectadminCall {
  const { credentials } = connection;
  if (credentials.kind !== 'directadmin') throw new Error(`DirectAdmin adapter given ${credentials.kind} credentials`);
  const panel = connection.kind;
  return async ({ command, method, params, as, timeoutMs, hide = [] }, options = {}) => {
    const login = as ? `${credentials.username}|${as}` : credentials.username;
    const headers: Record<string, string> = { authorization: `Basic ${Buffer.from(`${login}:${credentials.loginKey}`).toString('base64')}` };
    const form = encodeForm(params);
    if (method === 'POST') headers['content-type'] = 'application/x-www-form-urlencoded';
    const response = await panelFetch(connection, {
      command,
      method,
      path: method === 'GET' && form ? `/${command}?${form}` : `/${command}`,
      headers,
      body: method === 'POST' ? form : undefined,
      timeoutMs,
    }, options);
    if (isLoginPage(response.contentType, response.text)) {
      throw new PanelError('auth', `DirectAdmin refused the login${as ? ` as ${as}` : ''} (it answered its login page): check the user name and login key, and the key's allowed addresses and commands.`, { panel, command });
    }
    // DirectAdmin labels some API answers text/html, so the body's shape decides, not the content type.
    if (response.status >= 300 || !looksLikeApiAnswer(response.text)) {
      throw unreadableAnswer(connection, command, response.status);
    }
    const answer = parseDirectadminAnswer(response.text);
    if (method === 'POST' && answer.values.error === undefined) throw unreadableAnswer(connection, command, response.status);
    if (answer.values.error !== undefined && answer.values.error !== '0') {
      const said = refusalText(answer.values);
      throw new PanelError(kindOfDirectadminError(said), `DirectAdmin refused ${command}: ${scrub(said, [credentials.loginKey, ...hide])}`, { panel, command });
    }
    return answer;
  };
}

/** The panel echoes what it was sent in some texts; the key must never ride along into a message. */
function scrub(text: string, secrets: string[]): string {
  return secrets.reduce((out, secret) => (secret.length >= 4 ? out.split(secret).join('***') : out), text);
}
