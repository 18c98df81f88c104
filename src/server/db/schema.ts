import type { IdentityTables } from './tables/identity.ts';
import type { TenancyTables } from './tables/tenancy.ts';
import type { InvitationTables } from './tables/invitations.ts';
import type { TicketTables } from './tables/tickets.ts';
import type { BillingTables } from './tables/billing.ts';
import type { CatalogTables } from './tables/catalog.ts';
import type { PaymentTables } from './tables/payments.ts';
import type { MailTables } from './tables/mail.ts';
import type { JobTables } from './tables/jobs.ts';
import type { AuditTables } from './tables/audit.ts';
import type { EventTables } from './tables/events.ts';
import type { RegistrarTables } from './tables/registrars.ts';
import type { DomainTables } from './tables/domains.ts';
import type { PasskeyTables } from './tables/passkeys.ts';
import type { HostingTables } from './tables/hosting.ts';

export * from './tables/columns.ts';
export * from './tables/identity.ts';
export * from './tables/tenancy.ts';
export * from './tables/invitations.ts';
export * from './tables/tickets.ts';
export * from './tables/billing.ts';
export * from './tables/catalog.ts';
export * from './tables/payments.ts';
export * from './tables/mail.ts';
export * from './tables/jobs.ts';
export * from './tables/audit.ts';
export * from './tables/events.ts';
export * from './tables/registrars.ts';
export * from './tables/domains.ts';
export * from './tables/passkeys.ts';

/** Every table, composed from each owner's row types (tables/); tools/eslint/tableOwners.js names the owners. */
export interface Database extends IdentityTables, TenancyTables, InvitationTables, TicketTables, BillingTables, CatalogTables, PaymentTables, MailTables, JobTables, AuditTables, EventTables, RegistrarTables, DomainTables, PasskeyTables, HostingTables {}
