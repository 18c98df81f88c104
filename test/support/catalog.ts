import type { TestApp } from './testApp.ts';

// Shared with other back-office areas; kept importable from here for the catalogue's tests.
export { auditEntries, signUpOperator } from './operators.ts';

// For tests of the catalogue.

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

/** The platform events of one type, oldest first, with their payloads read. */
export async function platformEvents(t: TestApp, type: string) {
  const rows = await t.services.db.selectFrom('platform_events').selectAll().where('event_type', '=', type).orderBy('created_at').execute();
  return rows.map((r) => ({ actorUserId: r.actor_user_id, accountId: r.account_id, payload: JSON.parse(r.payload) }));
}
