import type { SubscriptionSummary } from '../../../common/billing/contract.ts';
import { formatDate } from '../../components/dateFormat.ts';

type Dates = Pick<SubscriptionSummary, 'status' | 'currentPeriodEnd' | 'cancelAtPeriodEnd' | 'canceledAt'>;

/** When the plan goes on or stops, read the way the customer cares; null when the provider gave no date. */
export function renewalText(subscription: Dates): string | null {
  if (subscription.status === 'canceled') return subscription.canceledAt ? `Ended on ${formatDate(subscription.canceledAt)}` : 'Ended';
  if (!subscription.currentPeriodEnd) return null;
  const date = formatDate(subscription.currentPeriodEnd);
  return subscription.cancelAtPeriodEnd ? `Cancels on ${date}` : `Renews on ${date}`;
}
