import { z } from 'zod';
import { CHECKOUT_MODES, CHECKOUT_STATUSES, INVOICE_STATUSES, PRICE_INTERVALS, SUBSCRIPTION_STATUSES } from '../billing/billing.ts';
import { defineContract } from '../protocol.ts';
import { id, isoDate } from '../contracts/shared.ts';

/**
 * The built-in test-mode payment provider's hosted pages (checkout and customer portal), the
 * offline stand-in for Stripe's. A session belongs to the user who started it: anyone else
 * gets NOT_FOUND, as for an unknown id. In Stripe mode there are no such sessions (NOT_FOUND).
 */
const sessionOwnerOnly = { signedOut: 401, member: 404, admin: 404, owner: 200, outsider: 404, superAdmin: 404 } as const;

export const CARD_DECLINED = 'Your card was declined.';
export const CARD_NUMBER_INVALID = 'Your card number is invalid.';
export const CARD_EXPIRED = 'Your card\'s expiration date is in the past.';
export const TEST_SESSION_NOT_FOUND = 'This payment session does not exist or has ended.';
export const CHECKOUT_ALREADY_PAID = 'This checkout has already been paid.';
export const TEST_SUBSCRIPTION_NOT_FOUND = 'Subscription not found.';
export const SUBSCRIPTION_ENDED = 'This subscription has ended.';
export const RENEWAL_NEEDS_RESUME = 'This subscription ends at the close of its period. Resume it to renew.';
export const CARD_UPDATED = 'Your card was updated.';
export const CANCEL_SCHEDULED = 'Your subscription will be canceled at the end of the current period.';
export const SUBSCRIPTION_RESUMED = 'Your subscription was resumed.';
export const RENEWAL_PAID = 'The renewal was paid.';
export const RENEWAL_FAILED = 'The renewal payment failed: your card was declined.';

export const testCard = z.object({
  cardNumber: z.string({ error: CARD_NUMBER_INVALID }).transform((n) => n.replace(/[\s-]/g, ''))
    .pipe(z.string().regex(/^\d{12,19}$/, CARD_NUMBER_INVALID)),
  expiry: z.string({ error: 'Expiry is required.' }).trim().regex(/^(0[1-9]|1[0-2])\s*\/\s*\d{2}$/, 'Expiry must be MM / YY.'),
  cvc: z.string({ error: 'CVC is required.' }).trim().regex(/^\d{3,4}$/, 'CVC must be 3 or 4 digits.'),
  cardholderName: z.string({ error: 'Name on card is required.' }).trim().min(1, 'Name on card is required.').max(120, 'Name on card is too long.'),
});

export type TestCardInput = z.output<typeof testCard>;

const line = z.object({
  description: z.string(),
  unitAmount: z.number().int(),
  currency: z.string(),
  interval: z.enum(PRICE_INTERVALS).nullable(),
  quantity: z.number().int(),
});

export const getTestCheckout = defineContract({
  name: 'getTestCheckout',
  summary: 'TEST MODE: the hosted checkout page\'s session (what is bought, by which account).',
  access: 'user',
  kind: 'read',
  permissions: sessionOwnerOnly,
  input: z.object({ sessionId: id('Session ID') }).strict(),
  output: z.object({
    session: z.object({
      id: z.string(),
      status: z.enum(CHECKOUT_STATUSES),
      mode: z.enum(CHECKOUT_MODES),
      accountName: z.string(),
      customerEmail: z.string().nullable(),
      lines: z.array(line),
      amountTotal: z.number().int(),
      currency: z.string(),
      successUrl: z.string(),
      cancelUrl: z.string(),
    }),
  }),
});

export const payTestCheckout = defineContract({
  name: 'payTestCheckout',
  summary: 'TEST MODE: pays the session with a test card (4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 is declined); answers where to go next.',
  access: 'user',
  kind: 'write',
  permissions: sessionOwnerOnly,
  input: testCard.extend({ sessionId: id('Session ID') }).strict(),
  output: z.object({ redirectUrl: z.string() }),
});

export const cancelTestCheckout = defineContract({
  name: 'cancelTestCheckout',
  summary: 'TEST MODE: leaves the checkout without paying; answers the cancel address.',
  access: 'user',
  kind: 'write',
  permissions: sessionOwnerOnly,
  input: z.object({ sessionId: id('Session ID') }).strict(),
  output: z.object({ redirectUrl: z.string() }),
});

const portalInput = { portalSessionId: id('Portal session ID') };

export const getTestPortal = defineContract({
  name: 'getTestPortal',
  summary: 'TEST MODE: the customer portal\'s view: card on file, subscriptions and invoices of the customer.',
  access: 'user',
  kind: 'read',
  permissions: sessionOwnerOnly,
  input: z.object(portalInput).strict(),
  output: z.object({
    portal: z.object({
      accountName: z.string(),
      customerEmail: z.string().nullable(),
      returnUrl: z.string(),
      card: z.object({ brand: z.string(), last4: z.string(), expMonth: z.number().int(), expYear: z.number().int() }).nullable(),
      subscriptions: z.array(z.object({
        id: z.string(),
        productName: z.string(),
        status: z.enum(SUBSCRIPTION_STATUSES),
        unitAmount: z.number().int(),
        currency: z.string(),
        interval: z.enum(PRICE_INTERVALS).nullable(),
        currentPeriodEnd: isoDate,
        cancelAtPeriodEnd: z.boolean(),
      })),
      invoices: z.array(z.object({
        id: z.string(), number: z.string(), amountCents: z.number().int(), currency: z.string(), status: z.enum(INVOICE_STATUSES), created: isoDate,
      })),
    }),
  }),
});

export const testPortalUpdateCard = defineContract({
  name: 'testPortalUpdateCard',
  summary: 'TEST MODE: replaces the card on file (the declining test card is accepted here and fails the next charge).',
  access: 'user',
  kind: 'write',
  permissions: sessionOwnerOnly,
  input: testCard.extend(portalInput).strict(),
  output: z.object({ success: z.literal(true), message: z.string() }),
});

export const testPortalSetCancelAtPeriodEnd = defineContract({
  name: 'testPortalSetCancelAtPeriodEnd',
  summary: 'TEST MODE: cancels a subscription at the end of its period, or resumes it.',
  access: 'user',
  kind: 'write',
  permissions: sessionOwnerOnly,
  input: z.object({ ...portalInput, subscriptionId: id('Subscription ID'), cancelAtPeriodEnd: z.boolean() }).strict(),
  output: z.object({ success: z.literal(true), message: z.string() }),
});

export const testPortalRenewNow = defineContract({
  name: 'testPortalRenewNow',
  summary: 'TEST MODE: runs a subscription\'s next renewal now, charging the card on file (paid, or failed and past due).',
  access: 'user',
  kind: 'write',
  permissions: sessionOwnerOnly,
  input: z.object({ ...portalInput, subscriptionId: id('Subscription ID') }).strict(),
  output: z.object({ outcome: z.enum(['paid', 'failed']), message: z.string() }),
});
