/**
 * The webhook delivery system's public face: webhooks and flows as operators keep them, the
 * delivery log and its resend and replay, the address policy and signing that webhook settings
 * check against. The engine itself is private to the area.
 */
export {
  deliveryAttemptLog, deliveryCountsByEvent, findDelivery, findDeliveryWebhook, hasFailedDeliveriesSince, latestDeliveries, pageOfDeliveryLog,
  requeueDelivery, requeueFailedDeliveries,
} from './deliveryLog.ts';
export { readWebhookHealth } from './engine/healthMetrics.ts';
export type { WebhookHealthReading } from './engine/healthMetrics.ts';
export { parseAllowList, plainlyBlockedUrlReason } from './outbound/addressPolicy.ts';
export { generateWebhookSecret, signedHeaders } from './outbound/signature.ts';
export {
  countActiveFlowsMatching, deleteFlowRow, findFlowView, flowTotals, flowsNamed, insertFlow, insertFlowCopy, listFlowViews, setFlowActive,
  updateFlowSettings,
} from './settings/flows.ts';
export type { FlowSettings } from './settings/flows.ts';
export type { AdminFlow, AdminWebhook, StoredAuthentication } from './settings/presenters.ts';
export {
  activeWebhooks, deleteWebhooks, findWebhook, insertWebhook, insertWebhookCopy, listWebhookViews, rotateSecret, setWebhooksActive,
  updateWebhookSettings, webhookNames, webhookTotals, webhookViewsByIds,
} from './settings/webhooks.ts';
export type { WebhookSettings } from './settings/webhooks.ts';
