import type { InvoiceStatus, SubscriptionStatus } from '../../../common/billing/billing.ts';

/**
 * Badge colours of subscription and invoice states: green when all is well, yellow while
 * something is pending or ending, red when a payment failed, grey when it is over.
 */
export function subscriptionStatusColor(status: SubscriptionStatus): string {
  switch (status) {
    case 'active':
    case 'trialing':
      return 'green';
    case 'past_due':
    case 'unpaid':
    case 'incomplete_expired':
      return 'red';
    case 'incomplete':
    case 'paused':
      return 'yellow';
    case 'canceled':
      return 'gray';
  }
}

export function invoiceStatusColor(status: InvoiceStatus): string {
  switch (status) {
    case 'paid':
      return 'green';
    case 'open':
      return 'yellow';
    case 'uncollectible':
      return 'red';
    case 'draft':
    case 'void':
      return 'gray';
  }
}

/** 'past_due' reads 'past due': the words, not the code. */
export const statusLabel = (status: string) => status.replaceAll('_', ' ');
