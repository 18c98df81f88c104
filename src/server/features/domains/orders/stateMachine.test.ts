import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { accountWithMembers } from '../../../../../test/support/factories.ts';
import { describeEachDialect, startTestApp, type TestApp } from '../../../../../test/support/testApp.ts';
import { canTransition, ORDER_STATUSES, type OrderStatus } from '../../../../common/domains/orders.ts';
import { nowIso } from '../../../db/connection.ts';
import { findOrder, insertOrder, transitionOrder } from './repository.ts';

/** transitionOrder against a real database: the state machine holds when writers race. */
describeEachDialect('transitionOrder', (dialect) => {
  let t: TestApp;
  let accountId: string;
  beforeAll(async () => {
    t = await startTestApp(dialect);
    accountId = (await accountWithMembers(t)).accountId;
  });
  afterAll(async () => { await t.stop(); });

  async function orderIn(status: OrderStatus): Promise<string> {
    const id = `ord_${randomBytes(9).toString('base64url')}`;
    await insertOrder(t.services.db, {
      id, kind: 'registration', accountId, userId: null, orderedBy: 'Test', domain: `sm-${randomBytes(4).toString('hex')}.com`, tld: 'com',
      domainId: null, years: 1, priceCents: 1299, currency: 'USD', contactInfo: null, privacyProtection: true, autoRenew: true, now: nowIso(),
    });
    if (status !== 'pending_payment') await t.services.db.updateTable('domain_orders').set({ status }).where('id', '=', id).execute();
    return id;
  }

  it('makes each allowed move, and for a disallowed one changes nothing at all', async () => {
    for (const from of ORDER_STATUSES) {
      for (const to of ORDER_STATUSES) {
        const id = await orderIn(from);
        const before = await findOrder(t.services.db, id);
        const moved = await transitionOrder(t.services.db, id, to, { error: 'moved', updated_at: '2030-01-01T00:00:00.000Z' });
        const after = await findOrder(t.services.db, id);
        expect({ from, to, moved }).toEqual({ from, to, moved: canTransition(from, to) });
        if (moved) expect(after).toMatchObject({ status: to, error: 'moved' });
        else expect(after).toEqual(before);
      }
    }
  });

  it('moves only from the status the writer names', async () => {
    const id = await orderIn('failed');
    expect(await transitionOrder(t.services.db, id, 'processing', { updated_at: nowIso() }, 'pending_payment')).toBe(false);
    expect((await findOrder(t.services.db, id))!.status).toBe('failed');
    expect(await transitionOrder(t.services.db, id, 'processing', { updated_at: nowIso() }, ['pending_payment', 'failed'])).toBe(true);
    expect((await findOrder(t.services.db, id))!.status).toBe('processing');
  });

  it('lets exactly one of two writers racing from pending_payment to processing win', async () => {
    for (let round = 0; round < 5; round += 1) {
      const id = await orderIn('pending_payment');
      const moves = await Promise.all(['pi_first', 'pi_second'].map((reference) => transitionOrder(
        t.services.db, id, 'processing', { payment_status: 'paid', payment_reference: reference, updated_at: nowIso() }, 'pending_payment',
      )));
      expect(moves.filter(Boolean)).toHaveLength(1);
      const winner = moves[0] ? 'pi_first' : 'pi_second';
      expect(await findOrder(t.services.db, id)).toMatchObject({ status: 'processing', payment_status: 'paid', payment_reference: winner });
    }
  });
});
