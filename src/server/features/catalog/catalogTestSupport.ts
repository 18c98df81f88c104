import { makeGlobalSuperAdmin } from '../../../../test/support/factories.ts';
import type { TestApp, TestUser } from '../../../../test/support/testApp.ts';

// For tests of the catalogue.

/** A global super admin: the only caller the catalogue's back-office functions serve. */
export async function signUpOperator(t: TestApp): Promise<TestUser> {
  const operator = await t.signUpVerified();
  await makeGlobalSuperAdmin(t, operator);
  return operator;
}

/** Everything a catalogue write may change: a refused or invalid call must leave all of it as it was. */
export async function catalogState(t: TestApp) {
  const db = t.services.db;
  const [products, prices, audit, events] = await Promise.all([
    db.selectFrom('products').selectAll().orderBy('id').execute(),
    db.selectFrom('prices').selectAll().orderBy('id').execute(),
    db.selectFrom('audit_log').select(['id']).orderBy('id').execute(),
    db.selectFrom('platform_events').select(['id']).orderBy('id').execute(),
  ]);
  return { products, prices, audit, events };
}

/** The audit entries of one action on one target, oldest first, with their JSON read. */
export async function auditEntries(t: TestApp, action: string, targetId?: string) {
  let query = t.services.db.selectFrom('audit_log').selectAll().where('action', '=', action);
  if (targetId !== undefined) query = query.where('target_id', '=', targetId);
  const rows = await query.orderBy('created_at').execute();
  return rows.map((r) => ({
    actorUserId: r.actor_user_id, actorEmail: r.actor_email, targetType: r.target_type, targetId: r.target_id,
    before: r.before_state === null ? null : JSON.parse(r.before_state), after: r.after_state === null ? null : JSON.parse(r.after_state),
  }));
}

/** The platform events of one type, oldest first, with their payloads read. */
export async function platformEvents(t: TestApp, type: string) {
  const rows = await t.services.db.selectFrom('platform_events').selectAll().where('event_type', '=', type).orderBy('created_at').execute();
  return rows.map((r) => ({ actorUserId: r.actor_user_id, accountId: r.account_id, payload: JSON.parse(r.payload) }));
}
