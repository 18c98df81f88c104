import * as accounts from '../../../common/accounts/contract.ts';
import * as ownership from '../../../common/accounts/ownership.ts';
import * as ticketAccess from '../../../common/accounts/ticketAccessSetting.ts';
import * as session from '../../../common/session/contract.ts';
import { membershipsOf } from '../../access/accountAccess.ts';
import { findAccount } from '../../access/accounts.ts';
import { notFound } from '../../rpc/errors.ts';
import { implement } from '../../rpc/registry.ts';
import { removedMemberTicketAccessOf, setRemovedMemberTicketAccess, transferOwnership } from './ownershipAndSettings.ts';
import { abilitiesOn, requireAccountReader, requireAccountSettingsEditor, requireOwnershipTransfer } from './policy.ts';
import { chooseActiveAccount, createAccountOwnedBy, sessionState } from './service.ts';

export const handlers = [
  implement(session.getSessionState, async (_input, { caller, services }) => sessionState(services.db, caller)),

  implement(session.setActiveAccount, async ({ accountId }, { caller, services }) => {
    await requireAccountReader(services.db, caller, accountId);
    await chooseActiveAccount(services, caller, accountId);
    return sessionState(services.db, caller);
  }),

  implement(accounts.listMyAccounts, async (_input, { caller, services }) => {
    const memberships = await membershipsOf(services.db, caller);
    return { accounts: memberships.map((m) => ({ id: m.accountId, name: m.accountName, status: m.accountStatus, role: m.role })) };
  }),

  implement(accounts.createAccount, async ({ accountName }, { caller, services }) => ({
    account: await createAccountOwnedBy(services, caller, accountName),
  })),

  implement(accounts.getAccount, async ({ accountId }, { caller, services }) => {
    const role = await requireAccountReader(services.db, caller, accountId);
    const account = await findAccount(services.db, accountId);
    if (!account) throw notFound('The active account could not be found.');
    return { ...account, role, abilities: abilitiesOn(role) };
  }),

  implement(ownership.transferAccountOwnership, async ({ accountId, newOwnerUid }, { caller, services }) => {
    const change = await requireOwnershipTransfer(services.db, caller, accountId, newOwnerUid);
    await transferOwnership(services, caller, accountId, change);
    return { success: true as const, message: ownership.OWNERSHIP_TRANSFERRED };
  }),

  implement(ticketAccess.getAccountTicketAccess, async ({ accountId }, { caller, services }) => {
    await requireAccountSettingsEditor(services.db, caller, accountId);
    return { removedMemberTicketAccess: await removedMemberTicketAccessOf(services.db, accountId) };
  }),

  implement(ticketAccess.setAccountTicketAccess, async ({ accountId, removedMemberTicketAccess }, { caller, services }) => {
    await requireAccountSettingsEditor(services.db, caller, accountId);
    await setRemovedMemberTicketAccess(services, caller, accountId, removedMemberTicketAccess);
    return { success: true as const, message: ticketAccess.TICKET_ACCESS_SAVED };
  }),
];
