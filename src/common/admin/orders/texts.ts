/**
 * Texts, constants and rules of the back office's Orders screens and functions (spec back-office
 * §2 Orders, §3 Domain order, §4 Order status, §5, §8, §9); no zod here, pages import it.
 */
import { ORDER_STATUS_LABELS, type OrderStatus } from '../../domains/orders.ts';

export const ORDERS_PAGE_SIZE = 25;
export const ORDERS_PAGE_MAX = 100;
export const FAILED_ORDERS_LIMIT = 50;
export const BULK_RETRY_MAX = 50;
/** Past this many matches a filtered list answers "1,000+" instead of counting every row (docs/decisions.md). */
export const ORDER_COUNT_CAP = 1_000;
export const ADMIN_NOTES_PREVIEW_LINES = 2;
export const ADMIN_NOTE_MAX = 2000;
export const NAMESERVERS_MAX = 13;

export const ORDER_SORT_FIELDS = ['createdAt', 'domain', 'totalPrice'] as const;
export type OrderSortField = (typeof ORDER_SORT_FIELDS)[number];
export const ORDER_SORT_LABELS: Record<OrderSortField, string> = { createdAt: 'Created', domain: 'Domain', totalPrice: 'Total' };

/** The registrar of a manual completion done somewhere we do not hold as a supplier. */
export const OTHER_REGISTRAR = 'other';
export const REGISTRAR_NAME_REQUIRED = 'Please enter the name of the registrar.';

export const FAILED_ORDER_STATUSES = ['failed', 'requires_manual_processing'] as const satisfies readonly OrderStatus[];

export const PRIORITIES = ['high', 'medium', 'low'] as const;
export type Priority = (typeof PRIORITIES)[number];
export const HIGH_PRIORITY_DAYS = 7;
export const MEDIUM_PRIORITY_DAYS = 3;
const DAY_MS = 86_400_000;

/** Spec §4: over 7 days old is high, over 3 days medium, else low. */
export function priorityByAge(createdAt: string, now: Date = new Date()): Priority {
  const age = now.getTime() - new Date(createdAt).getTime();
  if (age > HIGH_PRIORITY_DAYS * DAY_MS) return 'high';
  if (age > MEDIUM_PRIORITY_DAYS * DAY_MS) return 'medium';
  return 'low';
}
export const PRIORITY_LABELS: Record<Priority, string> = { high: 'High', medium: 'Medium', low: 'Low' };

/** The last lines of the admin notes, for the detail page's preview. */
export function notesPreview(notes: string | null): { preview: string; hidden: number } {
  const lines = (notes ?? '').split('\n').filter((line) => line.trim() !== '');
  return { preview: lines.slice(-ADMIN_NOTES_PREVIEW_LINES).join('\n'), hidden: Math.max(0, lines.length - ADMIN_NOTES_PREVIEW_LINES) };
}

/** "N orders", or "1,000+ orders" when the filtered count stopped at the cap. */
export function orderCountLabel(count: number, capped: boolean): string {
  if (capped) return `${ORDER_COUNT_CAP.toLocaleString('en-US')}+ orders`;
  return `${count.toLocaleString('en-US')} ${count === 1 ? 'order' : 'orders'}`;
}

// Spec §5 and §8.
export const NO_ORDERS = 'No orders found matching your criteria';
export const NO_FAILED_ORDERS = 'No Failed Orders!';
export const FAILED_TO_LOAD_ORDERS = 'Failed to load orders';
export const FAILED_TO_LOAD_FAILED_ORDERS = 'Failed to load failed orders';
export const SELECT_ORDERS_TO_RETRY = 'Please select orders to retry';
export const BULK_RETRY_FAILED = 'Bulk retry failed';
export const FAILED_TO_RETRY_ORDER = 'Failed to retry order';
export const FAILED_TO_UPDATE_ORDER_STATUS = 'Failed to update order status';
export const FAILED_TO_MANUALLY_COMPLETE = 'Failed to manually complete order';

