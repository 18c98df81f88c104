import { type CallOptions, RegistrarError } from '../registrar.ts';
import { registrarCall } from '../registrarHttp.ts';
import { namecheapErrorKind } from './namecheapErrors.ts';
import { attr, child, children, parseXml, text, type XmlNode } from './namecheapXml.ts';

export interface NamecheapCredentials {
  url: string;
  apiUser: string;
  apiKey: string;
  userName: string;
  clientIp: string;
}

/** Sends one command and answers its `<CommandResponse>`; an ERROR envelope becomes a RegistrarError. */
export type NamecheapCall = (command: string, params: Record<string, string>, options?: CallOptions) => Promise<XmlNode>;

const registrar = 'namecheap';

export function createNamecheapCall(credentials: NamecheapCredentials): NamecheapCall {
  // The registrar's own texts could echo what it was sent; the key must never travel further.
  const redact = (message: string) => message.split(credentials.apiKey).join('[redacted]');

  return async (command, params, options = {}) => {
    const body = await registrarCall({
      registrar,
      command,
      url: credentials.url,
      // POST keeps the credentials out of the URL, where proxies and access logs would keep them.
      method: 'POST',
      params: {
        ApiUser: credentials.apiUser,
        ApiKey: credentials.apiKey,
        UserName: credentials.userName,
        ClientIp: credentials.clientIp,
        Command: command,
        ...params,
      },
      signal: options.signal,
    });
    const document = parseXml(body);
    const envelope = child(document, 'ApiResponse');
    if (!envelope) {
      // An HTML maintenance page or a proxy's answer: nothing was read, so trying later is the remedy.
      throw new RegistrarError('unavailable',
        `Namecheap answered ${command} with something that is not a Namecheap API response (${document ? 'no ApiResponse element' : 'not XML'}).`,
        { registrar, command });
    }
    const errors = children(child(envelope, 'Errors'), 'Error')
      .map((error) => ({ number: attr(error, 'Number'), message: redact(text(error)) }))
      .filter((error) => error.number || error.message);
    if (errors.length > 0 || attr(envelope, 'Status')?.toUpperCase() === 'ERROR') {
      const first = errors[0] ?? { number: null, message: '' };
      const said = errors.map((error) => `${error.message || 'no text'}${error.number ? ` (error ${error.number})` : ''}`).join('; ');
      throw new RegistrarError(namecheapErrorKind(first.number, errors.map((error) => error.message).join(' ')),
        `Namecheap refused ${command}: ${said || 'an ERROR status without a reason'}.`,
        { registrar, command, ...(first.number ? { code: first.number } : {}) });
    }
    return child(envelope, 'CommandResponse') ?? {};
  };
}
