import { signedHeaders } from '../outbound/signature.ts';
import { isSecretName, maskValue } from '../deliveryHeaders.ts';
import type { EngineWebhook } from './routingCache.ts';

/** The headers of one attempt: JSON, the webhook's own headers and authentication, then the signature (which nothing overrides). */
export function attemptHeaders(webhook: EngineWebhook, deliveryId: string, body: string, now: Date): Record<string, string> {
  const headers: Record<string, string> = { 'content-type': 'application/json', 'user-agent': 'ProviderPortal-Webhooks/1.0' };
  for (const [name, value] of Object.entries(webhook.headers)) {
    if (typeof value === 'string' && !name.toLowerCase().startsWith('webhook-')) headers[name.toLowerCase()] = value;
  }
  const auth = webhook.authentication;
  if (auth.type === 'bearer' && auth.token) headers.authorization = `Bearer ${auth.token}`;
  if (auth.type === 'basic' && auth.username !== undefined) {
    headers.authorization = `Basic ${Buffer.from(`${auth.username}:${auth.password ?? ''}`).toString('base64')}`;
  }
  // The previous secret signs too until it expires, so receivers can switch at their own pace.
  const secrets = [webhook.secret];
  if (webhook.previousSecret && webhook.previousSecretExpiresAt !== null && webhook.previousSecretExpiresAt > now.getTime()) {
    secrets.push(webhook.previousSecret);
  }
  return { ...headers, ...signedHeaders(secrets, deliveryId, Math.floor(now.getTime() / 1000), body) };
}

/** The request headers as the delivery log keeps them: credentials masked, the signature shortened. */
export function maskedHeaders(headers: Record<string, string>): Record<string, string> {
  const masked: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (name === 'webhook-id' || name === 'webhook-timestamp') masked[name] = value;
    else if (name === 'webhook-signature') masked[name] = value.split(' ').map((entry) => `${entry.slice(0, 8)}…`).join(' ');
    else masked[name] = isSecretName(name) ? maskValue(value) : value;
  }
  return masked;
}
