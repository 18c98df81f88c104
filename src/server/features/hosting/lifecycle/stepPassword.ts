import type { Config } from '../../../config.ts';
import { CredentialsUnreadable, openCredentials, sealCredentials } from '../../../integrations/panels/credentials.ts';

type KeyConfig = Pick<Config, 'CREDENTIALS_KEY' | 'AUTH_SECRET'>;

/**
 * A hosting account's password at rest (the service row until the welcome mail, a change_password
 * step's input until the step ends): sealed like server credentials, bound to the service, so a
 * value copied onto another service does not open.
 */
export const sealServicePassword = (config: KeyConfig, serviceId: string, password: string) =>
  sealCredentials(config, `hosting_services:${serviceId}`, password);

export function openServicePassword(config: KeyConfig, serviceId: string, sealed: string | null): string | null {
  if (!sealed) return null;
  try {
    return openCredentials<string>(config, `hosting_services:${serviceId}`, sealed);
  } catch (error) {
    if (error instanceof CredentialsUnreadable) return null;
    throw error;
  }
}

/** The input of a change_password step: `{ password: sealServicePassword(...) }`. */
export const stepPasswordInput = (config: KeyConfig, serviceId: string, password: string) => ({ password: sealServicePassword(config, serviceId, password) });

export const openStepPassword = (config: KeyConfig, serviceId: string, sealed: unknown) =>
  openServicePassword(config, serviceId, typeof sealed === 'string' ? sealed : null);

/** The step's input once it ended: the password goes, whatever the outcome. */
export function withoutPassword(input: Record<string, unknown>): Record<string, unknown> {
  const { password: _erased, ...rest } = input;
  return rest;
}
