/**
 * The platform's event catalogue: every type the portal records, by category (spec: user,
 * payment, order, domain, system, support, admin), each with what it means and its payload,
 * field by field, as the code records it. The flow designer, the test sender and webhook
 * receivers read this; recording an unknown type is a programming error caught by the type
 * checker, and a test scans the server for types missing here (catalogue.test.ts).
 *
 * Every event also carries, outside its payload: id, type, severity, source, accountId (the
 * account it concerns, null for none), the actor (user id, and the account an operator was
 * acting as), correlationId and createdAt.
 */
import type { EventCategoryName } from '../../common/admin/webhooks/texts.ts';

/** Payload fields shared by several domain-order events. */
const ORDER = {
  orderId: 'The domain order\'s id.',
  domain: 'The domain name, lower case.',
} as const;

/** Payload fields shared by the hosting lifecycle's events (never a password or credential). */
const HOSTING = {
  serviceId: 'The hosting service\'s id.',
  username: 'The account\'s username on the panel.',
  serverId: 'The server it lives on.',
  productName: 'The plan\'s name.',
  action: 'The lifecycle step: create, suspend, unsuspend, terminate, change_package or change_password.',
} as const;

export const eventCatalogue = {
  // user
  'user.signed_up': {
    category: 'user', description: 'A person created a user (sign-up with e-mail and password, or the first Google sign-in).',
    payload: { userId: 'The new user\'s id.', email: 'The address signed up with, lower case.', name: 'The display name given.', emailVerified: 'Whether the address was already proven when the user was created (true for a Google sign-in; an e-mail sign-up proves it later by its link).' },
  },
  'user.account.created': {
    category: 'user', description: 'A customer account was created (by its owner, or by an operator in the back office).',
    payload: { accountId: 'The new account\'s id.', name: 'The account\'s name.' },
  },
  'user.account.deleted': {
    category: 'user', description: 'An operator deleted an account; its domains were moved to another account or deleted with it.',
    payload: { accountId: 'The deleted account\'s id.', name: 'Its name.', domainsTransferredTo: 'The account that received its domains, or null when they were deleted.', domains: 'The names of its domains at the time, lower case.' },
  },
  'user.invitation.sent': {
    category: 'user', description: 'A member was invited to an account.',
    payload: { invitationId: 'The invitation\'s id.', email: 'The invitee\'s address, lower case.', role: 'The account role offered: super_admin (account admin) or member.' },
  },
  'user.invitation.accepted': {
    category: 'user', description: 'An invitation was accepted.',
    payload: { invitationId: 'The invitation\'s id.', role: 'The account role it gave.' },
  },
  'user.invitation.revoked': {
    category: 'user', description: 'Pending invitations were withdrawn: by an owner or admin, or because their sender was removed or lost the right to invite.',
    payload: { invitationIds: 'The withdrawn invitations\' ids.', cause: 'revoked (withdrawn by hand), sender_removed or sender_demoted.' },
  },
  'user.account.ownership_transferred': {
    category: 'user', description: 'An account\'s owner handed it to another member; the former owner stays as an account admin.',
    payload: { previousOwnerId: 'The former owner\'s user id.', newOwnerId: 'The new owner\'s user id.' },
  },
  'user.member.joined': {
    category: 'user', description: 'A user became a member of an account (by accepting an invitation).',
    payload: { userId: 'The new member\'s user id.', role: 'Their account role: super_admin (account admin) or member.', invitationId: 'The invitation accepted.' },
  },
  'user.role.updated': {
    category: 'user', description: 'A member\'s role in an account changed.',
    payload: { userId: 'The member\'s user id.', role: 'The new account role.' },
  },
  'user.member.removed': {
    category: 'user', description: 'A member was removed from an account.',
    payload: { userId: 'The removed member\'s user id.' },
  },
  'user.billing.updated': {
    category: 'user', description: 'An account\'s billing profile was changed.',
    payload: { changed: 'The fields that changed: any of billingName, billingEmail, billingAddress, taxId.' },
  },

  // payment
  'payment.checkout.completed': {
    category: 'payment', description: 'A customer completed a hosted checkout.',
    payload: {
      checkoutSessionId: 'The portal\'s checkout session id.', mode: 'payment (one-off) or subscription.', purpose: 'What the checkout was for: subscription or payment (a one-off charge such as a domain order).',
      amountTotal: 'The amount charged, in cents (null when the provider did not say).', currency: 'ISO currency, upper case (null when not given).',
    },
  },
  'payment.customer.created': {
    category: 'payment', description: 'An account got its payment-provider customer.',
    payload: { customerId: 'The provider\'s customer id (cus_…).' },
  },
  'payment.subscription.created': {
    category: 'payment', description: 'A subscription was started.',
    payload: {
      subscriptionId: 'The portal\'s subscription id.', status: 'The provider\'s status: active, trialing, past_due, …', productName: 'The plan\'s product name.',
      cancelAtPeriodEnd: 'Whether it ends at the end of the period.', currentPeriodEnd: 'ISO date-time the paid period ends (null when unknown).',
    },
  },
  'payment.subscription.updated': {
    category: 'payment', description: 'A subscription changed (status, period, cancel at period end).',
    payload: {
      subscriptionId: 'The portal\'s subscription id.', status: 'The new status.', productName: 'The plan\'s product name.',
      cancelAtPeriodEnd: 'Whether it ends at the end of the period.', currentPeriodEnd: 'ISO date-time the paid period ends (null when unknown).',
    },
  },
  'payment.subscription.canceled': {
    category: 'payment', description: 'A subscription ended.',
    payload: {
      subscriptionId: 'The portal\'s subscription id.', status: 'canceled.', productName: 'The plan\'s product name.',
      cancelAtPeriodEnd: 'Whether it had been set to end at the period end.', currentPeriodEnd: 'ISO date-time the last period ended (null when unknown).',
    },
  },
  'payment.invoice.paid': {
    category: 'payment', description: 'An invoice was paid.',
    payload: { invoiceId: 'The portal\'s invoice id.', number: 'The invoice number (null for a draft).', amountCents: 'The amount, in cents.', currency: 'ISO currency, upper case.' },
  },
  'payment.invoice.payment_failed': {
    category: 'payment', description: 'A payment of an invoice failed; its subscription is past due.',
    payload: {
      invoiceId: 'The portal\'s invoice id.', number: 'The invoice number (null for a draft).', amountCents: 'The amount due, in cents.', currency: 'ISO currency, upper case.',
      attempt: 'Which payment attempt failed (1 for the first).',
    },
  },

  // order
  'order.domain.created': {
    category: 'order', description: 'A domain registration or renewal order was placed; it awaits payment.',
    payload: {
      ...ORDER, kind: 'registration or renewal.', years: 'The period ordered, in years.', totalCents: 'The price for the whole period, in cents.', currency: 'ISO currency, upper case.',
      automatic: 'Present and true when the daily job placed an automatic renewal.',
    },
  },
  'order.domain.paid': {
    category: 'order', description: 'A domain order was paid; its registration job was queued.',
    payload: {
      ...ORDER, kind: 'registration or renewal.', paymentReference: 'The provider\'s payment reference.',
      amountCents: 'The amount paid, in cents (checkout payments).', currency: 'ISO currency, upper case.',
      totalCents: 'The amount charged, in cents (automatic renewals).', paymentMethod: 'How an automatic renewal was charged (automatic renewals).',
      automatic: 'Present and true for an automatic renewal charged to the saved payment method.',
    },
  },
  'order.domain.completed': {
    category: 'order', description: 'A domain order completed: the domain was registered or renewed.',
    payload: { ...ORDER, kind: 'registration or renewal.', supplierId: 'The registrar that carried it out.', expirationDate: 'ISO date-time the domain now expires.' },
  },
  'order.domain.failed': {
    category: 'order', description: 'A domain order failed at every supplier (or its payment failed); the reason is in the payload.',
    payload: {
      ...ORDER, reason: 'Why: the suppliers\' last error, the failed charge, or payment_amount_mismatch.', kind: 'registration or renewal (not on a payment mismatch).',
      attempts: 'How many supplier attempts were made (registration failures).', automatic: 'Present and true for a failed automatic renewal charge.',
      amountCents: 'What was paid, in cents (payment mismatch).', currency: 'What was paid in (payment mismatch).',
      totalCents: 'What the order costs, in cents (payment mismatch).', expectedCurrency: 'The order\'s currency (payment mismatch).',
    },
  },
  'order.domain.refunded': {
    category: 'order', description: 'A paid domain order was refunded through the payment provider; its invoice is marked and the billing contact told.',
    payload: {
      ...ORDER, kind: 'registration or renewal.', amountCents: 'The amount refunded, in cents.', currency: 'ISO currency, upper case.',
      refundId: 'The provider\'s refund id (null when nothing was taken at the provider: test mode\'s automatic renewals).',
      automatic: 'Present and true when the daily job refunded an automatic renewal the registrar kept refusing.',
    },
  },
  'order.domain.cancelled': {
    category: 'order', description: 'A domain order was cancelled before it was paid: by the customer, or because someone else took the name.',
    payload: { ...ORDER, reason: 'Why it was cancelled: customer or name_taken.' },
  },

  // domain
  'domain.registered': {
    category: 'domain', description: 'A domain was registered and added to an account.',
    payload: { ...ORDER, domainId: 'The domain\'s id in the portal.', supplierId: 'The registrar it is registered at.', expirationDate: 'ISO date-time it expires.' },
  },
  'domain.renewed': {
    category: 'domain', description: 'A domain was renewed; its new expiry is in the payload.',
    payload: { ...ORDER, domainId: 'The domain\'s id in the portal.', supplierId: 'The registrar that renewed it.', expirationDate: 'The new ISO expiry date-time.', years: 'The years added.' },
  },
  'domain.expiring': {
    category: 'domain', description: 'A domain expires soon; its billing contact was reminded (30 or 7 days).',
    payload: {
      domainId: 'The domain\'s id in the portal.', domain: 'The domain name, lower case.', expirationDate: 'ISO date-time it expires.', daysLeft: 'Whole days until then.',
      reminderDays: 'Which reminder this is: 30 or 7 days before.', autoRenew: 'Whether it will be renewed automatically.',
    },
  },
  'domain.expired': {
    category: 'domain', description: 'A domain passed its expiry date without renewal.',
    payload: { domainId: 'The domain\'s id in the portal.', domain: 'The domain name, lower case.', expirationDate: 'ISO date-time it expired.' },
  },
  'domain.synced': {
    category: 'domain', description: 'A domain was read again at its supplier and in RDAP.',
    payload: {
      domain: 'The domain name, lower case.', changed: 'The fields the sync changed (empty when it confirmed everything).',
      registrarError: 'Why the registrar could not be read, or null.', rdapError: 'Why RDAP could not be read, or null.',
    },
  },
  'domain.updated': {
    category: 'domain', description: 'A domain\'s settings changed: contacts, nameservers, lock, privacy or auto-renew.',
    payload: { domain: 'The domain name, lower case.', fields: 'The settings changed: any of contacts, nameservers, locked, privacy, autoRenew.' },
  },
  'domain.transfer_code.revealed': {
    category: 'domain', description: 'A domain\'s transfer (EPP) code was revealed to a member.',
    payload: { domain: 'The domain name, lower case (the code itself is never in an event).' },
  },

  // support
  'support.ticket.created': {
    category: 'support', description: 'A support ticket was opened.',
    payload: { ticketId: 'The ticket\'s id.', subject: 'Its subject.', priority: 'low, medium or high.' },
  },
  'support.ticket.replied': {
    category: 'support', description: 'A reply was added to a support ticket (by the customer or by staff).',
    payload: { ticketId: 'The ticket\'s id.', replyId: 'The reply\'s id.', byStaff: 'Whether support wrote it.', status: 'The ticket\'s status after the reply.' },
  },
  'support.ticket.answered': {
    category: 'support', description: 'Support answered a ticket (a staff reply); its author was e-mailed.',
    payload: { ticketId: 'The ticket\'s id.', replyId: 'The staff reply\'s id.', subject: 'The ticket\'s subject.', status: 'The ticket\'s status after the reply (answered unless staff chose another).' },
  },
  'support.ticket.status_changed': {
    category: 'support', description: 'A support ticket\'s status changed (staff, or the customer closing it).',
    payload: { ticketId: 'The ticket\'s id.', from: 'The status before.', to: 'The status now: open, answered, customer-reply or closed.' },
  },

  // admin
  'admin.product.saved': {
    category: 'admin', description: 'An operator created or changed a product.',
    payload: { productId: 'The product\'s id.', created: 'Whether it is new.', name: 'Its name.', active: 'Whether it is offered.' },
  },
  'admin.price.saved': {
    category: 'admin', description: 'An operator created or changed a price.',
    payload: { priceId: 'The price\'s id.', productId: 'Its product\'s id.', created: 'Whether it is new.', active: 'Whether it is offered.' },
  },
  'admin.catalog.synced': {
    category: 'admin', description: 'An operator synchronised the catalogue with the payment provider.',
    payload: {
      mode: 'stripe or test.', products: 'How many products the catalogue holds now.', prices: 'How many prices it holds now.',
      deactivated: 'Products and prices the provider no longer lists, made inactive ({products, prices}); null in test mode.',
    },
  },
  'admin.user.global_role_changed': {
    category: 'admin', description: 'An operator changed a user\'s global role (user or super_admin).',
    payload: { userId: 'The user\'s id.', email: 'Their address.', from: 'The global role before.', to: 'The global role now.' },
  },
  'admin.user.disabled': {
    category: 'admin', description: 'An operator disabled a user: sign-in refused, every session ended.',
    payload: { userId: 'The user\'s id.', email: 'Their address.', reason: 'The reason the operator gave.', sessionsEnded: 'How many sessions were ended.' },
  },
  'admin.user.enabled': {
    category: 'admin', description: 'An operator enabled a disabled user again.',
    payload: { userId: 'The user\'s id.', email: 'Their address.', reason: 'The reason the operator gave.', sessionsEnded: 'Always 0.' },
  },
  'admin.impersonation.started': {
    category: 'admin', description: 'An operator started acting as a customer account (impersonation, one hour at most).',
    payload: {
      operatorUserId: 'The operator\'s user id.', accountId: 'The account acted as.', reason: 'The reason given.', startedAt: 'ISO date-time it started.',
      previousAccountId: 'The account acted as before, when this switched accounts; null otherwise.',
    },
  },
  'admin.impersonation.ended': {
    category: 'admin', description: 'An impersonation ended: the operator stopped it, its hour ran out, or the operator was demoted or disabled.',
    payload: {
      operatorUserId: 'The operator\'s user id.', accountId: 'The account that was acted as.', reason: 'The reason it was started with.',
      endedBy: 'operator (stopped), expired (the hour ran out, closed by the next request) or revoked (the operator was demoted or disabled).',
    },
  },

  // hosting (issue 22): the lifecycle of a hosting account on a panel
  'hosting.service.activated': {
    category: 'hosting', description: 'A hosting account was created on its panel (or found there, made by an earlier attempt); the service is active and the welcome mail sent.',
    payload: { ...HOSTING, package: 'The package (plan, template) on the panel.' },
  },
  'hosting.service.suspended': {
    category: 'hosting', description: 'A hosting account was suspended on its panel.',
    payload: { ...HOSTING, reason: 'overdue (billing: lifted by payment) or operator (lifted only by an operator).', note: 'The operator\'s note, or null.' },
  },
  'hosting.service.unsuspended': {
    category: 'hosting', description: 'A suspended hosting account was restored on its panel.',
    payload: { ...HOSTING },
  },
  'hosting.service.terminated': {
    category: 'hosting', description: 'A hosting account was removed from its panel, with its data (or was found gone).',
    payload: { ...HOSTING },
  },
  'hosting.service.package_changed': {
    category: 'hosting', description: 'A hosting account moved to another package on its panel (an upgrade or downgrade).',
    payload: { ...HOSTING, previousPackage: 'The package before.', package: 'The package now.' },
  },
  'hosting.service.password_changed': {
    category: 'hosting', description: 'The password of a hosting account was changed on its panel (never carried in the event).',
    payload: { ...HOSTING },
  },
  'hosting.provisioning.failed': {
    category: 'hosting', description: 'A lifecycle step failed and went to the provisioning queue for an operator (Retry or Mark done).',
    payload: { ...HOSTING, stepId: 'The step\'s id.', message: 'The panel\'s reason, or ours.', attempts: 'Attempts made.' },
  },

  // system
  'system.webhook.degraded': {
    category: 'system', description: 'A webhook kept failing; its health became degraded.',
    payload: { webhookId: 'The webhook\'s id.', name: 'Its name.', url: 'Its address.', health: 'Its health now: degraded, error or disabled.', consecutiveFailures: 'Failed attempts in a row.' },
  },
  'system.webhook.failing': {
    category: 'system', description: 'A webhook kept failing; its health became error.',
    payload: { webhookId: 'The webhook\'s id.', name: 'Its name.', url: 'Its address.', health: 'Its health now: degraded, error or disabled.', consecutiveFailures: 'Failed attempts in a row.' },
  },
  'system.webhook.disabled': {
    category: 'system', description: 'A webhook failed for too long (or answered 410 Gone) and was switched off; the reason is in the payload.',
    payload: { webhookId: 'The webhook\'s id.', name: 'Its name.', url: 'Its address.', health: 'Its health now: degraded, error or disabled.', reason: 'Why it was switched off.', consecutiveFailures: 'Failed attempts in a row.' },
  },
  'system.webhook.recovered': {
    category: 'system', description: 'A webhook that was degraded or failing delivered again.',
    payload: { webhookId: 'The webhook\'s id.', name: 'Its name.', url: 'Its address.', health: 'Its health now (healthy).', consecutiveFailures: 'Failed attempts in a row (0).' },
  },
  // hosting
  'hosting.service.created': {
    category: 'hosting', description: 'A hosting plan\'s first payment made its service; the account on the panel is being created.',
    payload: {
      serviceId: 'The hosting service\'s id.', subscriptionId: 'The portal\'s subscription id.', productName: 'The plan\'s product name.',
      panel: 'The panel it lives on: cpanel, plesk, directadmin or proxmox.', domain: 'The primary domain given at checkout, lower case (null when none).',
    },
  },
} as const satisfies Record<string, CatalogueEntry>;

export type EventCategory = EventCategoryName;
export type EventType = keyof typeof eventCatalogue;
export type EventSeverity = 'info' | 'warning' | 'error' | 'critical';

export interface CatalogueEntry {
  category: EventCategory;
  description: string;
  /** Field name → what it holds. */
  payload: Record<string, string>;
}

export function isEventType(value: string): value is EventType {
  return Object.hasOwn(eventCatalogue, value);
}
