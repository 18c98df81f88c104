import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { GlobalRole } from '../../common/constants.ts';
import type { Clock } from '../clock.ts';
import type { Config } from '../config.ts';
import type { Dialect } from '../db/connection.ts';
import type { Tx } from '../db/transaction.ts';
import type { Database } from '../db/schema.ts';
import type { Mailer } from '../integrations/mail/mailer.ts';
import type { JobQueue } from '../jobs/queue.ts';
import type { PaymentEvent } from '../integrations/payments/events.ts';
import type { PaymentProvider } from '../integrations/payments/provider.ts';
import type { ReceiveResult } from '../integrations/payments/receiveEvent.ts';
import type { Registrar } from '../integrations/registrars/registrar.ts';
import type { DomainLookupClient } from '../integrations/whois/domainLookup.ts';
import type { LiveBus } from '../live/bus.ts';

/**
 * A global super admin acting as a customer account (impersonation), tied to the operator's
 * session. The access module treats the operator as an admin of that account and of no other.
 */
export interface ActingAs {
  accountId: string;
  operatorUserId: string;
  operatorEmail: string;
  reason: string;
  startedAt: string;
  /** The operator's own active account before the impersonation, restored when it stops. */
  originalAccountId: string | null;
}

/** The signed-in user a request acts for. */
export interface Caller {
  userId: string;
  email: string;
  name: string;
  globalRole: GlobalRole;
  /** Whether the user proved their e-mail address (the e-mailed link, or Google's word). */
  emailVerified: boolean;
  sessionId: string;
  /** When the session ends unless activity slides it on (epoch ms): the sliding or the absolute limit. */
  sessionEndsAt: number;
  /** Set while a global super admin impersonates an account in this session. */
  actingAs: ActingAs | null;
  /** REQUIRE_ADMIN_2FA: a global super admin without a second factor, who may only enrol (rpc/plugin.ts). */
  mustEnrolSecondFactor?: boolean;
}

/** Long-lived collaborators shared by every handler. */
export interface Services {
  db: Kysely<Database>;
  dialect: Dialect;
  config: Config;
  /** Business time: what rows are stamped with, what has expired or fallen due. */
  clock: Clock;
  mailer: Mailer;
  jobs: JobQueue;
  /** Tells open pages that data changed, after the write's commit. */
  live: LiveBus;
  log: FastifyBaseLogger;
  /** Stripe or the built-in test mode (config.paymentMode). */
  payments: PaymentProvider;
  /** The domain suppliers: the sandbox, and each configured registrar. */
  registrars: Registrar[];
  /** RDAP (with WHOIS fallback) lookups of any domain, for Sync. */
  domainLookup: DomainLookupClient;
  /** Sends the password-reset e-mail of the public "forgot password" (better-auth issues the token); web processes only. */
  requestPasswordReset(email: string): Promise<void>;
  /** Applies a payment-provider event once, with every area's handlers (Stripe's webhook and test mode both end here). */
  receivePaymentEvent(event: PaymentEvent): Promise<ReceiveResult>;
}

export interface FunctionContext {
  caller: Caller | null;
  services: Services;
  requestId: string;
  log: FastifyBaseLogger;
  /** The caller's address as the app reads it (behind trusted proxies, the forwarded one): a panel's one-time login is bound to it. */
  clientIp?: string;
}

/** A context whose caller is known to be signed in (access 'user' or 'back_office'). */
export interface SignedInContext extends FunctionContext {
  caller: Caller;
}

/**
 * A back-office write's unit of work: the protocol commits it only if the handler recorded an
 * audit entry in it (src/server/audit).
 */
export interface BackOfficeWriteContext extends SignedInContext {
  tx: Tx;
}

/**
 * A back-office write that calls an outside system (payment provider, registrars): no
 * transaction is open while it runs, so the call holds no connection or lock. It decides from
 * committed data, calls, then records the outcome in short units of work, each committed only
 * with its audit entry.
 */
export interface BackOfficeCallContext extends SignedInContext {
  unitOfWork<T>(work: (unit: BackOfficeWriteContext) => Promise<T>): Promise<T>;
}

/** The operator as audit entries and the rows they create name them. */
export const operatorOf = (ctx: SignedInContext) => ({ userId: ctx.caller.userId, email: ctx.caller.email });
