import * as accounts from '../../../../common/admin/accounts/contract.ts';
import { implement } from '../../../rpc/registry.ts';
import { accountDetail } from './accountDetail.ts';
import { requireOperator } from '../policy.ts';
import { changeAccount, createAccount, listAccounts, removeAccount, searchAccounts } from './service.ts';

/** The back office's Accounts handlers (issue 8). */
export const handlers = [
  implement(accounts.getAllAccounts, async (input, { caller, services }) => {
    requireOperator(caller);
    return listAccounts(services.db, input, services.clock.now());
  }),

  implement(accounts.searchAccounts, async ({ query }, { caller, services }) => {
    requireOperator(caller);
    return searchAccounts(services.db, query);
  }),

  implement(accounts.getAdminAccountDetails, async ({ accountId }, { caller, services }) => {
    requireOperator(caller);
    return accountDetail(services.db, accountId, services.clock.now());
  }),

  implement(accounts.adminCreateAccount, async (input, ctx) => {
    requireOperator(ctx.caller);
    return createAccount(ctx, input);
  }),

  implement(accounts.adminUpdateAccount, async (input, ctx) => {
    requireOperator(ctx.caller);
    return changeAccount(ctx, input);
  }),

  implement(accounts.adminDeleteAccount, async (input, ctx) => {
    requireOperator(ctx.caller);
    return removeAccount(ctx, input);
  }),
];
