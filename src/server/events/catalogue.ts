/**
 * The platform's event catalogue: every type the portal records, by category (spec: user,
 * payment, order, domain, system, support, admin). Areas add their types here as they are built;
 * recording an unknown type is a programming error caught by the type checker.
 */
export const eventCatalogue = {
  'user.account.created': { category: 'user', description: 'A customer account was created.' },
  'user.invitation.sent': { category: 'user', description: 'A member was invited to an account.' },
  'user.invitation.accepted': { category: 'user', description: 'An invitation was accepted; the user joined the account.' },
  'user.role.updated': { category: 'user', description: 'A member\'s role in an account changed.' },
  'user.member.removed': { category: 'user', description: 'A member was removed from an account.' },
  'support.ticket.created': { category: 'support', description: 'A support ticket was opened.' },
  'support.ticket.replied': { category: 'support', description: 'A reply was added to a support ticket.' },
  'user.billing.updated': { category: 'user', description: 'An account\'s billing profile was changed.' },
  'payment.checkout.completed': { category: 'payment', description: 'A customer completed a hosted checkout.' },
  'payment.customer.created': { category: 'payment', description: 'An account got its payment-provider customer.' },
  'payment.subscription.created': { category: 'payment', description: 'A subscription was started.' },
  'payment.subscription.updated': { category: 'payment', description: 'A subscription changed (status, period, cancel at period end).' },
  'payment.subscription.canceled': { category: 'payment', description: 'A subscription ended.' },
  'payment.invoice.paid': { category: 'payment', description: 'An invoice was paid.' },
  'payment.invoice.payment_failed': { category: 'payment', description: 'A payment of an invoice failed; its subscription is past due.' },
  'admin.product.saved': { category: 'admin', description: 'An operator created or changed a product.' },
  'admin.price.saved': { category: 'admin', description: 'An operator created or changed a price.' },
  'admin.catalog.synced': { category: 'admin', description: 'An operator synchronised the catalogue with the payment provider.' },
} as const satisfies Record<string, { category: EventCategory; description: string }>;

export type EventCategory = 'user' | 'payment' | 'order' | 'domain' | 'system' | 'support' | 'admin';
export type EventType = keyof typeof eventCatalogue;
export type EventSeverity = 'info' | 'warning' | 'error' | 'critical';
