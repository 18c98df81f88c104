import type { AccountRole } from '../../common/constants.ts';
import type { FragmentScope, IdRef } from '../db/fragment.ts';

/**
 * Tenancy's reads that other areas put inside their own queries: a correlated subquery on
 * accounts or account_members that the owner writes, so a list keeps its one round trip while
 * the table stays the owner's (tools/eslint/tableOwners.js). `id` is the caller's column,
 * e.g. `eb.ref('t.account_id')`. Each is an indexed lookup by primary key or membership key.
 */

export function accountName(eb: FragmentScope, id: IdRef) {
  return eb.selectFrom('accounts').select('accounts.name').where('accounts.id', '=', id).$asScalar();
}

export function accountOwnerId(eb: FragmentScope, id: IdRef) {
  return eb.selectFrom('accounts').select('accounts.owner_id').where('accounts.id', '=', id).$asScalar();
}

/** How many members the account has. */
export function memberCount(eb: FragmentScope, accountId: IdRef) {
  return eb.selectFrom('account_members').select((m) => m.fn.countAll<number | string>().as('n'))
    .where('account_members.account_id', '=', accountId).$asScalar();
}

/** How many accounts the user belongs to. */
export function membershipCount(eb: FragmentScope, userId: IdRef) {
  return eb.selectFrom('account_members').select((m) => m.fn.countAll<number | string>().as('n'))
    .where('account_members.user_id', '=', userId).$asScalar();
}

/** The user's role in the account, null when not a member. */
export function memberRole(eb: FragmentScope, accountId: IdRef, userId: string | IdRef) {
  return eb.selectFrom('account_members').select('account_members.role')
    .where('account_members.account_id', '=', accountId).where('account_members.user_id', '=', userId)
    .$asScalar().$castTo<AccountRole | null>();
}

/** The accounts the user belongs to, for `where(column, 'in', ...)`. */
export function accountIdsOf(eb: FragmentScope, userId: string | IdRef) {
  return eb.selectFrom('account_members').select('account_members.account_id').where('account_members.user_id', '=', userId);
}

export function accountBillingEmail(eb: FragmentScope, id: IdRef) {
  return eb.selectFrom('accounts').select('accounts.billing_email').where('accounts.id', '=', id).$asScalar();
}

/**
 * The impersonations still open, as a table to left-join on `session_id` (impersonations_open_session):
 * the session's acting-as comes with the caller's own one query.
 */
export function openImpersonations(eb: FragmentScope) {
  return eb.selectFrom('impersonations')
    .select(['impersonations.session_id', 'impersonations.account_id', 'impersonations.reason', 'impersonations.started_at',
      'impersonations.original_account_id'])
    .where('impersonations.ended_at', 'is', null);
}

/** What the account lets a removed member keep of the tickets they wrote there ('read_only' or 'none'). */
export function removedMemberTicketAccess(eb: FragmentScope, accountId: IdRef) {
  return eb.selectFrom('accounts').select('accounts.removed_member_ticket_access').where('accounts.id', '=', accountId).$asScalar();
}
