import type { PaymentEventHandler } from '../../integrations/payments/receiveEvent.ts';

/** Product and price events: the catalogue follows the provider's. */
export const paymentEventHandlers: PaymentEventHandler[] = [];
