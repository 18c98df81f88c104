import { RegistrarError } from '../registrar.ts';
import { registrarCall } from '../registrarHttp.ts';
import { enomFailure } from './enomErrors.ts';
import { parseXml, type XmlNode } from './enomXml.ts';

export interface EnomCredentials {
  uid: string;
  pw: string;
  url: string;
}

/** `timeoutMs`: a read known to be slow (the whole price list) may wait longer than REGISTRAR_TIMEOUT_MS; the caller's signal still bounds it. */
export type EnomCall = (command: string, params: Record<string, string>, signal?: AbortSignal, timeoutMs?: number) => Promise<XmlNode>;

/** Enom's own texts are echoed into messages; a credential must never ride along with them. */
function scrub(message: string, credentials: EnomCredentials): string {
  let out = message;
  for (const secret of [credentials.pw, credentials.uid]) if (secret.length >= 3) out = out.split(secret).join('***');
  return out;
}

/**
 * One Enom command: the credentials and ResponseType=XML added, sent as a POST form (Enom
 * takes the same parameters as a query or a form; a form keeps the API token out of URLs that
 * proxies and access logs record), the answer parsed, and any refusal inside it thrown.
 */
export function createEnomCall(credentials: EnomCredentials): EnomCall {
  return async (command, params, signal, timeoutMs) => {
    const body = await registrarCall({
      registrar: 'enom',
      command,
      url: credentials.url,
      method: 'POST',
      params: { Command: command, UID: credentials.uid, PW: credentials.pw, ResponseType: 'XML', ...params },
      signal,
      timeoutMs,
    });
    const root = parseXml(body);
    if (!root || root.name.toLowerCase() !== 'interface-response') {
      // A proxy's or maintenance page, or a body cut short: nothing says whether Enom acted.
      throw new RegistrarError('unavailable', `Enom answered ${command} with something that is not its XML interface-response (${body.length === 0 ? 'an empty body' : 'unreadable body'}).`, { registrar: 'enom', command });
    }
    const failure = enomFailure(root, command);
    if (failure) throw new RegistrarError(failure.kind, scrub(failure.message, credentials), failure.details);
    return root;
  };
}
