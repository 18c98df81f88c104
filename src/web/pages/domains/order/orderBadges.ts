import type { OrderStatus, PaymentStatus, RegistrationStatus } from '../../../../common/domains/orders.ts';

/** Green done, red failed, yellow waiting on the customer, blue waiting on us, grey over. */
export const ORDER_STATUS_COLORS: Record<OrderStatus, string> = {
  pending_payment: 'yellow', processing: 'blue', completed: 'green', failed: 'red', requires_manual_processing: 'orange', cancelled: 'gray',
};
export const PAYMENT_STATUS_COLORS: Record<PaymentStatus, string> = { pending: 'yellow', paid: 'green', failed: 'red', refunded: 'grape' };
export const PAYMENT_STATUS_LABELS: Record<PaymentStatus, string> = { pending: 'Pending', paid: 'Paid', failed: 'Failed', refunded: 'Refunded' };
export const REGISTRATION_STATUS_COLORS: Record<RegistrationStatus, string> = { pending: 'gray', registered: 'green', failed: 'red' };
export const REGISTRATION_STATUS_LABELS: Record<RegistrationStatus, string> = { pending: 'Pending', registered: 'Registered', failed: 'Failed' };
