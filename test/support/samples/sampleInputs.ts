import { randomBytes, randomUUID } from 'node:crypto';
import type { FunctionName } from '../../../src/common/contracts/index.ts';
import { storedInvoice } from '../billing/paymentEvents.ts';
import { createPlan } from '../billing/factories.ts';
import { adminAccountsSamples } from './admin/accounts.ts';
import { adminAuditSamples } from './admin/audit.ts';
import { adminCostHoldsSamples } from './admin/costHolds.ts';
import { adminDeliveriesSamples } from './admin/deliveries.ts';
import { adminDomainDetailSamples } from './admin/domainDetail.ts';
import { adminDomainInventorySamples } from './admin/domainInventory.ts';
import { adminFlowsSamples } from './admin/flows.ts';
import { adminWebhooksSamples } from './admin/webhooks.ts';
import { adminEventsSamples } from './admin/events.ts';
import { adminDashboardSamples } from './admin/dashboard.ts';
import { adminImpersonationSamples } from './admin/impersonation.ts';
import { adminMailSamples } from './admin/mail.ts';
import { adminOrdersSamples } from './admin/orders.ts';
import { adminSupportSamples } from './admin/support.ts';
import { adminUsersSamples } from './admin/users.ts';
import { adminWhoisSamples } from './admin/whois.ts';
import { adminWhmcsImportSamples } from './admin/whmcsImport.ts';
import { hostingSamples } from './admin/hosting.ts';
import { adminHostingQueueSamples } from './admin/hostingQueue.ts';
import { adminHostingServicesSamples } from './admin/hostingServices.ts';
import { hostingImportSamples } from './admin/hostingImport.ts';
import { domainManagementSamples } from './domainManagement.ts';
import { domainOrderSamples } from './domainOrders.ts';
import { hostingServicesSamples } from './hostingServices.ts';
import { seedSandboxSupplier } from '../domains/suppliers.ts';
import { addMember, createAccount, createUser, type PermissionCast } from '../factories.ts';
import { anotherSession } from '../sessions.ts';
import { storedPasskey } from '../passkeyRows.ts';
import type { TestApp, TestUser } from '../testApp.ts';
import { GOOD_CARD, openTestPortal, paidTestCheckout, startTestCheckout } from '../payments/testModePayments.ts';

/**
 * A valid input for each function, built around the permission cast's account (cast.accountId)
 * for the caller about to call it. Builders make fresh objects (a member to remove, an invitation
 * to accept), so every call of the matrix starts from the same situation.
 */
export type SampleInput = (s: { t: TestApp; cast: PermissionCast; as: TestUser | null }) => Promise<unknown>;

const freshEmail = () => `matrix-${randomBytes(5).toString('hex')}@example.test`;

/** A new plain member of the cast's account. */
async function freshMember(t: TestApp, cast: PermissionCast): Promise<TestUser> {
  const user = await createUser(t);
  await addMember(t, cast.accountId, user, 'member');
  return user;
}

/** A ticket opened by a plain co-member of the cast's member (so the member is not its author). */
async function ticketOfCoMember(t: TestApp, cast: PermissionCast): Promise<string> {
  const author = await freshMember(t, cast);
  const res = await t.call('submitTicket', { subject: 'Matrix', description: 'A ticket.', priority: 'low', accountId: cast.accountId }, author);
  if (res.status !== 200) throw new Error(`submitTicket failed ${res.status}`);
  return res.result.ticketId;
}

/**
 * A side account of the cast's owner, with the cast's admin and member in it and one more member
 * to hand it to: an ownership transfer never changes who owns the cast's own account.
 */
async function sideAccountToHandOn(t: TestApp, cast: PermissionCast): Promise<{ accountId: string; newOwnerUid: string }> {
  const accountId = await createAccount(t, cast.owner, 'Matrix side account');
  const heir = await createUser(t);
  const joinedAt = new Date().toISOString();
  await t.services.db.insertInto('account_members').values([
    { account_id: accountId, user_id: cast.admin.id, role: 'super_admin', joined_at: joinedAt },
    { account_id: accountId, user_id: cast.member.id, role: 'member', joined_at: joinedAt },
    { account_id: accountId, user_id: heir.id, role: 'member', joined_at: joinedAt },
  ]).execute();
  return { accountId, newOwnerUid: heir.id };
}

async function invitation(t: TestApp, inviter: TestUser, accountId: string, email: string): Promise<string> {
  const res = await t.call('sendInvitation', { accountId, inviteeEmail: email, role: 'member' }, inviter);
  if (res.status !== 200) throw new Error(`sendInvitation failed ${res.status}: ${JSON.stringify(res.error)}`);
  return res.result.invitationId;
}

/**
 * Who a test-mode session is started for: the cast's owner, so that only the owner may use it;
 * or the caller when they are an operator acting as the cast's account (whose writes there the
 * impersonation suite checks), since a session is its starter's alone.
 */
