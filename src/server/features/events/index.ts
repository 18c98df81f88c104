/**
 * The webhook delivery system's public face: header masking for the delivery log, the address policy
 * and signing that webhook settings check against. The engine itself is private to the area.
 */
export { maskedHeaders, maskedUrl } from './deliveryHeaders.ts';
export { parseAllowList, plainlyBlockedUrlReason } from './outbound/addressPolicy.ts';
export { generateWebhookSecret, signedHeaders } from './outbound/signature.ts';
