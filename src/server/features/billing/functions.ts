import * as billing from '../../../common/billing/contract.ts';
import { implement } from '../../rpc/registry.ts';
import { openPaymentPortal, startCheckout } from './checkout/checkout.ts';
import { invoiceDetail, pageOfInvoices } from './invoices/invoices.ts';
import { requireBillingEditor, requireBillingManager, requireBillingReader, requireInvoiceAccess } from './policy.ts';
import { billingOverview, saveBillingProfile } from './profile.ts';

export const handlers = [
  implement(billing.getBillingOverview, async ({ accountId }, { caller, services }) => {
    const role = await requireBillingReader(services.db, caller, accountId);
    return billingOverview(services, accountId, role);
  }),

  implement(billing.updateBillingProfile, async ({ accountId, ...profile }, { caller, services }) => {
    await requireBillingEditor(services.db, caller, accountId);
    return saveBillingProfile(services, caller, accountId, profile);
  }),

  implement(billing.createStripeCheckoutSession, async (input, ctx) => {
    await requireBillingManager(ctx.services.db, ctx.caller, input.accountId);
    return startCheckout(ctx, ctx.caller, input);
  }),

  implement(billing.createAccountStripePortalLink, async ({ accountId }, ctx) => {
    await requireBillingManager(ctx.services.db, ctx.caller, accountId);
    return openPaymentPortal(ctx, ctx.caller, accountId);
  }),

  implement(billing.listInvoices, async ({ accountId, cursor }, { caller, services }) => {
    await requireBillingReader(services.db, caller, accountId);
    return pageOfInvoices(services.db, accountId, cursor);
  }),

  implement(billing.getInvoice, async ({ invoiceId }, { caller, services }) => {
    await requireInvoiceAccess(services.db, caller, invoiceId);
    return { invoice: await invoiceDetail(services.db, invoiceId) };
  }),
];
