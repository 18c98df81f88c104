import { describe, expect, it } from 'vitest';
import { CARD_EXPIRED, CARD_NUMBER_INVALID } from '../../../../common/testPayments/contract.ts';
import { acceptTestCard, brandOf, chargeable, passesLuhn } from './testCards.ts';

const now = new Date(Date.UTC(2030, 5, 15));
const card = (cardNumber: string, expiry = '12 / 31') => ({ cardNumber, expiry, cvc: '123' });

describe('test cards', () => {
  it('the Luhn check: Stripe\'s test numbers pass, a changed digit fails', () => {
    for (const n of ['4242424242424242', '4000000000000002', '5555555555554444', '378282246310005', '6011111111111117']) expect(passesLuhn(n)).toBe(true);
    expect(passesLuhn('4242424242424241')).toBe(false);
  });

  it('the brand comes from the prefix', () => {
    expect(['4242424242424242', '5555555555554444', '2223003122003222', '378282246310005', '6011111111111117', '3566002020360505', '36227206271667', '6200000000000005', '9999999999999995']
      .map(brandOf)).toEqual(['visa', 'mastercard', 'mastercard', 'amex', 'discover', 'jcb', 'diners', 'unionpay', 'unknown']);
  });

  it('4242 is kept on file as brand, last four and expiry; 4000 0000 0000 0002 is kept but declines', () => {
    expect(acceptTestCard(card('4242424242424242'), now)).toEqual({ brand: 'visa', last4: '4242', expMonth: 12, expYear: 2031, declines: false });
    expect(acceptTestCard(card('4000000000000002'), now)).toMatchObject({ last4: '0002', declines: true });
  });

  it('a number failing Luhn, and a month already over, are refused; the current month is still good', () => {
    expect(() => acceptTestCard(card('4242424242424241'), now)).toThrow(CARD_NUMBER_INVALID);
    expect(() => acceptTestCard(card('4242424242424242', '05 / 30'), now)).toThrow(CARD_EXPIRED);
    expect(() => acceptTestCard(card('4242424242424242', '12 / 29'), now)).toThrow(CARD_EXPIRED);
    expect(acceptTestCard(card('4242424242424242', '06 / 30'), now).expMonth).toBe(6);
  });

  it('a charge needs a card that does not decline and has not expired by then', () => {
    const good = acceptTestCard(card('4242424242424242', '06 / 30'), now);
    expect(chargeable(good, now)).toBe(true);
    expect(chargeable(good, new Date(Date.UTC(2030, 6, 1)))).toBe(false);
    expect(chargeable(acceptTestCard(card('4000000000000002'), now), now)).toBe(false);
    expect(chargeable(null, now)).toBe(false);
  });
});
