import type { PaymentEvent } from '../../integrations/payments/events.ts';
import type { PaymentEventHandler } from '../../integrations/payments/receiveEvent.ts';
import { onCheckoutCompleted, onCheckoutExpired } from './checkout/events.ts';
import { applyInvoiceEvent } from './invoices/sync.ts';
import { applySubscription } from './subscriptionSync.ts';

/** The event of one type: its member of the union (members group types that share an object shape). */
export type PaymentEventOf<T extends PaymentEvent['type']> =
  PaymentEvent extends infer E ? (E extends { type: infer U } ? (T extends U ? E & { type: T } : never) : never) : never;
type Of<T extends PaymentEvent['type']> = PaymentEventOf<T>;

/** One handler per event type, each typed by its event; the receiver runs them in the event's unit of work. */
function on<T extends PaymentEvent['type']>(type: T, handle: (tx: Parameters<PaymentEventHandler['handle']>[0], event: Of<T>, services: Parameters<PaymentEventHandler['handle']>[2]) => Promise<void>): PaymentEventHandler {
  return { type, handle: (tx, event, services) => handle(tx, event as Of<T>, services) };
}

const subscriptionEvent = (type: 'customer.subscription.created' | 'customer.subscription.updated' | 'customer.subscription.deleted') =>
  on(type, (tx, event, services) => applySubscription(tx, services, event.data.object, event.created, { kind: 'event', eventType: type, eventId: event.id }));

const invoiceEvent = (type: 'invoice.paid' | 'invoice.payment_failed' | 'invoice.finalized' | 'invoice.voided') =>
  on(type, (tx, event, services) => applyInvoiceEvent(tx, services, event));

/** Checkout, subscription and invoice events. */
export const paymentEventHandlers: PaymentEventHandler[] = [
  on('checkout.session.completed', (tx, event, services) => onCheckoutCompleted(tx, services, event)),
  on('checkout.session.expired', (tx, event, services) => onCheckoutExpired(tx, services, event)),
  subscriptionEvent('customer.subscription.created'),
  subscriptionEvent('customer.subscription.updated'),
  subscriptionEvent('customer.subscription.deleted'),
  invoiceEvent('invoice.paid'),
  invoiceEvent('invoice.payment_failed'),
  invoiceEvent('invoice.finalized'),
  invoiceEvent('invoice.voided'),
];
