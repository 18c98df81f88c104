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
  auth_two_factor: 'auth',
  auth_passkey: 'auth',
  auth_passkey_challenge: 'auth',
  sign_in_throttle: 'auth',
  auth_link_mail: 'auth',
  // Tenancy: who belongs to which account; every area's policy asks it (src/server/access).
  accounts: 'access',
  account_members: 'access',
  impersonations: 'access',
  audit_log: 'audit',
  jobs: 'jobs',
  job_schedules: 'jobs',
  work_runs: 'jobs',
  platform_events: 'events',
  mail_outbox: 'integrations/mail',
  payment_events: 'integrations/payments',
  test_payment_objects: 'integrations/payments',
  // Our record of each hosted checkout, whatever it pays for: billing's plans and the domains' orders both start
  // checkouts and find them again, so the payment integration that starts them keeps the rows.
  checkout_sessions: 'integrations/payments',
  sandbox_registrar_domains: 'integrations/registrars',

  invitations: 'features/invitations',
  tickets: 'features/tickets',
  ticket_replies: 'features/tickets',
  products: 'features/catalog',
  prices: 'features/catalog',
  subscriptions: 'features/billing',
  hosting_server_groups: 'features/hosting',
  hosting_servers: 'features/hosting',
  hosting_products: 'features/hosting',
  hosting_services: 'features/hosting',
  hosting_steps: 'features/hosting',
  hosting_attempts: 'features/hosting',
  hosting_order_fields: 'features/hosting',
  invoices: 'features/billing',
  invoice_lines: 'features/billing',
  domains: 'features/domains',
  domain_status_counts: 'features/domains',
  domain_orders: 'features/domains',
  domain_order_attempts: 'features/domains',
  domain_order_day_counts: 'features/domains',
  domain_order_status_counts: 'features/domains',
  domain_order_account_counts: 'features/domains',
  domain_expiry_notices: 'features/domains',
  domain_suppliers: 'features/domains',
  domain_portfolio_differences: 'features/domains',
  domain_portfolio_checks: 'features/domains',
  supplier_tld_costs: 'features/domains',
  supplier_tld_year_costs: 'features/domains',
  supplier_cost_holds: 'features/domains',
  tld_markups: 'features/domains',
  webhooks: 'features/events',
  event_flows: 'features/events',
  webhook_deliveries: 'features/events',
  webhook_delivery_attempts: 'features/events',
};

