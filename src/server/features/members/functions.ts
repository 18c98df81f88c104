import * as members from '../../../common/members/contract.ts';
import { implement } from '../../rpc/registry.ts';
import { requireManageableMember, requireMemberListReader } from './policy.ts';
import { changeMemberRole, listMembersFor, removeMembership } from './service.ts';

// sendInvitation's contract lives with the members contracts (it is part of the members
// screen); its handler lives in features/invitations with the rest of the invitation rules.
export const handlers = [
  implement(members.listAccountMembers, async ({ accountId }, { caller, services }) => {
    const role = await requireMemberListReader(services.db, caller, accountId);
    const list = await listMembersFor(services.db, { userId: caller.userId, role }, accountId);
    return { members: list, count: list.length };
  }),

  implement(members.updateMemberRole, async ({ accountId, memberUid, newRole }, { caller, services }) => {
    const target = await requireManageableMember(services.db, caller, accountId, memberUid, 'changeRole');
    await changeMemberRole(services, caller, accountId, target, newRole);
    return { success: true as const, message: 'Role updated.' };
  }),

  implement(members.removeMember, async ({ accountId, memberUid }, { caller, services }) => {
    const target = await requireManageableMember(services.db, caller, accountId, memberUid, 'remove');
    await removeMembership(services, caller, accountId, target);
    return { success: true as const, message: 'Member removed.' };
  }),
];
