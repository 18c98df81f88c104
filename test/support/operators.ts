import { createUser, makeGlobalSuperAdmin } from './factories.ts';
import type { TestApp, TestUser } from './testApp.ts';

// For tests of any back-office area.

/** A global super admin (a row-factory user): the only caller back-office functions serve. */
export async function signUpOperator(t: TestApp): Promise<TestUser> {
  const operator = await createUser(t);
  await makeGlobalSuperAdmin(t, operator);
  return operator;
}

/** The audit entries of one action (on one target), oldest first, with their JSON read. */
export async function auditEntries(t: TestApp, action: string, targetId?: string) {
  let query = t.services.db.selectFrom('audit_log').selectAll().where('action', '=', action);
  if (targetId !== undefined) query = query.where('target_id', '=', targetId);
  const rows = await query.orderBy('created_at').execute();
  return rows.map((r) => ({
    actorUserId: r.actor_user_id, actorEmail: r.actor_email, targetType: r.target_type, targetId: r.target_id,
    before: r.before_state === null ? null : JSON.parse(r.before_state), after: r.after_state === null ? null : JSON.parse(r.after_state),
  }));
}
