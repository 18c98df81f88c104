import type { SessionView } from '../../../common/profile/sessionsContract.ts';
import { recordIfActingAs } from '../../audit/record.ts';
import { deleteOtherSessionsOf, deleteSessionOf, listSessionsOf } from '../../auth/sessions.ts';
import { inTransaction } from '../../db/transaction.ts';
import { announceAccessChanged } from '../../live/accessChanges.ts';
import type { Caller, Services } from '../../rpc/context.ts';
import { notFound } from '../../rpc/errors.ts';
import { SESSION_NOT_FOUND } from '../../../common/profile/texts.ts';
import { deviceLabel } from './deviceLabel.ts';

/** The caller's sessions as the profile shows them: words for the device, the current one marked and first. */
export async function sessionsOf({ db, clock }: Pick<Services, 'db' | 'clock'>, caller: Caller): Promise<SessionView[]> {
  const rows = await listSessionsOf(db, caller.userId, clock.nowIso());
  const views = rows.map((r) => ({
    id: r.id, device: deviceLabel(r.userAgent), ipAddress: r.ipAddress, signedInAt: r.createdAt, lastActiveAt: r.lastActiveAt,
    current: r.id === caller.sessionId,
  }));
  return [...views.filter((v) => v.current), ...views.filter((v) => !v.current)];
}

/**
 * Ends one of the caller's sessions (the policy checked it is theirs). Deleting the row is what
 * makes its token 401 at once; the announcement closes its open live streams on every instance.
 */
export async function endSession({ db, clock, live }: Pick<Services, 'db' | 'clock' | 'live'>, caller: Caller, sessionId: string) {
  await inTransaction(db, async (tx) => {
    // Between the policy's read and now another tab may have ended it: the same answer as a missing one.
    if (!await deleteSessionOf(tx.db, caller.userId, sessionId)) throw notFound(SESSION_NOT_FOUND);
    announceAccessChanged(tx, live, caller.userId);
    await recordIfActingAs(tx, caller, { action: 'profile.session_ended', target: { type: 'user', id: caller.userId }, after: { sessionId }, at: clock.nowIso() });
  });
}

/** Ends every session of the caller but the one this request came with. */
export async function endOtherSessions({ db, clock, live }: Pick<Services, 'db' | 'clock' | 'live'>, caller: Caller): Promise<number> {
  return inTransaction(db, async (tx) => {
    const ended = await deleteOtherSessionsOf(tx.db, caller.userId, caller.sessionId);
    if (ended > 0) announceAccessChanged(tx, live, caller.userId);
    await recordIfActingAs(tx, caller, { action: 'profile.other_sessions_ended', target: { type: 'user', id: caller.userId }, after: { ended }, at: clock.nowIso() });
    return ended;
  });
}
