import type { PaymentEventHandler } from '../../integrations/payments/receiveEvent.ts';

/** The domains area's reactions to payment events (a domain order's checkout completed or expired). */
export const paymentEventHandlers: PaymentEventHandler[] = [];
