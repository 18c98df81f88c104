import { randomBytes } from 'node:crypto';
import { INVITATION_TTL_DAYS, type InviteRole } from '../../../common/constants.ts';
import { INVITATION_INVALID, type InvitationAcceptance, type InvitationView } from '../../../common/invitations/contract.ts';
import { inTransaction } from '../../db/transaction.ts';
import { byCaller, recordEvent } from '../../events/recordEvent.ts';
import type { Caller, Services } from '../../rpc/context.ts';
import { alreadyExists, failedPrecondition, notFound } from '../../rpc/errors.ts';
import { findAccountName } from '../../access/accounts.ts';
import { addMembershipIfAbsent, isMemberByEmail } from '../../access/members.ts';
import { setActiveAccountId } from '../../access/repository.ts';
import { recordIfActingAs } from '../../audit/record.ts';
import { invitationMail } from './invitationMail.ts';
import { requireWithinInvitationLimits } from './invitationLimits.ts';
import { acceptance, isExpired, mayListInvitations, requireAcceptable } from './policy.ts';
import {
  findInvitation, insertInvitation, type InvitationRow, listPendingInvitationsFor, markAccepted, revokePendingInvitations,
} from './repository.ts';

export const ALREADY_MEMBER = 'This user is already a member of the account.';
const DAY_MS = 24 * 60 * 60 * 1000;

function toView(row: InvitationRow, now: Date): InvitationView {
  const status = row.status === 'pending' && isExpired(row, now) ? 'expired' : row.status;
  return {
    id: row.id, accountId: row.account_id, accountName: row.account_name, email: row.email,
    role: row.role, invitedByEmail: row.invited_by_email,
    status, createdAt: row.created_at, expiresAt: row.expires_at,
  };
}

/** Called after requireInviter. The e-mail arrives trimmed and lower-cased by the contract. */
export async function inviteToAccount(services: Services, caller: Caller, input: { accountId: string; email: string; role: InviteRole }) {
  const { db } = services;
  const accountName = await findAccountName(db, input.accountId);
  if (accountName === null) throw notFound('The active account could not be found.');
  if (await isMemberByEmail(db, input.accountId, input.email)) throw alreadyExists(ALREADY_MEMBER);

  // 24 random bytes: the id is the capability to view the invitation, so it must not be guessable.
  const id = randomBytes(24).toString('base64url');
  const now = services.clock.now();
  const expiresAt = new Date(now.getTime() + INVITATION_TTL_DAYS * DAY_MS).toISOString();
  await inTransaction(db, async (tx) => {
    // Counted inside the unit of work that writes, so a refusal writes nothing at all.
    await requireWithinInvitationLimits(tx.db, input.accountId, input.email, now);
    // One live invitation per address and account: a re-send replaces the earlier link.
    await revokePendingInvitations(tx.db, input.accountId, input.email, now.toISOString());
    await insertInvitation(tx.db, {
      id, accountId: input.accountId, email: input.email, role: input.role,
      invitedByUserId: caller.userId, invitedByEmail: caller.email, createdAt: now.toISOString(), expiresAt,
    });
    await services.mailer.send(tx, invitationMail(services.config, {
      to: input.email, invitationId: id, accountName, inviterName: caller.name, inviterEmail: caller.email, expiresAt,
    }));
    await recordEvent(tx, {
      type: 'user.invitation.sent', accountId: input.accountId, actor: byCaller(caller),
      payload: { invitationId: id, email: input.email, role: input.role }, at: now.toISOString(),
    });
    await recordIfActingAs(tx, caller, {
      action: 'invitation.sent', target: { type: 'account', id: input.accountId }, after: { invitationId: id, email: input.email, role: input.role },
      at: now.toISOString(),
    });
  }, services.log);
  return id;
}

/** The invitation and whether this caller (signed in or not) may accept it. */
export async function invitationById({ db, clock }: Pick<Services, 'db' | 'clock'>, caller: Caller | null, invitationId: string): Promise<InvitationView & { acceptance: InvitationAcceptance }> {
  const row = await findInvitation(db, invitationId);
  if (!row) throw notFound(INVITATION_INVALID);
  const now = clock.now();
  return { ...toView(row, now), acceptance: acceptance(row, caller, now) };
}

/**
 * Accepting is one transaction: the guarded status flip decides the winner of a double
 * accept, so the membership is added at most once.
 */
export async function acceptInvitationAs({ db, clock }: Pick<Services, 'db' | 'clock'>, caller: Caller, invitationId: string): Promise<string> {
  const now = clock.now();
  const invitation = requireAcceptable(await findInvitation(db, invitationId), caller, now);
  const at = now.toISOString();
  await inTransaction(db, async (tx) => {
    if (!await markAccepted(tx.db, invitation.id, caller.userId, at)) throw failedPrecondition(INVITATION_INVALID);
    const joined = await addMembershipIfAbsent(tx.db, invitation.account_id, caller.userId, invitation.role, at);
    await setActiveAccountId(tx.db, caller.userId, invitation.account_id);
    await recordEvent(tx, {
      type: 'user.invitation.accepted', accountId: invitation.account_id, actor: byCaller(caller),
      payload: { invitationId: invitation.id, role: invitation.role }, at,
    });
    // Someone who was a member already keeps their membership: nobody joined.
    if (joined) {
      await recordEvent(tx, {
        type: 'user.member.joined', accountId: invitation.account_id, actor: byCaller(caller),
        payload: { userId: caller.userId, role: invitation.role, invitationId: invitation.id }, at,
      });
    }
    await recordIfActingAs(tx, caller, {
      action: 'invitation.accepted', target: { type: 'invitation', id: invitation.id }, after: { accountId: invitation.account_id, role: invitation.role }, at,
    });
  });
  return invitation.account_id;
}

export async function pendingInvitationsFor({ db, clock }: Pick<Services, 'db' | 'clock'>, caller: Caller): Promise<{ invitations: InvitationView[]; emailVerified: boolean }> {
  const { emailVerified } = caller;
  if (!mayListInvitations(caller)) return { invitations: [], emailVerified };
  const now = clock.now();
  const rows = await listPendingInvitationsFor(db, caller.email.toLowerCase(), now.toISOString());
  return { invitations: rows.map((row) => toView(row, now)), emailVerified };
}
