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
  'support.ticket.status_changed': { category: 'support', description: 'A support ticket\'s status changed (staff, or the customer closing it).' },
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
  'order.domain.created': { category: 'order', description: 'A domain registration or renewal order was placed; it awaits payment.' },
  'order.domain.paid': { category: 'order', description: 'A domain order was paid; its registration job was queued.' },
  'order.domain.completed': { category: 'order', description: 'A domain order completed: the domain was registered or renewed.' },
  'order.domain.failed': { category: 'order', description: 'A domain order failed at every supplier (or its payment failed); the reason is in the payload.' },
  'order.domain.cancelled': { category: 'order', description: 'A domain order was cancelled (its checkout expired unpaid, or an operator cancelled it).' },
  'domain.registered': { category: 'domain', description: 'A domain was registered and added to an account.' },
  'domain.renewed': { category: 'domain', description: 'A domain was renewed; its new expiry is in the payload.' },
  'domain.expiring': { category: 'domain', description: 'A domain expires soon; its billing contact was reminded (30 or 7 days).' },
  'domain.expired': { category: 'domain', description: 'A domain passed its expiry date without renewal.' },
  'domain.synced': { category: 'domain', description: 'A domain was read again at its supplier and in RDAP.' },
  'domain.updated': { category: 'domain', description: 'A domain\'s settings changed: contacts, nameservers, lock, privacy or auto-renew.' },
  'domain.transfer_code.revealed': { category: 'domain', description: 'A domain\'s transfer (EPP) code was revealed to a member.' },
  'system.webhook.degraded': { category: 'system', description: 'A webhook kept failing; its health became degraded.' },
  'system.webhook.failing': { category: 'system', description: 'A webhook kept failing; its health became error.' },
  'system.webhook.disabled': { category: 'system', description: 'A webhook failed for too long (or answered 410 Gone) and was switched off; the reason is in the payload.' },
  'system.webhook.recovered': { category: 'system', description: 'A webhook that was degraded or failing delivered again.' },
  'admin.catalog.synced': { category: 'admin', description: 'An operator synchronised the catalogue with the payment provider.' },
} as const satisfies Record<string, { category: EventCategory; description: string }>;

export type EventCategory = 'user' | 'payment' | 'order' | 'domain' | 'system' | 'support' | 'admin';
export type EventType = keyof typeof eventCatalogue;
export type EventSeverity = 'info' | 'warning' | 'error' | 'critical';
