/** The sentences and constants of the webhook delivery log (issue 9); pages import these, never zod. */

export const DELIVERY_PAGE_SIZE = 25;
export const DELIVERY_PAGE_MAX = 100;

/** A delivery is success, failed or pending (spec §4); pending covers waiting, retrying and being sent. */
export const DELIVERY_STATUSES = ['pending', 'success', 'failed'] as const;
export type DeliveryStatusName = (typeof DELIVERY_STATUSES)[number];

export const DELIVERY_STATUS_LABELS: Record<DeliveryStatusName, string> = { pending: 'Pending', success: 'Success', failed: 'Failed' };
export const DELIVERY_STATUS_OPTIONS = DELIVERY_STATUSES.map((value) => ({ value, label: DELIVERY_STATUS_LABELS[value] }));

/** How far back "Replay failed" reaches, as Svix's recover does: older deliveries are out of most receivers' interest and retention. */
export const REPLAY_MAX_DAYS = 14;
/** The most deliveries one replay puts back in the queue (Svix's bound); a second replay picks up the rest. */
export const REPLAY_MAX_DELIVERIES = 10_000;
/** The newest attempts getDelivery returns; a delivery resent many times keeps its older attempts in the log. */
export const DELIVERY_ATTEMPTS_SHOWN = 100;

/** Stands in for a credential in a request header or URL shown to an operator. */
export const MASKED_VALUE = '••••••';

export const INVALID_DELIVERY_CURSOR = 'The page cursor is not valid. Reload the list.';
export const DELIVERY_NOT_FOUND = 'Delivery not found.';
export const WEBHOOK_NOT_FOUND = 'Webhook not found.';
export const INVALID_DELIVERY_RANGE = 'The start of the range must be before its end.';
export const instantMessage = (what: string) => `${what} must be a real date (YYYY-MM-DD) or date and time (e.g. 2026-11-22T10:00:00Z).`;

export const RESEND_WHILE_PENDING = 'This delivery is already queued or being sent. Wait for its attempt to finish, then resend it.';
export const RESEND_WEBHOOK_GONE = 'The webhook of this delivery was deleted, so it cannot be sent again.';
export const resendWebhookInactive = (name: string) => `The webhook "${name}" is inactive. Activate it on the Webhooks page, then resend.`;
export const REPLAY_SINCE_IN_FUTURE = 'The replay start must not be in the future.';
export const REPLAY_SINCE_TOO_OLD = `Replay reaches back at most ${REPLAY_MAX_DAYS} days. Choose a later start.`;
export const replayWebhookInactive = (name: string) => `The webhook "${name}" is inactive. Activate it on the Webhooks page, then replay its failed deliveries.`;

export const RESENT = 'Delivery queued again. It keeps its webhook-id, so the receiver can recognise a repeat.';
export const replayedText = (count: number, more: boolean) => (count === 0
  ? 'No failed deliveries of this webhook since that time.'
  : `${count.toLocaleString('en-US')} failed ${count === 1 ? 'delivery' : 'deliveries'} queued again.${more ? ` More remain: replay again to queue the next ${REPLAY_MAX_DELIVERIES.toLocaleString('en-US')}.` : ''}`);

export const NO_DELIVERIES = 'No deliveries found matching your criteria';
export const NO_DELIVERIES_FILTERED_HINT = 'Clear the filters to see every delivery.';
export const NO_DELIVERIES_HINT = 'A delivery is made when an event matches an active flow with an active webhook. Create a webhook and a flow, then send a test event.';
export const FAILED_TO_LOAD_DELIVERIES = 'Failed to load deliveries';
export const FAILED_TO_LOAD_DELIVERY = 'Failed to load the delivery';
export const FAILED_TO_RESEND = 'Failed to resend delivery';
export const FAILED_TO_REPLAY = 'Failed to replay deliveries';
export const SELECT_WEBHOOK_TO_REPLAY = 'Please select a webhook first';
export const SELECT_REPLAY_SINCE = 'Please choose the date to replay from';
export const RESPONSE_TRUNCATED = 'The response body was longer than what is kept: only its beginning is shown.';