async function testSessionStarter(t: TestApp, cast: PermissionCast, as: TestUser | null): Promise<TestUser> {
  const acting = as && await t.services.db.selectFrom('impersonations').select('id')
    .where('operator_user_id', '=', as.id).where('account_id', '=', cast.accountId).where('ended_at', 'is', null).executeTakeFirst();
  return acting ? as : cast.owner;
}

async function testCheckoutSample(t: TestApp, cast: PermissionCast, as: TestUser | null): Promise<{ sessionId: string }> {
  return { sessionId: (await startTestCheckout(t, await testSessionStarter(t, cast, as), cast.accountId)).sessionId };
}

/** A test-mode portal on a subscription the owner paid for the account (paid before the call, so its audit is not the call's). */
async function testPortalSample(t: TestApp, cast: PermissionCast, as: TestUser | null): Promise<{ portalSessionId: string; subscriptionId: string }> {
  const paid = await paidTestCheckout(t, cast.owner, cast.accountId);
  const portalSessionId = await openTestPortal(t, await testSessionStarter(t, cast, as), cast.accountId, paid.customerId);
  return { portalSessionId, subscriptionId: paid.subscriptionId! };
}

export const sampleInputs: Record<FunctionName, SampleInput> & Record<string, SampleInput> = {
  getSessionState: async () => ({}),
  setActiveAccount: async ({ cast }) => ({ accountId: cast.accountId }),
  getProfile: async () => ({}),
  updateProfile: async ({ as }) => ({ displayName: as?.name ?? 'Someone', phoneNumber: '+1 555 0100' }),
  listMySessions: async () => ({}),
  // A second session of the caller's own, made for the call to end.
  revokeMySession: async ({ t, as }) => ({ sessionId: as ? (await anotherSession(t, as)).sessionId : randomBytes(8).toString('hex') }),
  revokeMyOtherSessions: async () => ({}),
  listMyPasskeys: async () => ({}),
  // The caller's own passkey (a signed-out caller names a made-up one: refused before any lookup).
  renamePasskey: async ({ t, as }) => ({ passkeyId: as ? await storedPasskey(t, as) : randomUUID(), name: 'Renamed key' }),
  removePasskey: async ({ t, as }) => ({ passkeyId: as ? await storedPasskey(t, as) : randomUUID() }),
  listMyAccounts: async () => ({}),
  createAccount: async () => ({ accountName: 'Matrix side account' }),
  getAccount: async ({ cast }) => ({ accountId: cast.accountId }),
  listAccountMembers: async ({ cast }) => ({ accountId: cast.accountId }),
  updateMemberRole: async ({ t, cast }) => ({ accountId: cast.accountId, memberUid: (await freshMember(t, cast)).id, newRole: 'super_admin' }),
  removeMember: async ({ t, cast }) => ({ accountId: cast.accountId, memberUid: (await freshMember(t, cast)).id }),
  sendInvitation: async ({ cast }) => ({ accountId: cast.accountId, inviteeEmail: freshEmail(), role: 'member' }),
  getInvitation: async ({ t, cast }) => ({ invitationId: await invitation(t, cast.owner, cast.accountId, freshEmail()) }),
  // Addressed to the caller, from an account they are not in yet: the one case everyone signed in may accept.
  acceptInvitation: async ({ t, as }) => {
    const host = await createUser(t);
    const accountId = await createAccount(t, host, 'Inviting account');
    if (as) await t.services.db.updateTable('users').set({ email_verified: true }).where('id', '=', as.id).execute();
    return { invitationId: await invitation(t, host, accountId, as?.email ?? freshEmail()) };
  },
  listMyInvitations: async () => ({}),
  listAccountInvitations: async ({ cast }) => ({ accountId: cast.accountId }),
  revokeInvitation: async ({ t, cast }) => ({ accountId: cast.accountId, invitationId: await invitation(t, cast.owner, cast.accountId, freshEmail()) }),
  transferAccountOwnership: async ({ t, cast }) => sideAccountToHandOn(t, cast),
  getAccountTicketAccess: async ({ cast }) => ({ accountId: cast.accountId }),
  setAccountTicketAccess: async ({ cast }) => ({ accountId: cast.accountId, removedMemberTicketAccess: 'read_only' }),
  submitTicket: async ({ cast }) => ({ subject: 'Matrix', description: 'Checking access.', priority: 'medium', accountId: cast.accountId }),
  listMyTickets: async () => ({}),
  getTicket: async ({ t, cast }) => ({ ticketId: await ticketOfCoMember(t, cast) }),
  addTicketReply: async ({ t, cast }) => ({ ticketId: await ticketOfCoMember(t, cast), body: 'A reply.' }),
  closeMyTicket: async ({ t, cast }) => ({ ticketId: await ticketOfCoMember(t, cast) }),
  getDashboard: async ({ cast }) => ({ accountId: cast.accountId }),

  // Catalogue.
  listProducts: async () => ({}),
  adminListProducts: async () => ({}),
  adminSaveProduct: async () => ({ name: 'Matrix plan', description: 'Made by the matrix.', category: 'Hosting', popular: false, features: ['1 site'], active: true }),
  adminSavePrice: async ({ t }) => ({ productId: (await createPlan(t)).productId, unitAmount: 1500, currency: 'USD', interval: 'month', active: true }),
  syncPaymentCatalog: async () => ({}),

  // Billing.
  createStripeCheckoutSession: async ({ t, cast }) => ({ priceId: (await createPlan(t)).priceIds[0], accountId: cast.accountId }),
  // The portal needs the account's payment customer, which a completed checkout would have stored.
  // The account needs a customer the provider knows: its owner pays a test-mode checkout once.
  createAccountStripePortalLink: async ({ t, cast }) => {
    const account = await t.services.db.selectFrom('accounts').select('stripe_customer_id').where('id', '=', cast.accountId).executeTakeFirstOrThrow();
    if (!account.stripe_customer_id) await paidTestCheckout(t, cast.owner, cast.accountId);
    return { accountId: cast.accountId };
  },
  getBillingOverview: async ({ cast }) => ({ accountId: cast.accountId }),
  updateBillingProfile: async ({ cast }) => ({
    accountId: cast.accountId, billingName: 'Matrix Billing', billingEmail: 'Billing@Example.test', billingAddress: '1 Main St', taxId: '',
  }),
  listInvoices: async ({ cast }) => ({ accountId: cast.accountId }),
  getInvoice: async ({ t, cast }) => ({ invoiceId: await storedInvoice(t.services.db, cast.accountId) }),

  // Test-mode payment pages.
  // Sessions of the cast's owner (testSessionStarter), theirs alone.
  getTestCheckout: async ({ t, cast, as }) => testCheckoutSample(t, cast, as),
  payTestCheckout: async ({ t, cast, as }) => ({ ...await testCheckoutSample(t, cast, as), ...GOOD_CARD }),
  cancelTestCheckout: async ({ t, cast, as }) => testCheckoutSample(t, cast, as),
  getTestPortal: async ({ t, cast, as }) => ({ portalSessionId: (await testPortalSample(t, cast, as)).portalSessionId }),
  testPortalUpdateCard: async ({ t, cast, as }) => ({ portalSessionId: (await testPortalSample(t, cast, as)).portalSessionId, ...GOOD_CARD }),
  testPortalSetCancelAtPeriodEnd: async ({ t, cast, as }) => ({ ...await testPortalSample(t, cast, as), cancelAtPeriodEnd: true }),
  testPortalRenewNow: async ({ t, cast, as }) => testPortalSample(t, cast, as),

  // Domains.
  getTldPricing: async () => ({}),
  // The sandbox's prices, as a new installation has them from its first start (a no-op once it has).
  searchDomains: async ({ t, cast }) => {
    await seedSandboxSupplier(t.services.db);
    return { query: 'matrix-example', tlds: ['com', 'net'], accountId: cast.accountId };
  },
  syncSupplierTlds: async () => ({}),
  // The portfolio sync's page and its Run now (issue 18): no input.
  getPortfolioSync: async () => ({}),
  runPortfolioSyncNow: async () => ({}),
  // The registrars page (issue 19): the sandbox is this app's only registrar, so activating it is allowed (and changes nothing).
  getRegistrarHealth: async () => ({}),
  setSupplierActive: async () => ({ supplierId: 'sandbox', isActive: true }),
  testRegistrarApi: async () => ({ supplier: 'sandbox', domain: 'example.com' }),
  // The sandbox's own domains into the inventory (its supplier row as a first start leaves it).
  syncSupplierDomains: async ({ t }) => {
    await seedSandboxSupplier(t.services.db);
    return { supplier: 'sandbox', mode: 'apply' };
  },
  ...domainOrderSamples,
  ...hostingServicesSamples,
  ...domainManagementSamples,
  ...adminDashboardSamples,
  ...adminUsersSamples,
  ...adminAccountsSamples,
  ...adminImpersonationSamples,
  ...adminOrdersSamples,
  ...adminCostHoldsSamples,
  ...adminDomainDetailSamples,
  ...adminSupportSamples,
  ...adminMailSamples,
  ...adminWhoisSamples,
  ...adminHostingQueueSamples,
  ...adminHostingServicesSamples,
  ...adminWhmcsImportSamples,
  ...adminAuditSamples,
  ...adminDeliveriesSamples,
  ...adminFlowsSamples,
  ...adminWebhooksSamples,
  ...adminEventsSamples,
  ...adminDomainInventorySamples,
  ...hostingImportSamples,

  // Test-only back-office functions (test/support/backOfficeFunctions.ts).
  testBackOfficeCountAccounts: async () => ({}),
  testBackOfficeRenameAccount: async ({ cast }) => ({ accountId: cast.otherAccountId, name: 'Renamed by the back office', reason: 'Matrix' }),
  ...hostingSamples,
};
