import * as profile from '../../../common/profile/contract.ts';
import * as sessions from '../../../common/profile/sessionsContract.ts';
import { SESSION_ENDED } from '../../../common/profile/texts.ts';
import { implement } from '../../rpc/registry.ts';
import { requireOwnSession } from './policy.ts';
import * as passkeyContracts from '../../../common/profile/passkeys.ts';
import { passkeysOf, removePasskey, renamePasskey } from './passkeys.ts';
import { profileOf, saveProfile } from './service.ts';
import { endOtherSessions, endSession, sessionsOf } from './sessions.ts';

// A profile is only ever the caller's own: those handlers take no user id. A session is named by
// id, so ending one asks the policy whose it is; passkeys carry an id too, and policy.ts scopes
// them to the caller.
export const handlers = [
  implement(profile.getProfile, async (_input, { caller, services }) => profileOf(services.db, caller.userId)),

  implement(profile.updateProfile, async (input, { caller, services }) => saveProfile(services, caller, input)),

  implement(sessions.listMySessions, async (_input, { caller, services }) => ({ sessions: await sessionsOf(services, caller) })),

  implement(sessions.revokeMySession, async ({ sessionId }, { caller, services }) => {
    await requireOwnSession(services.db, caller, sessionId);
    await endSession(services, caller, sessionId);
    return { success: true as const, message: SESSION_ENDED };
  }),

  implement(sessions.revokeMyOtherSessions, async (_input, { caller, services }) => ({ sessionsEnded: await endOtherSessions(services, caller) })),

  implement(passkeyContracts.listMyPasskeys, async (_input, { caller, services }) => ({ passkeys: await passkeysOf(services, caller) })),

  implement(passkeyContracts.renamePasskey, async (input, { caller, services }) => renamePasskey(services, caller, input)),

  implement(passkeyContracts.removePasskey, async (input, { caller, services }) => removePasskey(services, caller, input)),
];
