/**
 * The durable jobs of domain orders. Whoever moves an order to processing (a payment event, an
 * auto-renewal, the back office's retry) sends FULFIL_ORDER_QUEUE in the same unit of work,
 * with the order id as singleton key, so an order is executed by one job at a time.
 */
export const FULFIL_ORDER_QUEUE = 'domains.fulfil_order';
export interface FulfilOrderJob {
  orderId: string;
  /** The back office's bulk retry may name the supplier to try first (issue 8). */
  forceSupplierId?: string | null;
}
/**
 * Each attempt may run 10 minutes: a registrar call gives up after 30 s, and a run asks a few
 * suppliers at most. Past it the call in flight is aborted and the retry asks before calling again.
 */
export const FULFIL_ORDER_JOB_OPTIONS = { retryLimit: 8, retryDelaySeconds: 30, retryBackoff: true, timeoutSeconds: 600 } as const;

/** Daily: expired domains marked, auto-renewals started, reminder e-mails. */
export const DOMAIN_EXPIRY_QUEUE = 'domains.expiry_daily';
export const DOMAIN_EXPIRY_CRON = '41 4 * * *';
