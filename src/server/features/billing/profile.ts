import type { AccountRole } from '../../../common/constants.ts';
import { BILLING_PROFILE_SAVED, type BillingProfile, type SubscriptionSummary } from '../../../common/billing/contract.ts';
import { liveTopics } from '../../../common/live.ts';
import { recordIfActingAs } from '../../audit/record.ts';
import { inTransaction } from '../../db/transaction.ts';
import { byCaller, recordEvent } from '../../events/recordEvent.ts';
import type { Caller, Services } from '../../rpc/context.ts';
import { notFound } from '../../rpc/errors.ts';
import { findBillingAccount, updateBillingProfile } from '../../access/accountBilling.ts';
import { toInvoiceSummary } from './invoices/invoices.ts';
import { listInvoicesOfAccount } from './invoices/repository.ts';
import { mayManageBilling } from './policy.ts';
import { listVisibleSubscriptions } from './subscriptionRepository.ts';

export const ACCOUNT_NOT_FOUND = 'Could not load account information.';

const profileOf = (row: { billing_name: string | null; billing_email: string | null; billing_address: string | null; tax_id: string | null }): BillingProfile => ({
  billingName: row.billing_name ?? '', billingEmail: row.billing_email ?? '', billingAddress: row.billing_address ?? '', taxId: row.tax_id ?? '',
});

/** Call only after the billing policy has admitted the caller; `role` is what it answered. */
export async function billingOverview({ db, payments }: Pick<Services, 'db' | 'payments'>, accountId: string, role: AccountRole) {
  const [account, subscriptions, [latest]] = await Promise.all([
    findBillingAccount(db, accountId),
    listVisibleSubscriptions(db, accountId),
    listInvoicesOfAccount(db, accountId, 1, null),
  ]);
  if (!account) throw notFound(ACCOUNT_NOT_FOUND);
  return {
    account: { id: account.id, name: account.name },
    profile: profileOf(account),
    customerId: account.stripe_customer_id,
    canEdit: mayManageBilling(role),
    paymentMode: payments.mode,
    subscriptions: subscriptions.map((s): SubscriptionSummary => ({
      id: s.id, productName: s.product_name, status: s.status, unitAmount: Number(s.unit_amount), currency: s.currency,
      interval: s.interval, currentPeriodEnd: s.current_period_end, cancelAtPeriodEnd: s.cancel_at_period_end,
      canceledAt: s.canceled_at,
    })),
    latestInvoice: latest ? toInvoiceSummary(latest) : null,
  };
}

/**
 * Saves the four fields (the contract trimmed them and lower-cased the e-mail); an empty
 * optional field is stored as absent. Pages open on the account's billing are told to refetch.
 */
export async function saveBillingProfile({ db, live, log, clock }: Pick<Services, 'db' | 'live' | 'log' | 'clock'>, caller: Caller, accountId: string, profile: BillingProfile) {
  await inTransaction(db, async (tx) => {
    const before = await findBillingAccount(tx.db, accountId);
    if (!before) throw notFound(ACCOUNT_NOT_FOUND);
    const now = clock.nowIso();
    await updateBillingProfile(tx.db, accountId, {
      billingName: profile.billingName || null, billingEmail: profile.billingEmail, billingAddress: profile.billingAddress || null,
      taxId: profile.taxId || null, now,
    });
    const previous = profileOf(before);
    const changed = (Object.keys(profile) as (keyof BillingProfile)[]).filter((field) => previous[field] !== profile[field]);
    await recordEvent(tx, { type: 'user.billing.updated', accountId, actor: byCaller(caller), payload: { changed }, at: now });
    await recordIfActingAs(tx, caller, {
      action: 'billing.profile_updated', target: { type: 'account', id: accountId }, before: previous, after: profile, at: now,
    });
    live.publish(tx, liveTopics.billing(accountId), 'billing.changed');
  }, log);
  return { success: true as const, message: BILLING_PROFILE_SAVED, profile };
}
