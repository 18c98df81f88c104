import type { Kysely } from 'kysely';
import type { AccountRole } from '../../../common/constants.ts';
import { BILLING_EDIT_DENIED, BILLING_MANAGE_DENIED, INVOICE_NOT_FOUND } from '../../../common/billing/contract.ts';
import { administers, effectiveRole, requireMember } from '../../access/accountAccess.ts';
import type { Database } from '../../db/schema.ts';
import type { Caller } from '../../rpc/context.ts';
import { notFound, permissionDenied } from '../../rpc/errors.ts';
import { findInvoiceAccessFacts } from './invoices/repository.ts';

/**
 * Every member of an account reads its billing (profile, subscriptions, invoices): the
 * dashboard already shows members the last invoice. A global super admin who is not a member
 * is an outsider here, unless impersonating the account (then an admin of it, audited).
 */
export function requireBillingReader(db: Kysely<Database>, caller: Caller, accountId: string): Promise<AccountRole> {
  return requireMember(db, caller, accountId);
}

/** Whether the caller's role lets them change the account's billing (the answers' `canEdit`). */
export const mayManageBilling = (role: AccountRole | null): boolean => administers(role);

/** Only the owner and account admins save the billing profile; a member gets the spec's text. */
export async function requireBillingEditor(db: Kysely<Database>, caller: Caller, accountId: string): Promise<AccountRole> {
  const role = await requireMember(db, caller, accountId);
  if (!mayManageBilling(role)) throw permissionDenied(BILLING_EDIT_DENIED);
  return role;
}

/** Starting a checkout and opening the payment portal spend the account's money: owner and admins only. */
export async function requireBillingManager(db: Kysely<Database>, caller: Caller, accountId: string): Promise<AccountRole> {
  const role = await requireMember(db, caller, accountId);
  if (!mayManageBilling(role)) throw permissionDenied(BILLING_MANAGE_DENIED);
  return role;
}

/**
 * An invoice is readable by the members of its account. Anyone else gets NOT_FOUND, exactly as
 * for an id that does not exist, so a guessed id tells nothing. Answers the invoice's account.
 */
export async function requireInvoiceAccess(db: Kysely<Database>, caller: Caller, invoiceId: string): Promise<{ accountId: string }> {
  const facts = await findInvoiceAccessFacts(db, invoiceId, caller.userId);
  if (!facts || effectiveRole(caller, facts.account_id, facts.caller_role ?? null) === null) throw notFound(INVOICE_NOT_FOUND);
  return { accountId: facts.account_id };
}
