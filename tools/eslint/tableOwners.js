/**
 * Who owns each table: the only place (a business area under src/server/features, or a platform
 * module under src/server) whose code may query it. Others ask the owner, through its public face.
 * The lint rule `portal/table-ownership` reads this map; a test keeps it equal to the `Database` type.
 */
export const tableOwners = {
  // Identity and sessions: better-auth's tables, renamed (src/server/auth).
  users: 'auth',
  auth_session: 'auth',
  auth_identity: 'auth',
  // Tenancy: who belongs to which account; every area's policy asks it (src/server/access).
  accounts: 'access',
  account_members: 'access',
  impersonations: 'access',
  audit_log: 'audit',
  jobs: 'jobs',
  job_schedules: 'jobs',
  platform_events: 'events',
  mail_outbox: 'integrations/mail',
  payment_events: 'integrations/payments',
  test_payment_objects: 'integrations/payments',
  sandbox_registrar_domains: 'integrations/registrars',

  invitations: 'features/invitations',
  tickets: 'features/tickets',
  ticket_replies: 'features/tickets',
  products: 'features/catalog',
  prices: 'features/catalog',
  subscriptions: 'features/billing',
  invoices: 'features/billing',
  invoice_lines: 'features/billing',
  checkout_sessions: 'features/billing',
  domains: 'features/domains',
  domain_status_counts: 'features/domains',
  domain_orders: 'features/domains',
  domain_order_attempts: 'features/domains',
  domain_order_day_counts: 'features/domains',
  domain_order_status_counts: 'features/domains',
  domain_order_account_counts: 'features/domains',
  domain_expiry_notices: 'features/domains',
  domain_suppliers: 'features/domains',
  supplier_tld_costs: 'features/domains',
  tld_markups: 'features/domains',
  webhooks: 'features/events',
  event_flows: 'features/events',
  webhook_deliveries: 'features/events',
  webhook_delivery_attempts: 'features/events',
};


/**
 * Reads that still reach into another owner's table, written before the rule: each file with the
 * tables it may still name. The list only shrinks (tools/eslint/tableOwnership.test.ts fails on an
 * entry that is no longer needed); a new file or table here is not how a new need is met.
 */
export const pendingReads = {
  'src/server/auth/caller.ts': ['impersonations'],
  'src/server/features/accounts/repository.ts': ['account_members', 'accounts', 'users'],
  'src/server/features/billing/accountBillingRepository.ts': ['accounts', 'users'],
  'src/server/features/billing/checkout/repository.ts': ['prices', 'products'],
  'src/server/features/billing/invoices/repository.ts': ['account_members'],
  'src/server/features/billing/subscriptionRepository.ts': ['prices', 'products'],
  'src/server/features/catalog/repository.ts': ['subscriptions'],
  'src/server/features/dashboard/repository.ts': ['accounts', 'invoices', 'subscriptions', 'tickets'],
  'src/server/features/domains/expiry/repository.ts': ['accounts', 'users'],
  'src/server/features/domains/fulfilment/repository.ts': ['accounts', 'users'],
  'src/server/features/domains/orders/queries.ts': ['accounts', 'checkout_sessions'],
  'src/server/features/events/engine/dispatcher.ts': ['platform_events'],
  'src/server/features/invitations/repository.ts': ['account_members', 'accounts', 'users'],
  'src/server/features/members/repository.ts': ['account_members', 'accounts', 'users'],
  'src/server/features/profile/repository.ts': ['account_members', 'users'],
  'src/server/integrations/payments/checkoutSessions.ts': ['checkout_sessions'],
  'src/server/integrations/payments/testMode/testProvider.ts': ['prices', 'products', 'users'],
};
