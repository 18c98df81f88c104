import * as profile from '../../../common/profile/contract.ts';
import { implement } from '../../rpc/registry.ts';
import { profileOf, saveProfile } from './service.ts';

// A profile is only ever the caller's own: the handlers take no user id, so there is no
// other user to authorise against and no policy file.
export const handlers = [
  implement(profile.getProfile, async (_input, { caller, services }) => profileOf(services.db, caller.userId)),

  implement(profile.updateProfile, async (input, { caller, services }) => saveProfile(services, caller, input)),
];
