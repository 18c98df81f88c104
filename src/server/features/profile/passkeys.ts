import type { PasskeyView } from '../../../common/profile/passkeys.ts';
import { recordIfActingAs } from '../../audit/record.ts';
import { deletePasskeyOf, listPasskeysOf, renamePasskeyOf } from '../../auth/passkeys/index.ts';
import { inTransaction } from '../../db/transaction.ts';
import type { Caller, Services } from '../../rpc/context.ts';
import { passkeyNotFound, passkeyOwnerFor } from './policy.ts';

type Deps = Pick<Services, 'db' | 'clock'>;

export async function passkeysOf({ db }: Deps, caller: Caller): Promise<PasskeyView[]> {
  return listPasskeysOf(db, passkeyOwnerFor(caller));
}

export async function renamePasskey(services: Deps, caller: Caller, input: { passkeyId: string; name: string }): Promise<PasskeyView> {
  const owner = passkeyOwnerFor(caller);
  await inTransaction(services.db, async (tx) => {
    if (!await renamePasskeyOf(tx.db, owner, input.passkeyId, input.name)) throw passkeyNotFound();
    await recordIfActingAs(tx, caller, {
      action: 'passkey.renamed', target: { type: 'user', id: owner }, after: { passkeyId: input.passkeyId, name: input.name }, at: services.clock.nowIso(),
    });
  });
  const renamed = (await listPasskeysOf(services.db, owner)).find((p) => p.id === input.passkeyId);
  if (!renamed) throw passkeyNotFound();
  return renamed;
}

export async function removePasskey(services: Deps, caller: Caller, input: { passkeyId: string }): Promise<{ success: true }> {
  const owner = passkeyOwnerFor(caller);
  await inTransaction(services.db, async (tx) => {
    if (!await deletePasskeyOf(tx.db, owner, input.passkeyId)) throw passkeyNotFound();
    await recordIfActingAs(tx, caller, {
      action: 'passkey.removed', target: { type: 'user', id: owner }, after: { passkeyId: input.passkeyId }, at: services.clock.nowIso(),
    });
  });
  return { success: true };
}
