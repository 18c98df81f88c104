import type { PaymentEventHandler } from '../../integrations/payments/receiveEvent.ts';

/** Checkout, subscription and invoice events. */
export const paymentEventHandlers: PaymentEventHandler[] = [];
