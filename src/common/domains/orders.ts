/**
 * Domain orders: the spec's status values, the one state machine every writer goes through
 * (payment events, the registration job, the daily renewals, and the back office's status
 * changes), the registration form's rules and texts. Shared by the server and the pages.
 */

export const ORDER_STATUSES = ['pending_payment', 'processing', 'completed', 'failed', 'requires_manual_processing', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** 'refunded': an operator cancelled a paid order and the payment provider returned the money. */
export const PAYMENT_STATUSES = ['pending', 'paid', 'failed', 'refunded'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** `renewing` is ours: a renewal order at the registrar; the spec's three values cover registrations. */
export const REGISTRATION_STATUSES = ['pending', 'registered', 'failed'] as const;
export type RegistrationStatus = (typeof REGISTRATION_STATUSES)[number];

/** A registration (a new name) or a renewal (of a domain the account has); both are paid, then executed by one job. */
export const ORDER_KINDS = ['registration', 'renewal'] as const;
export type OrderKind = (typeof ORDER_KINDS)[number];

/**
 * Which status may follow which. A processing order belongs to the registration job, so nobody
 * cancels it under the job's feet: it fails or completes first, or an operator parks it in
 * requires_manual_processing. Completed and cancelled are final.
 */
export const ORDER_TRANSITIONS: Record<OrderStatus, readonly OrderStatus[]> = {
  pending_payment: ['processing', 'failed', 'cancelled'],
  processing: ['completed', 'failed', 'requires_manual_processing'],
  failed: ['processing', 'requires_manual_processing', 'completed', 'cancelled'],
  requires_manual_processing: ['processing', 'completed', 'failed', 'cancelled'],
  completed: [],
  cancelled: [],
};

export function canTransition(from: OrderStatus, to: OrderStatus): boolean {
  return ORDER_TRANSITIONS[from].includes(to);
}

/** The states an order may have been in just before `to` (for a conditional UPDATE ... WHERE status IN). */
export function statusesBefore(to: OrderStatus): OrderStatus[] {
  return ORDER_STATUSES.filter((from) => canTransition(from, to));
}

export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  pending_payment: 'Pending payment',
  processing: 'Processing',
  completed: 'Completed',
  failed: 'Failed',
  requires_manual_processing: 'Requires manual processing',
  cancelled: 'Cancelled',
};

// Registration form (spec §2, §5, §9).
export const REGISTRATION_YEARS = { min: 1, max: 10 } as const;
export const CONTACT_COUNTRIES = ['US', 'CA', 'GB', 'AU', 'DE', 'FR', 'JP'] as const;
export type ContactCountry = (typeof CONTACT_COUNTRIES)[number];
export const DEFAULT_CONTACT_COUNTRY: ContactCountry = 'US';
export const COUNTRY_NAMES: Record<ContactCountry, string> = {
  US: 'United States', CA: 'Canada', GB: 'United Kingdom', AU: 'Australia', DE: 'Germany', FR: 'France', JP: 'Japan',
};
/** International calling codes, to put a typed phone number into the registrars' '+CC.NUMBER' form. */
export const COUNTRY_CALLING_CODES: Record<ContactCountry, string> = { US: '1', CA: '1', GB: '44', AU: '61', DE: '49', FR: '33', JP: '81' };

/** The form's required fields in order; the message words come from the field name ('postalCode' → 'postal code'). */
export const REQUIRED_CONTACT_FIELDS = ['firstName', 'lastName', 'email', 'phone', 'address', 'city', 'state', 'postalCode'] as const;
export type RequiredContactField = (typeof REQUIRED_CONTACT_FIELDS)[number];

/** 'Please fill in {field words lowercased}': 'Please fill in postal code'. */
export function missingFieldMessage(field: RequiredContactField): string {
  return `Please fill in ${field.replace(/([A-Z])/g, ' $1').toLowerCase()}`;
}

/** A phone number `toRegistrarPhone` cannot put in the registrars' form: refused before payment, on the page and the server. */
export const INVALID_PHONE = 'Please enter a valid phone number, with its country code if it is not in the chosen country.';
/** `orderedBy` of the daily job's renewal orders, charged to the saved payment method rather than paid through a checkout. */
export const AUTOMATIC_RENEWAL_ORDERED_BY = 'Automatic renewal';
export const AUTOMATIC_RENEWAL_CHARGED = 'This automatic renewal is charged to the saved payment method of the account; it needs no checkout.';

/** An order the daily job placed (no user ordered it). */
export function isAutomaticRenewal(order: { kind: string; userId: string | null; orderedBy: string | null }): boolean {
  return order.kind === 'renewal' && order.userId === null && order.orderedBy === AUTOMATIC_RENEWAL_ORDERED_BY;
}

export const REGISTRATION_BLOCKED = 'Missing required information or services not ready.';
export const NO_DOMAIN_SPECIFIED = 'No domain specified';
export const NO_ACTIVE_ACCOUNT = 'No active account';
export const ORDER_NOT_FOUND = 'Order not found';
export const ORDER_LOAD_FAILED = 'Failed to load order details';
export const REGISTRATION_FAILED = 'Registration failed';
export const registrationFailedMessage = (message: string) => `Registration failed: ${message}`;
/** Spec §9: the wait before the registration page hands over to the order page. */
export const ORDER_REDIRECT_DELAY_MS = 3000;

/**
 * The registrars' phone form, '+CC.NUMBER', from what a customer types: '+44 20 7946 0000',
 * '(555) 555-0100' with country US, '+1.5555550100'. Null when it cannot be a phone number
 * (fewer than 6 or more than 15 digits).
 */
export function toRegistrarPhone(typed: string, country: ContactCountry): string | null {
  const trimmed = typed.trim();
  const dotted = /^\+(\d{1,3})\.(\d{4,14})$/.exec(trimmed.replace(/[\s()-]/g, ''));
  if (dotted) return `+${dotted[1]}.${dotted[2]}`;
  const international = trimmed.startsWith('+') || trimmed.startsWith('00');
  let digits = trimmed.replace(/\D/g, '');
  if (trimmed.startsWith('00')) digits = digits.slice(2);
  if (digits.length < 6 || digits.length > 15) return null;
  const code = COUNTRY_CALLING_CODES[country];
  if (international) {
    if (digits.startsWith(code)) return `+${code}.${digits.slice(code.length)}`;
    const length = callingCodeLength(digits);
    return `+${digits.slice(0, length)}.${digits.slice(length)}`;
  }
  // A national number: drop the trunk prefix (0 in UK, DE, FR, AU, JP; 1 in North America) before the country code.
  const national = code === '1' ? (digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits)
    : digits.startsWith('0') ? digits.slice(1) : digits;
  return `+${code}.${national}`;
}

// ITU-T E.164 country codes are prefix-free: 1 (North America) and 7 have one digit, these two, all others three.
const TWO_DIGIT_CALLING_CODES = new Set([
  '20', '27', '30', '31', '32', '33', '34', '36', '39', '40', '41', '43', '44', '45', '46', '47', '48', '49', '51', '52', '53', '54', '55',
  '56', '57', '58', '60', '61', '62', '63', '64', '65', '66', '81', '82', '84', '86', '90', '91', '92', '93', '94', '95', '98',
]);

function callingCodeLength(digits: string): number {
  if (digits.startsWith('1') || digits.startsWith('7')) return 1;
  return TWO_DIGIT_CALLING_CODES.has(digits.slice(0, 2)) ? 2 : 3;
}
