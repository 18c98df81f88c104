import { randomBytes } from 'node:crypto';
import type { FnOutput, FunctionName } from '../../../src/common/contracts/index.ts';
import { seedDomain } from '../domains/factories.ts';
import { seedSandboxSupplier } from '../domains/suppliers.ts';
import { TOO_MANY_UNPAID_REGISTRATIONS } from '../../../src/server/features/domains/orders/texts.ts';
import type { SampleInput } from './sampleInputs.ts';
import type { TestApp, TestUser } from '../testApp.ts';

type Names = Extract<FunctionName, 'registerDomain' | 'renewDomain' | 'payDomainOrder' | 'getDomainOrder' | 'listDomainOrders' | 'cancelDomainOrder'>;

/** The registration form's contact, filled in as a customer would. */
export function registrationContact(overrides: Record<string, unknown> = {}) {
  return {
    firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.test', phone: '+44 20 7946 0000', organization: '',
    address: '12 Analytical Row', city: 'London', state: 'London', postalCode: 'N1 9GU', country: 'GB', ...overrides,
  };
}

/** A name nobody holds, in a TLD the sandbox sells. */
export const freshDomainName = (tld = 'com') => `order-${randomBytes(6).toString('hex')}.${tld}`;

/** registerDomain's input for a fresh name in `accountId`. */
export function registrationInput(accountId: string, overrides: Record<string, unknown> = {}) {
  return { domain: freshDomainName(), registrationYears: 1, contactInfo: registrationContact(), privacyProtection: true, autoRenew: true, accountId, ...overrides };
}

/**
 * An order awaiting payment, placed through registerDomain by `user` (the sandbox priced first, as
 * at a first start). Tests of a file share an account, and an account holds at most 10 unpaid
 * registrations: when it is full, the unpaid orders earlier tests left are aged past their 24 h
 * hold first, as a day passing would (the one refusal this retries).
 */
export async function placedOrder(t: TestApp, user: TestUser, accountId: string, overrides: Record<string, unknown> = {}): Promise<string> {
  await seedSandboxSupplier(t.services.db);
  const place = () => t.callRaw<FnOutput<'registerDomain'>>('registerDomain', registrationInput(accountId, overrides), user);
  let res = await place();
  if (res.status === 400 && res.error?.message === TOO_MANY_UNPAID_REGISTRATIONS) {
    const dayAgo = new Date(Date.now() - 25 * 3_600_000).toISOString();
    await t.services.db.updateTable('domain_orders').set({ created_at: dayAgo })
      .where('account_id', '=', accountId).where('kind', '=', 'registration').where('status', '=', 'pending_payment').execute();
    res = await place();
  }
  if (res.status !== 200) throw new Error(`registerDomain failed ${res.status}: ${JSON.stringify(res.error)}`);
  return res.result.orderId;
}

/** The permission matrix's inputs for the customer's domain order functions. */
export const domainOrderSamples: Record<Names, SampleInput> = {
  registerDomain: async ({ t, cast }) => {
    await seedSandboxSupplier(t.services.db);
    return registrationInput(cast.accountId);
  },
  renewDomain: async ({ t, cast }) => ({ domain: (await seedDomain(t.services, cast.accountId)).name, years: 1 }),
  payDomainOrder: async ({ t, cast }) => ({ orderId: await placedOrder(t, cast.owner, cast.accountId) }),
  getDomainOrder: async ({ t, cast }) => ({ orderId: await placedOrder(t, cast.owner, cast.accountId) }),
  listDomainOrders: async ({ cast }) => ({ accountId: cast.accountId }),
  cancelDomainOrder: async ({ t, cast }) => ({ orderId: await placedOrder(t, cast.owner, cast.accountId) }),
};
