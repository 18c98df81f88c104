import type { FunctionContract, InputOf, OutputOf } from '../protocol.ts';
import * as accounts from '../accounts/contract.ts';
import * as adminAccounts from '../admin/accounts/contract.ts';
import * as adminAudit from '../admin/audit/contract.ts';
import * as adminCostHolds from '../admin/costHolds/contract.ts';
import * as adminDeliveries from '../admin/deliveries/contract.ts';
import * as adminDomainDetail from '../admin/domainDetail/contract.ts';
import * as adminDomainInventory from '../admin/domainInventory/contract.ts';
import * as adminFlows from '../admin/flows/contract.ts';
import * as adminWebhooks from '../admin/webhooks/contract.ts';
import * as adminEvents from '../admin/events/contract.ts';
import * as adminDashboard from '../admin/dashboard/contract.ts';
import * as adminImpersonation from '../admin/impersonation/contract.ts';
import * as adminMail from '../admin/mail/contract.ts';
import * as adminOrders from '../admin/orders/contract.ts';
import * as adminPortfolio from '../admin/portfolio/contract.ts';
import * as adminRegistrars from '../admin/registrars/contract.ts';
import * as adminSupport from '../admin/support/contract.ts';
import * as adminUsers from '../admin/users/contract.ts';
import * as adminWhois from '../admin/whois/contract.ts';
import * as adminWhmcsImport from '../admin/whmcsImport/contract.ts';
import * as hostingQueue from '../hosting/queueContract.ts';
import * as hostingAdminServices from '../hosting/adminServicesContract.ts';
import * as billing from '../billing/contract.ts';
import * as hostingProducts from '../hosting/productsContract.ts';
import * as hostingServers from '../hosting/serversContract.ts';
import * as catalog from '../catalog/contract.ts';
import * as dashboard from '../dashboard/contract.ts';
import * as domainManagement from '../domains/managementContract.ts';
import * as domainOrders from '../domains/ordersContract.ts';
import * as domains from '../domains/contract.ts';
import * as hostingImport from '../hosting/importContract.ts';
import * as invitations from '../invitations/contract.ts';
import * as accountInvitations from '../invitations/accountInvitations.ts';
import * as accountOwnership from '../accounts/ownership.ts';
import * as accountTicketAccess from '../accounts/ticketAccessSetting.ts';
import * as members from '../members/contract.ts';
import * as profile from '../profile/contract.ts';
import * as profileSessions from '../profile/sessionsContract.ts';
import * as passkeys from '../profile/passkeys.ts';
import * as session from '../session/contract.ts';
import * as testPayments from '../testPayments/contract.ts';
import * as tickets from '../tickets/contract.ts';
import * as hostingServices from '../hosting/servicesContract.ts';

export const contracts = {
  getSessionState: session.getSessionState,
  setActiveAccount: session.setActiveAccount,
  getProfile: profile.getProfile,
  updateProfile: profile.updateProfile,
  listMySessions: profileSessions.listMySessions,
  revokeMySession: profileSessions.revokeMySession,
  revokeMyOtherSessions: profileSessions.revokeMyOtherSessions,
  listMyPasskeys: passkeys.listMyPasskeys,
  renamePasskey: passkeys.renamePasskey,
  removePasskey: passkeys.removePasskey,
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
  listAccountInvitations: accountInvitations.listAccountInvitations,
  revokeInvitation: accountInvitations.revokeInvitation,
  transferAccountOwnership: accountOwnership.transferAccountOwnership,
  getAccountTicketAccess: accountTicketAccess.getAccountTicketAccess,
  setAccountTicketAccess: accountTicketAccess.setAccountTicketAccess,
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
  getRenewalPrices: domainOrders.getRenewalPrices,
  payDomainOrder: domainOrders.payDomainOrder,
  getDomainOrder: domainOrders.getDomainOrder,
  listDomainOrders: domainOrders.listDomainOrders,
  cancelDomainOrder: domainOrders.cancelDomainOrder,
  listAccountServices: hostingServices.listAccountServices,
  getAccountService: hostingServices.getAccountService,
  openServiceControlPanel: hostingServices.openServiceControlPanel,
  changeServicePassword: hostingServices.changeServicePassword,
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
  ...adminPortfolio.contracts,
  ...adminRegistrars.contracts,
  ...adminCostHolds.contracts,
  ...adminDomainDetail.contracts,
  ...adminSupport.contracts,
  ...adminMail.contracts,
  ...adminAudit.contracts,
  ...adminDeliveries.contracts,
  ...adminFlows.contracts,
  ...adminWebhooks.contracts,
  ...adminEvents.contracts,
  ...adminWhois.contracts,
  ...adminWhmcsImport.contracts,
  ...adminDomainInventory.contracts,
  ...hostingServers.contracts,
  ...hostingProducts.contracts,
  ...hostingQueue.contracts,
  ...hostingAdminServices.contracts,
  ...hostingImport.contracts,
} satisfies Record<string, FunctionContract>;

export type Contracts = typeof contracts;
export type FunctionName = keyof Contracts;
export type FnInput<N extends FunctionName> = InputOf<Contracts[N]>;
export type FnOutput<N extends FunctionName> = OutputOf<Contracts[N]>;
