/** The sentences and constants of the back office's audit log (issue 8); pages import these, never zod. */

export const AUDIT_PAGE_SIZE = 50;
export const AUDIT_PAGE_MAX = 100;
export const INVALID_AUDIT_CURSOR = 'The page cursor is not valid. Reload the list.';
export const INVALID_DATE_RANGE = 'The start date must not be after the end date.';

export const NO_AUDIT_ENTRIES = 'No audit entries found matching your criteria';
export const NO_AUDIT_ENTRIES_HINT = 'Every back-office change and every act done while impersonating is recorded here. Clear the filters to see every entry.';
export const FAILED_TO_LOAD_AUDIT = 'Failed to load the audit log';

/** Stands in for a secret (a token, a password, a transfer code) should a writer ever put one in an entry's data. */
export const HIDDEN_VALUE = '[hidden]';

/** Readable names of the actions the portal records; an action not listed here shows as written. */
export const AUDIT_ACTION_LABELS: Record<string, string> = {
  'account.created': 'Account created',
  'account.updated': 'Account updated',
  'account.deleted': 'Account deleted',
  'account.ticket_access_changed': "Removed members' ticket access changed",
  'billing.checkout_started': 'Checkout started',
  'billing.portal_opened': 'Billing portal opened',
  'billing.profile_updated': 'Billing profile updated',
  'catalog.price_saved': 'Price saved',
  'catalog.product_saved': 'Product saved',
  'catalog.synced': 'Catalog synced',
  'domain.synced': 'Domain synced',
  'event.collected': 'Event collected',
  'event.test_sent': 'Test event sent',
  'domain.transfer_code_revealed': 'Transfer code revealed',
  'domain.updated': 'Domain updated',
  'domain.verified': 'Domain verified against its supplier and registry',
  'domain.corrected': 'Domain record corrected',
  'domain.contacts_updated': 'Domain contacts changed by an operator',
  'domain.nameservers_updated': 'Domain nameservers changed by an operator',
  'domain.registrar_change_unknown': 'Domain change sent to the registrar, outcome unknown',
  'domain.created': 'Domain added to the inventory',
  'domain.deleted': 'Domain deleted from the inventory',
  'domain.account_changed': 'Domain moved to another account',
  'domain_order.cancelled': 'Domain order cancelled',
  'domain_order.checkout_started': 'Domain order checkout started',
  'domain_order.created': 'Domain order created',
  'flow.activated': 'Event flow switched on',
  'flow.created': 'Event flow created',
  'flow.deactivated': 'Event flow switched off',
  'flow.deleted': 'Event flow deleted',
  'flow.duplicated': 'Event flow duplicated',
  'flow.quick_setup': 'Quick setup flows created',
  'flow.updated': 'Event flow updated',
  'domains.tld_sync': 'TLD prices synced',
  'domains.portfolio_sync_requested': 'Portfolio sync run by hand',
  'domains.whmcs_import_previewed': 'WHMCS import previewed',
  'domains.whmcs_imported': 'WHMCS import applied',
  'domains.whmcs_import_failed': 'WHMCS import failed part-way',
  'hosting.step_requested': 'Hosting step run by hand',
  'hosting.step_retried': 'Provisioning step retried',
  'hosting.step_resolved': 'Provisioning step marked done by hand',
  'hosting.accounts_import_previewed': 'Hosting server accounts previewed for import',
  'hosting.accounts_imported': 'Hosting server accounts imported',
  'registrars.supplier_activated': 'Supplier activated',
  'registrars.supplier_deactivated': 'Supplier deactivated',
  'registrars.api_tested': 'Registrar API tested',
  'registrars.domains_synced': 'Supplier domains synced into the inventory',
  'hosting.server_added': 'Hosting server added',
  'hosting.server_updated': 'Hosting server changed',
  'hosting.server_deleted': 'Hosting server deleted',
  'hosting.server_tested': 'Hosting server connection tested',
  'hosting.group_added': 'Server group added',
  'hosting.group_updated': 'Server group changed',
  'hosting.group_deleted': 'Server group deleted',
  'hosting.product_mapped': 'Product mapped to a panel package',
  'hosting.product_unmapped': 'Product panel mapping removed',
  'order.bulk_retry': 'Orders retried (request)',
  'order.cancel_found_done': 'Cancel found the name registered: order completed',
  'order.retry_found_done': 'Retry found the name registered: order completed',
  'order.manually_completed': 'Order completed by hand',
  'order.refund_refused': 'Order refund refused by the provider',
  'order.refund_started': 'Order refund asked of the provider',
  'order.retried': 'Order retried',
  'order.status_changed': 'Order status changed',
  'impersonation.started': 'Impersonation started',
  'impersonation.stopped': 'Impersonation stopped',
  'impersonation.expired': 'Impersonation expired',
  'impersonation.revoked': 'Impersonation ended: operator lost access',
  'invitation.sent': 'Invitation sent',
  'invitation.accepted': 'Invitation accepted',
  'invitation.revoked': 'Invitation revoked',
  'member.removed': 'Member removed',
  'member.role_changed': 'Member role changed',
  'passkey.renamed': 'Passkey renamed',
  'passkey.removed': 'Passkey removed',
  'profile.updated': 'Profile updated',
  'profile.session_ended': 'Session signed out',
  'profile.other_sessions_ended': 'Other sessions signed out',
  'session.active_account_set': 'Active account switched',
  'test_payment.cancel_at_period_end_set': 'Test portal: cancel at period end',
  'test_payment.card_updated': 'Test portal: card updated',
  'test_payment.checkout_canceled': 'Test checkout cancelled',
  'test_payment.checkout_paid': 'Test checkout paid',
  'test_payment.renewed': 'Test portal: renewed now',
  'ticket.created': 'Ticket created',
  'ticket.replied': 'Ticket replied',
  'ticket.closed': 'Ticket closed',
  'ticket.staff_replied': 'Staff replied to ticket',
  'ticket.status_changed': 'Ticket status changed',
  'hosting.sso_opened': 'Control panel opened (single sign-on)',
  'hosting.sso_opened_by_operator': 'Control panel opened by an operator as the customer',
  'hosting.password_change_requested': 'Hosting password change requested',
  'mail.outbox_listed': 'Mail outbox read',
  'mail.message_read': 'Mail message opened',
  'user.details_updated': 'User details updated',
  'user.global_role_changed': 'Global role changed',
  'user.password_reset_sent': 'Password reset sent',
  'user.disabled': 'User disabled',
  'user.enabled': 'User enabled',
  'user.second_factor_reset': 'Two-factor authentication reset',
  'user.sessions_ended': 'Signed out everywhere',
  'webhook_delivery.replayed': 'Failed webhook deliveries replayed',
  'webhook_delivery.resent': 'Webhook delivery resent',
  'webhook.activated': 'Webhook switched on',
  'webhook.created': 'Webhook created',
  'webhook.deactivated': 'Webhook switched off',
  'webhook.deleted': 'Webhook deleted',
  'webhook.duplicated': 'Webhook duplicated',
  'webhook.secret_rotated': 'Webhook secret rotated',
  'webhook.updated': 'Webhook updated',
};

