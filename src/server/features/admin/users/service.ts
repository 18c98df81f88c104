import type { Kysely } from 'kysely';
import {
  CANNOT_CHANGE_OWN_ROLE, CANNOT_DISABLE_SELF, EMAIL_TAKEN, LAST_SUPER_ADMIN, RECENT_ORDERS_SHOWN, USER_NOT_FOUND,
} from '../../../../common/admin/users/texts.ts';
import type { AdminUserDetails, SortOrder, UserSortField } from '../../../../common/admin/users/contract.ts';
import type { GlobalRole } from '../../../../common/constants.ts';
import { record } from '../../../audit/record.ts';
import { membershipsOfUser } from '../../../access/operatorAccounts.ts';
import {
  countSuperAdmins, endSessionsOf, findOperatorUser, findUserIdByEmail, type OperatorUser, signInFactsOf,
} from '../../../auth/operatorUsers.ts';
import { hasSecondFactor } from '../../../auth/secondFactor.ts';
import { pageOfUserSummaries } from '../../../auth/userList.ts';
import { lockSuperAdmins, setGlobalRole, setUserDisabled, updateUserDetails } from '../../../auth/users.ts';
import { byCaller, recordEvent } from '../../../events/recordEvent.ts';
import { endImpersonationsOfOperatorIn } from '../../../access/impersonation.ts';
import { announceAccessChanged } from '../../../live/accessChanges.ts';
import type { Database } from '../../../db/schema.ts';
import type { Db } from '../../../db/transaction.ts';
import { type BackOfficeWriteContext, operatorOf } from '../../../rpc/context.ts';
import { alreadyExists, failedPrecondition, notFound } from '../../../rpc/errors.ts';
import { decodeUserCursor, encodeUserCursor } from './userCursor.ts';
import { ordersOfUsersAccounts } from '../../domains/index.ts';

export interface UserListInput {
  limit: number;
  startAfter?: string | null;
  globalRole?: GlobalRole | null;
  email?: string | null;
  sortBy: UserSortField;
  sortOrder: SortOrder;
}

/** Keyset pagination: one extra row tells whether another page exists. */
export async function pageOfUsers(db: Kysely<Database>, input: UserListInput) {
  const after = input.startAfter ? decodeUserCursor(input.startAfter, input.sortBy, input.sortOrder) : null;
  const { users, next } = await pageOfUserSummaries(db, {
    limit: input.limit, globalRole: input.globalRole ?? null, emailPrefix: input.email || null,
    sortBy: input.sortBy, sortOrder: input.sortOrder, after,
  });
  return { users, nextCursor: next ? encodeUserCursor(input.sortBy, input.sortOrder, next) : null };
}

/** The user with their memberships, their accounts' newest orders and how they sign in, each from its owner. */
export async function userDetails(db: Db, userId: string): Promise<AdminUserDetails> {
  const user = await requireUser(db, userId);
  const [memberships, recentOrders, signIn, secondFactor] = await Promise.all([
    membershipsOfUser(db, userId), ordersOfUsersAccounts(db, userId, RECENT_ORDERS_SHOWN), signInFactsOf(db, userId),
    hasSecondFactor(db, userId),
  ]);
  return {
    id: user.id, email: user.email, displayName: user.displayName, phoneNumber: user.phoneNumber, globalRole: user.globalRole,
    createdAt: user.createdAt, updatedAt: user.updatedAt,
    memberships,
    recentOrders,
    auth: { emailVerified: user.emailVerified, disabled: user.disabled, providers: signIn.providers, lastSignInAt: signIn.lastSignInAt, secondFactor },
  };
}

export async function requireUser(db: Db, userId: string): Promise<OperatorUser> {
  const user = await findOperatorUser(db, userId);
  if (!user) throw notFound(USER_NOT_FOUND);
  return user;
}


export interface DetailUpdates { displayName?: string; email?: string; phoneNumber?: string | null }

export async function updateDetails(ctx: BackOfficeWriteContext, userId: string, updates: DetailUpdates, reason: string) {
  const db = ctx.tx.db;
  const user = await requireUser(db, userId);
  const before = { displayName: user.displayName, email: user.email, phoneNumber: user.phoneNumber };
  const after = {
    displayName: updates.displayName ?? before.displayName,
    email: updates.email ?? before.email,
    phoneNumber: updates.phoneNumber === undefined ? before.phoneNumber : updates.phoneNumber,
  };
  if (after.email !== before.email) {
    const holder = await findUserIdByEmail(db, after.email);
    if (holder && holder !== userId) throw alreadyExists(EMAIL_TAKEN);
  }
  const now = ctx.services.clock.nowIso();
  await updateUserDetails(db, userId, {
    name: after.displayName, email: after.email, phone_number: after.phoneNumber, updated_at: now,
    // A new address is not proven yet: invitations (which ask for the proof) wait for it.
    ...(after.email !== before.email ? { email_verified: false as const } : {}),
  });
  await record(ctx.tx, {
    actor: operatorOf(ctx), actingAs: null, action: 'user.details_updated', target: { type: 'user', id: userId },
    reason, before, after, requestId: ctx.requestId, at: now,
  });
  return userDetails(db, userId);
}

