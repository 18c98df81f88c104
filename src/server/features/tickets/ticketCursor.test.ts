import { describe, expect, it } from 'vitest';
import { FunctionError } from '../../rpc/errors.ts';
import { decodeTicketCursor, encodeTicketCursor, INVALID_CURSOR } from './ticketCursor.ts';

describe('ticket list cursor', () => {
  it('round-trips the position as each dialect prints created_at', () => {
    for (const createdAt of ['2024-05-01T10:00:00.123Z', '2024-05-01 10:00:00.123456+00', '2024-05-01 10:00:00+05:30']) {
      const at = { createdAt, id: '9b2f6c1e-0000-4000-8000-000000000000' };
      const cursor = encodeTicketCursor(at);
      expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
      expect(decodeTicketCursor(cursor)).toEqual(at);
    }
  });

  it('refuses anything it did not produce with INVALID_ARGUMENT', () => {
    const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    for (const bad of ['%%%', 'bm90IGpzb24', encode([1, 2]), encode({ c: 'yesterday', i: 'x' }), encode({ c: '2024-05-01T10:00:00Z', i: '' }),
      encode({ c: '2024-05-01T10:00:00Z', i: 'x', extra: 1 }), encode({ c: '2024-13-45T99:99:99Z', i: 'x' }),
      encode({ c: '2024-02-30 10:00:00+00', i: 'x' }), encode({ c: '2024-05-01T10:00:00Z', i: 'a\u0000b' })]) {
      try {
        decodeTicketCursor(bad);
        expect.unreachable(`accepted ${bad}`);
      } catch (error) {
        expect(error).toBeInstanceOf(FunctionError);
        expect((error as FunctionError).toWire()).toEqual({ status: 'INVALID_ARGUMENT', message: INVALID_CURSOR });
      }
    }
  });
});
