import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import type { Config } from '../../config.ts';

/**
 * Panel credentials at rest: AES-256-GCM (node:crypto) under a key derived by HKDF-SHA256 from
 * CREDENTIALS_KEY, or from AUTH_SECRET when that is not set. The server's id is the additional
 * data, so a sealed value copied onto another server's row does not open there.
 * Sealed form: `v1.<iv>.<tag>.<ciphertext>`, base64url parts.
 */
const VERSION = 'v1';

export class CredentialsUnreadable extends Error {
  constructor() {
    super('The stored credentials cannot be read with this installation\'s key (CREDENTIALS_KEY or AUTH_SECRET changed); enter them again.');
    this.name = 'CredentialsUnreadable';
  }
}

function keyOf(config: Pick<Config, 'CREDENTIALS_KEY' | 'AUTH_SECRET'>): Buffer {
  const secret = config.CREDENTIALS_KEY ?? config.AUTH_SECRET;
  return Buffer.from(hkdfSync('sha256', secret, 'provider-portal', 'hosting-panel-credentials', 32));
}

export function sealCredentials(config: Pick<Config, 'CREDENTIALS_KEY' | 'AUTH_SECRET'>, boundTo: string, value: unknown): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(config), iv);
  cipher.setAAD(Buffer.from(boundTo));
  const data = Buffer.concat([cipher.update(JSON.stringify(value), 'utf8'), cipher.final()]);
  return [VERSION, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), data.toString('base64url')].join('.');
}

export function openCredentials<T>(config: Pick<Config, 'CREDENTIALS_KEY' | 'AUTH_SECRET'>, boundTo: string, sealed: string): T {
  const [version, iv, tag, data] = sealed.split('.');
  if (version !== VERSION || !iv || !tag || data === undefined) throw new CredentialsUnreadable();
  try {
    const decipher = createDecipheriv('aes-256-gcm', keyOf(config), Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(boundTo));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    const text = Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
    return JSON.parse(text) as T;
  } catch {
    throw new CredentialsUnreadable();
  }
}