// Ours: the functions' sentences.
export const INVALID_ORDERS_CURSOR = 'The page cursor is not valid. Reload the list.';
export const DATE_RANGE_REVERSED = 'The start date must be on or before the end date.';
export const UNKNOWN_SUPPLIER = 'Please choose an active registrar.';
export const NOTES_REQUIRED_TO_CANCEL = 'Please give notes explaining why the order is cancelled.';
export const PROCESSING_IS_RETRY = 'Use Retry to send an order back to processing.';
export const CANCEL_CONFIRM = 'Cancel this order? A paid order is refunded to the customer. This cannot be undone.';
export const USE_MANUAL_COMPLETION = 'Use manual completion to complete an order: it records the registration and creates the customer\'s domain.';
export const NOT_COMPLETABLE = 'A completed or cancelled order cannot be completed manually.';
export const DOMAIN_HELD_ELSEWHERE = 'Another account holds this domain; it cannot be completed for this order.';
export const ORDER_MOVED = 'The order changed meanwhile. Reload it and try again.';
export const refundRefused = (message: string) => `The refund was refused, so the order was not cancelled: ${message}`;
export const REFUND_UNDER_WAY = 'A refund of this order is under way. Reload the order in a minute.';
export const REFUND_OUTCOME_UNKNOWN = 'The payment provider did not answer, so the order was not cancelled. Try again in a minute and a half: the refund is looked up before it is asked for again.';
// The registrar outcome model (issue 18): nothing is sent again, parked or refunded on an unknown outcome.
export const REGISTRAR_CALL_IN_FLIGHT = 'A registrar call for this order is in progress. Wait for it to finish (up to 10 minutes), then reload the order.';
export const OUTCOME_UNKNOWN_WHILE_PROCESSING = 'A registrar has not said yet whether it registered or renewed this domain. The order keeps asking it and goes to manual processing by itself if it cannot find out; it cannot be parked or cancelled meanwhile.';
export const OUTCOME_UNKNOWN_NO_CANCEL = 'A registrar could not say whether an earlier call registered or renewed this domain, so the order was not cancelled and nothing was refunded. Try again later, or complete it manually once you know.';
export const FOUND_DONE_NOT_CANCELLED = 'The registrar holds this domain: an earlier call went through, so the order was completed instead of cancelled, and nothing was refunded.';
export const transitionRefused = (from: OrderStatus, to: OrderStatus) =>
  `An order that is ${ORDER_STATUS_LABELS[from].toLowerCase()} cannot be set to ${ORDER_STATUS_LABELS[to].toLowerCase()}.`;

/** Why bulk retry skipped an order, per order. */
export const RETRY_MESSAGES = {
  queued: 'Sent to the registration job.',
  notFound: 'Order not found',
  processing: 'This order is already processing.',
  completed: 'This order is already completed.',
  cancelled: 'This order is cancelled.',
  unpaid: 'This order is not paid; it cannot be registered.',
  notAllowed: 'This order cannot be retried from its current status.',
  inFlight: 'A registrar call for this order is still in progress; it was not sent again.',
  outcomeUnknown: 'A registrar could not say whether an earlier call registered this domain, so nothing was sent again. Try again later.',
  foundDone: 'The registrar already holds this domain: the order was completed from its answer, and nothing was sent again.',
  cloudflareNoRegistration: 'Cloudflare\'s API does not register new names, so nothing was sent. Register it in Cloudflare\'s dashboard and complete the order manually with Cloudflare as the registrar, or retry at another registrar.',
  cloudflareNotHeld: 'This domain is not held at Cloudflare; a renewal runs at the domain\'s own registrar. Retry without forcing Cloudflare.',
} as const;

/** The registrar that renews only by its own auto-renew and registers nothing through its API (docs/decisions.md). */
export const CLOUDFLARE_REGISTRAR = 'cloudflare';
export const cloudflareRenewed = (expiry: string) =>
  `Cloudflare has renewed this domain by its auto-renew (it now expires on ${expiry}): the order was completed from its answer.`;
export const cloudflareNotRenewedYet = (expiry: string | null, autoRenew: 'was_on' | 'turned_on' | 'not_turned_on') =>
  `Cloudflare's API cannot renew on request: it renews only by its own auto-renew, close to expiry (${expiry ?? 'an expiry it did not say'}). `
  + (autoRenew === 'was_on' ? 'Its auto-renew is on. ' : autoRenew === 'turned_on' ? 'Its auto-renew was off and is now on. ' : 'Its auto-renew is off and could not be turned on; turn it on in Cloudflare\'s dashboard. ')
  + 'Retry once Cloudflare shows the new expiry, or complete the order manually.';
export const cloudflareUnreadable = (reason: string) => `Cloudflare could not be asked about this domain, so nothing was done: ${reason}`;

export const bulkRetrySummary = (successful: number, failed: number) => `Retry sent for ${successful} ${successful === 1 ? 'order' : 'orders'}; ${failed} failed.`;
