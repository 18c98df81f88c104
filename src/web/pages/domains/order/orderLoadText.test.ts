import { describe, expect, it } from 'vitest';
import { orderLoadText, paymentReturn } from './orderLoadText.ts';

describe('the order page\'s load failures', () => {
  it('a 404 is Order not found, without a retry; anything else Failed to load order details, with one', () => {
    expect(orderLoadText('not-found')).toEqual({ text: 'Order not found', retry: false });
    expect(orderLoadText('internal')).toEqual({ text: 'Failed to load order details', retry: true });
  });
});

describe('paymentReturn', () => {
  it('reads the provider\'s return, and nothing else', () => {
    expect(paymentReturn(new URLSearchParams('payment=cancelled'))).toBe('cancelled');
    expect(paymentReturn(new URLSearchParams('payment=success&session_id=cs_1'))).toBe('success');
    expect(paymentReturn(new URLSearchParams('payment=maybe'))).toBeNull();
    expect(paymentReturn(new URLSearchParams(''))).toBeNull();
  });
});