export function auditActionLabel(action: string): string {
  return AUDIT_ACTION_LABELS[action] ?? action;
}

/** The action filter matches by prefix, so an area ("user.") picks all of its actions. */
export const AUDIT_ACTION_OPTIONS = [
  ...[...new Set(Object.keys(AUDIT_ACTION_LABELS).map((a) => a.split('.')[0]))].sort()
    .map((area) => ({ value: `${area}.`, label: `Any ${area.replace('_', ' ')} action` })),
  ...Object.entries(AUDIT_ACTION_LABELS).sort(([a], [b]) => a.localeCompare(b)).map(([value, label]) => ({ value, label: `${label} (${value})` })),
];

export const AUDIT_TARGET_TYPES = [
  'user', 'account', 'account_member', 'domain', 'domain_order', 'domain_supplier', 'ticket', 'invitation', 'checkout_session',
  'subscription', 'payment_customer', 'catalog', 'product', 'price', 'webhook', 'webhook_delivery', 'event_flow', 'event',
  'portfolio_sync',
  'whmcs_import',
  'hosting_import',
  'mail_outbox', 'mail_message',
  'hosting_server', 'hosting_server_group',
  'hosting_service', 'hosting_step',
] as const;

/** The back-office page of a target, for the types that have one. */
const TARGET_PAGES: Record<string, string> = {
  user: '/super-admin/users/', account: '/super-admin/accounts/', domain_order: '/super-admin/orders/', ticket: '/super-admin/tickets/',
  webhook_delivery: '/super-admin/events/deliveries/',
};

export function auditTargetPath(targetType: string, targetId: string | null): string | null {
  const base = TARGET_PAGES[targetType];
  return base && targetId ? base + encodeURIComponent(targetId) : null;
}

const domainNameIn = (data: unknown): string | null => {
  const name = (data as { domain?: unknown } | null)?.domain;
  return typeof name === 'string' && name !== '' ? name : null;
};

/**
 * The page of an entry's target. A domain's page is keyed by its name, which its entries record
 * in their data (the target id is the row's id, which names nothing once the row is deleted).
 */
export function auditEntryTargetPath(entry: { targetType: string; targetId: string | null; before?: unknown; after?: unknown }): string | null {
  if (entry.targetType === 'domain') {
    const name = domainNameIn(entry.after) ?? domainNameIn(entry.before);
    return name ? `/super-admin/domains/${encodeURIComponent(name)}` : null;
  }
  return auditTargetPath(entry.targetType, entry.targetId);
}
