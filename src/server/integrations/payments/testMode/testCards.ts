import { TEST_CARD_DECLINED } from '../../../../common/billing/billing.ts';
import { CARD_EXPIRED, CARD_NUMBER_INVALID } from '../../../../common/testPayments/contract.ts';
import { PaymentProviderError } from '../provider.ts';
import type { TestCardOnFile } from './testObjects.ts';

/** A card as typed on the test checkout or portal page (the contract has checked its format). */
export interface TypedTestCard {
  cardNumber: string;
  expiry: string;
  cvc: string;
}

/**
 * Stripe test mode's rules: any number passing the Luhn check is a card (its brand from its
 * prefix), 4000 0000 0000 0002 is declined when charged, and a card whose month has passed is
 * refused at once. Answers what may be kept on file.
 */
export function acceptTestCard(card: TypedTestCard, now: Date): TestCardOnFile {
  if (!passesLuhn(card.cardNumber)) throw new PaymentProviderError('invalid_request', CARD_NUMBER_INVALID);
  const [month, year] = card.expiry.split('/').map((part) => Number(part.trim()));
  const expYear = 2000 + year;
  if (expYear < now.getUTCFullYear() || (expYear === now.getUTCFullYear() && month < now.getUTCMonth() + 1)) {
    throw new PaymentProviderError('invalid_request', CARD_EXPIRED);
  }
  return { brand: brandOf(card.cardNumber), last4: card.cardNumber.slice(-4), expMonth: month, expYear, declines: card.cardNumber === TEST_CARD_DECLINED };
}

/** Whether a card on file can be charged now: the declining card never, an expired one no longer. */
export function chargeable(card: TestCardOnFile | null, now: Date): boolean {
  if (!card || card.declines) return false;
  return card.expYear > now.getUTCFullYear() || (card.expYear === now.getUTCFullYear() && card.expMonth >= now.getUTCMonth() + 1);
}

export function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

const BRANDS: [RegExp, string][] = [
  [/^4/, 'visa'],
  [/^(5[1-5]|2(2[2-9]|[3-6]\d|7[01]|720))/, 'mastercard'],
  [/^3[47]/, 'amex'],
  [/^(6011|65|64[4-9])/, 'discover'],
  [/^35/, 'jcb'],
  [/^(30|36|38)/, 'diners'],
  [/^62/, 'unionpay'],
];

export function brandOf(digits: string): string {
  return BRANDS.find(([prefix]) => prefix.test(digits))?.[1] ?? 'unknown';
}
