import * as accounts from '../../../common/contracts/accounts.ts';
import * as session from '../../../common/contracts/session.ts';
import { notFound } from '../../rpc/errors.ts';
import { implement } from '../../rpc/registry.ts';
import { accountAbilities, requireMember } from './policy.ts';
import { findAccount, listMemberships, setActiveAccountId } from './repository.ts';
import { createAccountOwnedBy, sessionState } from './service.ts';

export const handlers = [
  implement(session.getSessionState, async (_input, { caller, services }) => sessionState(services.db, caller)),

  implement(session.setActiveAccount, async ({ accountId }, { caller, services }) => {
    await requireMember(services.db, caller, accountId);
    await setActiveAccountId(services.db, caller.userId, accountId);
    return sessionState(services.db, caller);
  }),

  implement(accounts.listMyAccounts, async (_input, { caller, services }) => {
    const rows = await listMemberships(services.db, caller.userId);
    return { accounts: rows.map((r) => ({ id: r.id, name: r.name, status: r.status, role: r.role as never })) };
  }),

  implement(accounts.createAccount, async ({ accountName }, { caller, services }) => ({
    account: await createAccountOwnedBy(services.db, caller, accountName),
  })),

  implement(accounts.getAccount, async ({ accountId }, { caller, services }) => {
    const role = await requireMember(services.db, caller, accountId);
    const account = await findAccount(services.db, accountId);
    if (!account) throw notFound('The active account could not be found.');
    return { ...account, role, abilities: accountAbilities(role) };
  }),
];
