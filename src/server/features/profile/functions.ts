import * as profile from '../../../common/profile/contract.ts';
import * as passkeyContracts from '../../../common/profile/passkeys.ts';
import { implement } from '../../rpc/registry.ts';
import { passkeysOf, removePasskey, renamePasskey } from './passkeys.ts';
import { profileOf, saveProfile } from './service.ts';

// A profile is only ever the caller's own: the handlers take no user id, so there is no
// other user to authorise against. Passkeys carry an id; policy.ts scopes them to the caller.
export const handlers = [
  implement(profile.getProfile, async (_input, { caller, services }) => profileOf(services.db, caller.userId)),

  implement(profile.updateProfile, async (input, { caller, services }) => saveProfile(services, caller, input)),

  implement(passkeyContracts.listMyPasskeys, async (_input, { caller, services }) => ({ passkeys: await passkeysOf(services, caller) })),

  implement(passkeyContracts.renamePasskey, async (input, { caller, services }) => renamePasskey(services, caller, input)),

  implement(passkeyContracts.removePasskey, async (input, { caller, services }) => removePasskey(services, caller, input)),
];
