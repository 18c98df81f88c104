import { createHmac, randomBytes } from 'node:crypto';

/**
 * Standard Webhooks signing (reference: shared/reference/webhooks.md §2): the secret is
 * 'whsec_' + base64 of random bytes, the HMAC key is the decoded bytes, the signed content is
 * `{id}.{timestamp}.{body}`, and the header carries one `v1,<base64>` entry per secret, so a
 * receiver still holding the previous secret verifies during a rotation.
 */
export const SECRET_PREFIX = 'whsec_';
const SECRET_BYTES = 32;

export function generateWebhookSecret(): string {
  return SECRET_PREFIX + randomBytes(SECRET_BYTES).toString('base64');
}

export function signatureEntry(secret: string, id: string, timestampSeconds: number, body: string): string {
  const key = Buffer.from(secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret, 'base64');
  return `v1,${createHmac('sha256', key).update(`${id}.${timestampSeconds}.${body}`).digest('base64')}`;
}

/** The three `webhook-*` headers of one attempt, signed with every secret given (newest first). */
export function signedHeaders(secrets: readonly string[], id: string, timestampSeconds: number, body: string): Record<string, string> {
  return {
    'webhook-id': id,
    'webhook-timestamp': String(timestampSeconds),
    'webhook-signature': secrets.map((secret) => signatureEntry(secret, id, timestampSeconds, body)).join(' '),
  };
}
