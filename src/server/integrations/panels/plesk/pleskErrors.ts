import { type PanelConnection, PanelError, type PanelErrorKind } from '../panel.ts';

/** Plesk XML API error codes (reference §2.2) by what they mean to the portal; any other stated error is 'refused'. */
const kindByCode: Record<string, PanelErrorKind> = {
  1001: 'auth', // authentication failed
  1006: 'auth', // permission denied: the key's or login's rights
  1011: 'auth', // the API user's account is disabled
  11003: 'auth', // secret key validation failed (a key bound to another address)
  1002: 'exists', // user account already exists
  1007: 'exists', // data already exists (a domain, a system user)
  1013: 'not_found', // object not found
  1015: 'not_found', // owner not found
};

export const PLESK_NOT_FOUND = '1013';

export function pleskErrorKind(code: string): PanelErrorKind {
  return kindByCode[code] ?? 'refused';
}

/**
 * A PanelError from an error the panel stated. The panel's text is kept (operators need it), but
 * any secret of the call (a password echoed back, the credentials) is blanked out of it first.
 */
export function pleskError(connection: PanelConnection, command: string, code: string, errtext: string, secrets: string[] = []): PanelError {
  const reason = safeReason(connection, errtext || 'no reason given', secrets);
  return new PanelError(pleskErrorKind(code), `Plesk refused ${command}: ${reason} (error ${code || 'without a code'})`, { panel: 'plesk', command, code });
}

function credentialValues(connection: PanelConnection): string[] {
  const { credentials } = connection;
  if (credentials.kind !== 'plesk') return [];
  return 'secretKey' in credentials ? [credentials.secretKey] : [credentials.password];
}

/** The panel's text with the call's secrets and the connection's credentials blanked out. */
export function safeReason(connection: PanelConnection, text: string, secrets: string[] = []): string {
  return [...secrets, ...credentialValues(connection)].filter((secret) => secret.length > 0)
    .reduce((current, secret) => current.split(secret).join('[hidden]'), text);
}
