import type { Kysely } from 'kysely';
import type { ProfileView } from '../../../common/profile/contract.ts';
import { recordIfActingAs } from '../../audit/record.ts';
import { findProfileRow, updateProfileRow } from '../../auth/users.ts';
import type { Database } from '../../db/schema.ts';
import { inTransaction } from '../../db/transaction.ts';
import type { Caller, Services } from '../../rpc/context.ts';
import { unauthenticated } from '../../rpc/errors.ts';

export async function profileOf(db: Kysely<Database>, userId: string): Promise<ProfileView> {
  const row = await findProfileRow(db, userId);
  // The session resolved a moment ago; a missing row means the user was deleted since.
  if (!row) throw unauthenticated();
  return { email: row.email, displayName: row.name, phoneNumber: row.phone_number, hasAccounts: Boolean(row.has_accounts), totpEnabled: Boolean(row.two_factor_enabled) };
}

/** A blank phone number clears it (stored as null); an omitted one is left unchanged. */
export async function saveProfile({ db, clock }: Pick<Services, 'db' | 'clock'>, caller: Caller, input: { displayName: string; phoneNumber?: string | null }) {
  const phoneNumber = input.phoneNumber === undefined ? undefined : input.phoneNumber || null;
  await inTransaction(db, async (tx) => {
    const now = clock.nowIso();
    await updateProfileRow(tx.db, caller.userId, { name: input.displayName, phoneNumber, now });
    await recordIfActingAs(tx, caller, {
      action: 'profile.updated', target: { type: 'user', id: caller.userId }, after: { name: input.displayName, phoneNumber }, at: now,
    });
  });
  return profileOf(db, caller.userId);
}
