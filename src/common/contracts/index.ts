import type { FunctionContract, InputOf, OutputOf } from '../protocol.ts';
import * as accounts from './accounts.ts';
import * as adminAccounts from './adminAccounts.ts';
import * as adminAudit from './adminAudit.ts';
import * as adminDeliveries from './adminDeliveries.ts';
import * as adminFlows from './adminFlows.ts';
import * as adminWebhooks from './adminWebhooks.ts';
import * as adminEvents from './adminEvents.ts';
import * as adminDashboard from './adminDashboard.ts';
import * as adminImpersonation from './adminImpersonation.ts';
import * as adminMail from './adminMail.ts';
import * as adminOrders from './adminOrders.ts';
import * as adminSupport from './adminSupport.ts';
import * as adminUsers from './adminUsers.ts';
import * as billing from './billing.ts';
import * as catalog from './catalog.ts';
import * as dashboard from './dashboard.ts';
import * as domainManagement from './domainManagement.ts';
import * as domainOrders from './domainOrders.ts';
import * as domains from './domains.ts';
import * as invitations from './invitations.ts';
import * as members from './members.ts';
import * as profile from './profile.ts';
import * as session from './session.ts';
import * as testPayments from './testPayments.ts';
import * as tickets from './tickets.ts';

export const contracts = {
  getSessionState: session.getSessionState,
  setActiveAccount: session.setActiveAccount,
  getProfile: profile.getProfile,
  updateProfile: profile.updateProfile,
  listMyAccounts: accounts.listMyAccounts,
  createAccount: accounts.createAccount,
  getAccount: accounts.getAccount,
  listAccountMembers: members.listAccountMembers,
  updateMemberRole: members.updateMemberRole,
  removeMember: members.removeMember,
  sendInvitation: members.sendInvitation,
  getInvitation: invitations.getInvitation,
  acceptInvitation: invitations.acceptInvitation,
  listMyInvitations: invitations.listMyInvitations,
  submitTicket: tickets.submitTicket,
  listMyTickets: tickets.listMyTickets,
  getTicket: tickets.getTicket,
  addTicketReply: tickets.addTicketReply,
  closeMyTicket: tickets.closeMyTicket,
  getDashboard: dashboard.getDashboard,
  listProducts: catalog.listProducts,
  adminListProducts: catalog.adminListProducts,
  adminSaveProduct: catalog.adminSaveProduct,
  adminSavePrice: catalog.adminSavePrice,
  syncPaymentCatalog: catalog.syncPaymentCatalog,
  createStripeCheckoutSession: billing.createStripeCheckoutSession,
  createAccountStripePortalLink: billing.createAccountStripePortalLink,
  getBillingOverview: billing.getBillingOverview,
  updateBillingProfile: billing.updateBillingProfile,
  listInvoices: billing.listInvoices,
  getInvoice: billing.getInvoice,
  getTestCheckout: testPayments.getTestCheckout,
  payTestCheckout: testPayments.payTestCheckout,
  cancelTestCheckout: testPayments.cancelTestCheckout,
  getTestPortal: testPayments.getTestPortal,
  testPortalUpdateCard: testPayments.testPortalUpdateCard,
  testPortalSetCancelAtPeriodEnd: testPayments.testPortalSetCancelAtPeriodEnd,
  testPortalRenewNow: testPayments.testPortalRenewNow,
  getTldPricing: domains.getTldPricing,
  searchDomains: domains.searchDomains,
  syncSupplierTlds: domains.syncSupplierTlds,
  registerDomain: domainOrders.registerDomain,
  renewDomain: domainOrders.renewDomain,
  payDomainOrder: domainOrders.payDomainOrder,
  getDomainOrder: domainOrders.getDomainOrder,
  listDomains: domainManagement.listDomains,
  getDomainDetails: domainManagement.getDomainDetails,
  updateDomainContacts: domainManagement.updateDomainContacts,
  updateDomainNameservers: domainManagement.updateDomainNameservers,
  updateDomainAutoRenew: domainManagement.updateDomainAutoRenew,
  setDomainLock: domainManagement.setDomainLock,
  setDomainPrivacy: domainManagement.setDomainPrivacy,
  getDomainTransferCode: domainManagement.getDomainTransferCode,
  verifyManagedDomain: domainManagement.verifyManagedDomain,
  verifyManagedDomainsBulk: domainManagement.verifyManagedDomainsBulk,
  ...adminDashboard.contracts,
  ...adminUsers.contracts,
  ...adminAccounts.contracts,
  ...adminImpersonation.contracts,
  ...adminOrders.contracts,
  ...adminSupport.contracts,
  ...adminMail.contracts,
  ...adminAudit.contracts,
  ...adminDeliveries.contracts,
  ...adminFlows.contracts,
  ...adminWebhooks.contracts,
  ...adminEvents.contracts,
} satisfies Record<string, FunctionContract>;

export type Contracts = typeof contracts;
export type FunctionName = keyof Contracts;
export type FnInput<N extends FunctionName> = InputOf<Contracts[N]>;
export type FnOutput<N extends FunctionName> = OutputOf<Contracts[N]>;
