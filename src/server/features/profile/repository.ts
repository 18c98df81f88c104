import type { Db } from '../../db/transaction.ts';

export async function findProfileRow(db: Db, userId: string) {
  return db.selectFrom('users').select(['email', 'name', 'phone_number'])
    .select((eb) => eb.exists(
      eb.selectFrom('account_members').select('account_members.user_id').whereRef('account_members.user_id', '=', 'users.id'),
    ).as('has_accounts'))
    .where('id', '=', userId)
    .executeTakeFirst();
}

/** `phoneNumber: undefined` leaves the stored number as it is. */
export async function updateProfileRow(db: Db, userId: string, change: { name: string; phoneNumber?: string | null; now: string }) {
  await db.updateTable('users')
    .set({
      name: change.name,
      ...(change.phoneNumber === undefined ? {} : { phone_number: change.phoneNumber }),
      updated_at: change.now,
    })
    .where('id', '=', userId)
    .execute();
}
