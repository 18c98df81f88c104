import type { PaymentEventHandler } from '../integrations/payments/receiveEvent.ts';
import { paymentEventHandlers as billing } from './billing/paymentEvents.ts';
import { paymentEventHandlers as catalog } from './catalog/paymentEvents.ts';
import { paymentEventHandlers as domains } from './domains/orders/paymentEvents.ts';

/** Every area's reactions to payment-provider events, in the order they run within one event. */
export const paymentEventHandlers: PaymentEventHandler[] = [...catalog, ...billing, ...domains];
