import { TEST_SESSION_NOT_FOUND } from '../../../common/testPayments/contract.ts';
import { administers, roleIn } from '../../access/accountAccess.ts';
import { isLiveCheckout } from '../../integrations/payments/testMode/testCheckout.ts';
import { readTestObject, type TestCheckoutRecord, type TestPortalRecord } from '../../integrations/payments/testMode/testObjects.ts';
import { isLivePortal } from '../../integrations/payments/testMode/testPortal.ts';
import type { Caller, Services } from '../../rpc/context.ts';
import { notFound } from '../../rpc/errors.ts';

/**
 * A test-mode session (the stand-in for Stripe's hosted pages) is for the user who started it
 * and nobody else. Everything else answers NOT_FOUND, exactly as an unknown or ended session
 * does, so a guessed id tells nothing; so does Stripe mode, which has no such sessions.
 */
export function mayUseTestCheckout(caller: Caller, session: Pick<TestCheckoutRecord, 'userId' | 'metadata'>): boolean {
  // An operator acting as an account reaches only that account's sessions, their own included.
  return session.userId === caller.userId && (!caller.actingAs || caller.actingAs.accountId === session.metadata.accountId);
}

export async function requireOwnTestCheckout(services: Services, caller: Caller, sessionId: string, now: number): Promise<TestCheckoutRecord> {
  if (services.payments.mode !== 'test') throw notFound(TEST_SESSION_NOT_FOUND);
  const session = await readTestObject<TestCheckoutRecord>(services.db, 'checkout_session', sessionId);
  if (!session || !mayUseTestCheckout(caller, session) || !isLiveCheckout(session, now)) throw notFound(TEST_SESSION_NOT_FOUND);
  return session;
}

/** The portal acts on the account's payment details: only while its user still administers the account. */
export async function requireOwnTestPortal(services: Services, caller: Caller, portalSessionId: string, now: number): Promise<TestPortalRecord> {
  if (services.payments.mode !== 'test') throw notFound(TEST_SESSION_NOT_FOUND);
  const portal = await readTestObject<TestPortalRecord>(services.db, 'portal_session', portalSessionId);
  if (!portal || portal.userId !== caller.userId || !isLivePortal(portal, now)) throw notFound(TEST_SESSION_NOT_FOUND);
  if (!administers(await roleIn(services.db, caller, portal.accountId))) throw notFound(TEST_SESSION_NOT_FOUND);
  return portal;
}
