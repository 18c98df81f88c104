import { describe, expect, it } from 'vitest';
import {
  canTransition, isAutomaticRenewal, missingFieldMessage, ORDER_STATUSES, type OrderStatus, REQUIRED_CONTACT_FIELDS, statusesBefore, toRegistrarPhone,
} from './orders.ts';

describe('the order state machine', () => {
  // The design written out once more, by hand: a change to the machine must change this table too.
  const allowed: Record<OrderStatus, OrderStatus[]> = {
    pending_payment: ['processing', 'failed', 'cancelled'],
    processing: ['completed', 'failed', 'requires_manual_processing'],
    failed: ['processing', 'requires_manual_processing', 'completed', 'cancelled'],
    requires_manual_processing: ['processing', 'completed', 'failed', 'cancelled'],
    completed: [],
    cancelled: [],
  };

  it('allows exactly the designed moves, for every pair of statuses', () => {
    const moves = ORDER_STATUSES.flatMap((from) => ORDER_STATUSES.map((to) => ({ from, to, allowed: canTransition(from, to) })));
    expect(moves).toHaveLength(36);
    expect(moves).toEqual(ORDER_STATUSES.flatMap((from) => ORDER_STATUSES.map((to) => ({ from, to, allowed: allowed[from].includes(to) }))));
  });

  it('never moves an order to the status it has', () => {
    for (const status of ORDER_STATUSES) expect(canTransition(status, status)).toBe(false);
  });

  it('keeps completed and cancelled orders as they are', () => {
    for (const to of ORDER_STATUSES) {
      expect(canTransition('completed', to)).toBe(false);
      expect(canTransition('cancelled', to)).toBe(false);
    }
  });

  it('lets nobody cancel a processing order under the registration job', () => {
    expect(canTransition('processing', 'cancelled')).toBe(false);
    expect(canTransition('processing', 'pending_payment')).toBe(false);
  });

  it('names the statuses an order may come from, for the conditional update', () => {
    expect(statusesBefore('processing').sort()).toEqual(['failed', 'pending_payment', 'requires_manual_processing']);
    expect(statusesBefore('completed').sort()).toEqual(['failed', 'processing', 'requires_manual_processing']);
    expect(statusesBefore('pending_payment')).toEqual([]);
  });
});

describe('missingFieldMessage', () => {
  it('words each required field as the spec does', () => {
    expect(REQUIRED_CONTACT_FIELDS.map(missingFieldMessage)).toEqual([
      'Please fill in first name', 'Please fill in last name', 'Please fill in email', 'Please fill in phone',
      'Please fill in address', 'Please fill in city', 'Please fill in state', 'Please fill in postal code',
    ]);
  });
});

describe('toRegistrarPhone', () => {
  it('puts a national number behind the country\'s calling code', () => {
    expect(toRegistrarPhone('(555) 555-0100', 'US')).toBe('+1.5555550100');
    expect(toRegistrarPhone('555.555.0100', 'CA')).toBe('+1.5555550100');
    expect(toRegistrarPhone('3 9876 5432', 'AU')).toBe('+61.398765432');
  });

  it('drops the trunk prefix of a national number', () => {
    expect(toRegistrarPhone('020 7946 0000', 'GB')).toBe('+44.2079460000');
    expect(toRegistrarPhone('030 1234567', 'DE')).toBe('+49.301234567');
    expect(toRegistrarPhone('01 23 45 67 89', 'FR')).toBe('+33.123456789');
    expect(toRegistrarPhone('03-1234-5678', 'JP')).toBe('+81.312345678');
    expect(toRegistrarPhone('1 (555) 555-0100', 'US')).toBe('+1.5555550100');
  });

  it('keeps an international number\'s own country code', () => {
    expect(toRegistrarPhone('+44 20 7946 0000', 'GB')).toBe('+44.2079460000');
    expect(toRegistrarPhone('+44 20 7946 0000', 'US')).toBe('+44.2079460000');
    expect(toRegistrarPhone('0049 30 1234567', 'US')).toBe('+49.301234567');
    expect(toRegistrarPhone('+1 555 555 0100', 'GB')).toBe('+1.5555550100');
    expect(toRegistrarPhone('+353 1 234 5678', 'GB')).toBe('+353.12345678');
    expect(toRegistrarPhone('+7 495 123 4567', 'DE')).toBe('+7.4951234567');
  });

  it('accepts the registrars\' own dotted form as it is', () => {
    expect(toRegistrarPhone(' +1.5555550100 ', 'GB')).toBe('+1.5555550100');
    expect(toRegistrarPhone('+44.2079460000', 'US')).toBe('+44.2079460000');
  });

  it('refuses what cannot be a phone number', () => {
    expect(toRegistrarPhone('12345', 'US')).toBeNull();
    expect(toRegistrarPhone('call me', 'US')).toBeNull();
    expect(toRegistrarPhone('+1 2345 6789 0123 4567', 'US')).toBeNull();
  });
});

describe('isAutomaticRenewal', () => {
  it('is the daily job\'s renewal only: no user, ordered by Automatic renewal', () => {
    expect(isAutomaticRenewal({ kind: 'renewal', userId: null, orderedBy: 'Automatic renewal' })).toBe(true);
    expect(isAutomaticRenewal({ kind: 'renewal', userId: 'u1', orderedBy: 'Ada Lovelace' })).toBe(false);
    expect(isAutomaticRenewal({ kind: 'registration', userId: null, orderedBy: 'Automatic renewal' })).toBe(false);
  });
});
