import type { PaymentEvent } from '../../../integrations/payments/events.ts';
import type { PaymentEventHandler } from '../../../integrations/payments/receiveEvent.ts';
import { onDomainCheckoutCompleted, onDomainCheckoutExpired } from './checkoutEvents.ts';

type Of<T extends PaymentEvent['type']> =
  PaymentEvent extends infer E ? (E extends { type: infer U } ? (T extends U ? E & { type: T } : never) : never) : never;
type Handle = PaymentEventHandler['handle'];

/** One handler per event type, typed by its event; the receiver runs it in the event's unit of work. */
function on<T extends PaymentEvent['type']>(type: T, handle: (tx: Parameters<Handle>[0], event: Of<T>, services: Parameters<Handle>[2]) => Promise<void>): PaymentEventHandler {
  return { type, handle: (tx, event, services) => handle(tx, event as Of<T>, services) };
}

/**
 * The domains area's reactions to payment events: a domain order's checkout completed or expired.
 * They run after billing's, which closes our checkout_sessions row and links the account's customer.
 */
export const paymentEventHandlers: PaymentEventHandler[] = [
  on('checkout.session.completed', onDomainCheckoutCompleted),
  on('checkout.session.expired', onDomainCheckoutExpired),
];
