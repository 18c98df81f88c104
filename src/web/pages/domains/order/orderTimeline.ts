import type { DomainOrder } from '../../../../common/domains/ordersContract.ts';

export type TimelineState = 'done' | 'failed' | 'waiting';

export interface TimelineStep {
  title: string;
  /** When it happened; null while it is still to come. */
  at: string | null;
  state: TimelineState;
  detail?: string;
}

type TimelineOrder = Pick<DomainOrder, 'kind' | 'status' | 'paymentStatus' | 'createdAt' | 'updatedAt' | 'paidAt' | 'completedAt' | 'error'>;

function paymentStep(order: TimelineOrder): TimelineStep | null {
  if (order.paidAt) return { title: 'Payment received', at: order.paidAt, state: 'done' };
  if (order.paymentStatus === 'failed') return { title: 'Payment failed', at: order.updatedAt, state: 'failed' };
  // A cancelled order that was never paid has nothing more to wait for.
  if (order.status === 'cancelled') return null;
  return { title: 'Awaiting payment', at: null, state: 'waiting' };
}

function resultStep(order: TimelineOrder): TimelineStep | null {
  const renewal = order.kind === 'renewal';
  switch (order.status) {
    case 'completed':
      return { title: renewal ? 'Domain renewed' : 'Domain registered', at: order.completedAt ?? order.updatedAt, state: 'done' };
    case 'failed':
      return { title: renewal ? 'Renewal failed' : 'Registration failed', at: order.updatedAt, state: 'failed', detail: order.error ?? undefined };
    case 'cancelled':
      return { title: 'Order cancelled', at: order.updatedAt, state: 'failed' };
    case 'requires_manual_processing':
      return { title: 'With our team for manual processing', at: order.updatedAt, state: 'waiting', detail: order.error ?? undefined };
    case 'processing':
      return { title: renewal ? 'Renewing at the registrar' : 'Registering at the registrar', at: null, state: 'waiting' };
    default:
      return { title: renewal ? 'Renewal' : 'Registration', at: null, state: 'waiting' };
  }
}

/** Created, paid, registered (or renewed), or the error with its time: the order's story so far and what comes next. */
export function orderTimeline(order: TimelineOrder): TimelineStep[] {
  return [
    { title: 'Order created', at: order.createdAt, state: 'done' } satisfies TimelineStep,
    paymentStep(order),
    resultStep(order),
  ].filter((step): step is TimelineStep => step !== null);
}

/** How many steps are behind the order (Mantine's Timeline `active` is the index of the last one). */
export function lastReachedStep(steps: readonly TimelineStep[]): number {
  let last = -1;
  steps.forEach((step, i) => {
    if (step.state !== 'waiting' || step.at) last = i;
  });
  return last;
}
