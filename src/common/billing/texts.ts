/**
 * The billing functions' texts (the spec's, customer portal sections 5 and 8, and ours), shared
 * by the server's answers and the pages; kept free of zod so a page that shows them stays light.
 */
export const BILLING_PROFILE_SAVED = 'Billing profile updated successfully!';
export const BILLING_EMAIL_REQUIRED = 'Billing email is required.';
export const BILLING_EDIT_DENIED = 'You do not have permission or data is missing.';
export const BILLING_NOT_ACTIVATED = 'Billing needs to be activated by subscribing first.';
export const BILLING_MANAGE_DENIED = 'You do not have permission to manage billing for this account. Please contact an account owner or administrator.';
export const PLAN_UNAVAILABLE = 'This plan is no longer available.';
export const INVOICE_NOT_FOUND = 'Invoice not found.';
/** Why a checkout or the portal link failed when the provider did not answer; fits 'Checkout failed: {message}'. */
export const PAYMENT_PROVIDER_UNAVAILABLE = 'The payment provider is not reachable right now';
export const PAYMENT_CUSTOMER_UNKNOWN = 'The payment provider does not know this account\'s customer record. Please contact support.';