export async function changeGlobalRole(ctx: BackOfficeWriteContext, targetUserId: string, newRole: GlobalRole) {
  if (targetUserId === ctx.caller.userId) throw failedPrecondition(CANNOT_CHANGE_OWN_ROLE);
  const db = ctx.tx.db;
  // On PostgreSQL two operators demoting the last two admins at once would each see the other still there: lock them.
  if (ctx.services.dialect === 'postgres') await lockSuperAdmins(db);
  const user = await requireUser(db, targetUserId);
  const oldRole = user.globalRole;
  const now = ctx.services.clock.nowIso();
  if (oldRole === 'super_admin' && newRole !== 'super_admin' && await countSuperAdmins(db) <= 1) throw failedPrecondition(LAST_SUPER_ADMIN);
  if (oldRole !== newRole) {
    await setGlobalRole(db, targetUserId, newRole, now);
  }
  if (oldRole === 'super_admin' && newRole !== 'super_admin') await loseOperatorAccess(ctx, user, 'demoted');
  await record(ctx.tx, {
    actor: operatorOf(ctx), actingAs: null, action: 'user.global_role_changed', target: { type: 'user', id: targetUserId },
    before: { globalRole: oldRole }, after: { globalRole: newRole }, requestId: ctx.requestId, at: now,
  });
  if (oldRole !== newRole) {
    await recordEvent(ctx.tx, {
      type: 'admin.user.global_role_changed', actor: byCaller(ctx.caller),
      payload: { userId: targetUserId, email: user.email, from: oldRole, to: newRole }, at: now,
    });
  }
  return { userId: targetUserId, globalRole: newRole };
}

export async function sendPasswordReset(ctx: BackOfficeWriteContext, userId: string) {
  const user = await requireUser(ctx.tx.db, userId);
  await record(ctx.tx, {
    actor: operatorOf(ctx), actingAs: null, action: 'user.password_reset_sent', target: { type: 'user', id: userId },
    after: { email: user.email }, requestId: ctx.requestId, at: ctx.services.clock.nowIso(),
  });
  // better-auth issues the token and mails it with its own connection: after this unit of work,
  // or SQLite's single connection would wait for itself.
  ctx.tx.afterCommit(() => ctx.services.requestPasswordReset(user.email));
  return { email: user.email };
}

/**
 * A user who lost the global role or was disabled: an impersonation they had open ends for good
 * (audited), and their open live streams are authorised again after the commit (issue 21).
 */
async function loseOperatorAccess(ctx: BackOfficeWriteContext, user: OperatorUser, cause: 'demoted' | 'disabled') {
  await endImpersonationsOfOperatorIn(ctx.tx, ctx.services.clock, { userId: user.id, email: user.email }, operatorOf(ctx), cause, ctx.requestId);
  announceAccessChanged(ctx.tx, ctx.services.live, user.id);
}

/** Ends every session of the user (ASVS V7.4.5): each of their tokens answers 401 from the next request, their streams close. Audited. */
export async function endUserSessions(ctx: BackOfficeWriteContext, userId: string, reason: string) {
  const user = await requireUser(ctx.tx.db, userId);
  const now = ctx.services.clock.nowIso();
  const sessionsEnded = await endSessionsOf(ctx.tx.db, userId);
  await record(ctx.tx, {
    actor: operatorOf(ctx), actingAs: null, action: 'user.sessions_ended', target: { type: 'user', id: userId },
    reason, after: { sessionsEnded }, requestId: ctx.requestId, at: now,
  });
  announceAccessChanged(ctx.tx, ctx.services.live, user.id);
  return { userId, sessionsEnded };
}

export async function setDisabled(ctx: BackOfficeWriteContext, userId: string, disabled: boolean, reason: string) {
  if (disabled && userId === ctx.caller.userId) throw failedPrecondition(CANNOT_DISABLE_SELF);
  const db = ctx.tx.db;
  const user = await requireUser(db, userId);
  const now = ctx.services.clock.nowIso();
  await setUserDisabled(db, userId, disabled, now);
  // Sign-in is refused from now on (betterAuth.ts); ending the sessions makes every token 401 at once.
  if (disabled) await loseOperatorAccess(ctx, user, 'disabled');
  const sessionsEnded = disabled ? await endSessionsOf(db, userId) : 0;
  await record(ctx.tx, {
    actor: operatorOf(ctx), actingAs: null, action: disabled ? 'user.disabled' : 'user.enabled', target: { type: 'user', id: userId },
    reason, before: { disabled: user.disabled }, after: { disabled, sessionsEnded }, requestId: ctx.requestId, at: now,
  });
  if (user.disabled !== disabled) {
    await recordEvent(ctx.tx, {
      type: disabled ? 'admin.user.disabled' : 'admin.user.enabled', actor: byCaller(ctx.caller),
      payload: { userId, email: user.email, reason, sessionsEnded }, at: now,
    });
  }
  return { userId, disabled, sessionsEnded };
}
