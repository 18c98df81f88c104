import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  DELIVERY_NOT_FOUND, instantMessage, REPLAY_MAX_DELIVERIES, REPLAY_SINCE_IN_FUTURE, REPLAY_SINCE_TOO_OLD, RESEND_WEBHOOK_GONE,
  RESEND_WHILE_PENDING, resendWebhookInactive, RESENT, replayWebhookInactive, WEBHOOK_NOT_FOUND,
} from '../../../../common/admin/deliveries/texts.ts';
import { liveTopics } from '../../../../common/live.ts';
import { NUL_IN_TEXT } from '../../../http/jsonBody.ts';
import { insertDeliveryRow, insertWebhookRow } from '../../../../../test/support/events/deliveryRows.ts';
import { auditEntries, signUpOperator } from '../../../../../test/support/operators.ts';
import { describeEachDialect, startTestApp, type TestApp, type TestUser } from '../../../../../test/support/testApp.ts';
import { earliestReplayStart } from './replay.ts';

const HOUR = 3600_000;
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();

describeEachDialect('back office: resend and replay webhook deliveries', (dialect) => {
  let t: TestApp;
  let operator: TestUser;
  const published: string[] = [];

  beforeAll(async () => {
    t = await startTestApp(dialect);
    operator = await signUpOperator(t);
    const publish = t.services.live.publish.bind(t.services.live);
    t.services.live.publish = (tx, topic, kind) => {
      published.push(`${topic} ${kind}`);
      publish(tx, topic, kind);
    };
  });
  afterAll(async () => { await t.stop(); });

  const rowOf = (id: string) => t.services.db.selectFrom('webhook_deliveries').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  it('puts a failed delivery back in the queue now, same id, one more attempt, lease cleared; audited and announced', async () => {
    const webhookId = await insertWebhookRow(t);
    const deliveryId = await insertDeliveryRow(t, { webhookId, status: 'failed', attempts: 4, maxAttempts: 4, createdAt: ago(HOUR) });
    published.length = 0;
    const before = Date.now();
    const res = await t.call('resendDelivery', { deliveryId }, operator);
    expect(res.status).toBe(200);
    expect(res.result).toMatchObject({ success: true, message: RESENT, delivery: { id: deliveryId, status: 'pending', attempts: 4, maxAttempts: 5, completedAt: null } });
    const row = await rowOf(deliveryId);
    expect(row).toMatchObject({ status: 'pending', attempts: 4, max_attempts: 5, lease_until: null, lease_owner: null, completed_at: null });
    const due = Date.parse(String(row.next_attempt_at));
    expect(due).toBeGreaterThanOrEqual(before - 1000);
    expect(due).toBeLessThanOrEqual(Date.now() + 1000);
    // The last attempt's facts stay: they are still what last happened.
    expect(row).toMatchObject({ last_http_status: 500, last_error: 'HTTP 500' });
    const [entry] = await auditEntries(t, 'webhook_delivery.resent', deliveryId);
    expect(entry).toMatchObject({
      actorUserId: operator.id, targetType: 'webhook_delivery',
      before: { status: 'failed', attempts: 4, maxAttempts: 4 }, after: { status: 'pending', maxAttempts: 5, webhookId },
    });
    expect(published).toEqual([`${liveTopics.adminEvents()} events.changed`]);
  });

  it('resends a successful delivery too, keeping the retries it did not use', async () => {
    const webhookId = await insertWebhookRow(t);
    const deliveryId = await insertDeliveryRow(t, { webhookId, status: 'success', attempts: 1, maxAttempts: 4 });
    expect((await t.call('resendDelivery', { deliveryId }, operator)).status).toBe(200);
    expect(await rowOf(deliveryId)).toMatchObject({ status: 'pending', attempts: 1, max_attempts: 4 });
  });

  it('refuses to resend while the delivery is pending or being sent (409), and a second resend in a row', async () => {
    const webhookId = await insertWebhookRow(t);
    const waiting = await insertDeliveryRow(t, { webhookId, status: 'pending' });
    const leased = await insertDeliveryRow(t, { webhookId, status: 'pending', attempts: 1, leaseUntil: new Date(Date.now() + 30_000).toISOString() });
    for (const deliveryId of [waiting, leased]) {
      const before = await rowOf(deliveryId);
      const res = await t.call('resendDelivery', { deliveryId }, operator);
      expect([res.status, res.error!.status, res.error!.message]).toEqual([409, 'ABORTED', RESEND_WHILE_PENDING]);
      expect(await rowOf(deliveryId)).toEqual(before);
    }
    const failed = await insertDeliveryRow(t, { webhookId, status: 'failed' });
    expect((await t.call('resendDelivery', { deliveryId: failed }, operator)).status).toBe(200);
    const again = await t.call('resendDelivery', { deliveryId: failed }, operator);
    expect([again.status, again.error!.message]).toEqual([409, RESEND_WHILE_PENDING]);
    expect(await auditEntries(t, 'webhook_delivery.resent', failed)).toHaveLength(1);
  });

  it('moves a delivery once when several operators resend it at the same moment', async () => {
    const webhookId = await insertWebhookRow(t);
    const deliveryId = await insertDeliveryRow(t, { webhookId, status: 'failed', attempts: 4, maxAttempts: 4 });
    const answers = await Promise.all(Array.from({ length: 5 }, () => t.call('resendDelivery', { deliveryId }, operator)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409, 409, 409]);
    expect(await rowOf(deliveryId)).toMatchObject({ status: 'pending', max_attempts: 5 });
    expect(await auditEntries(t, 'webhook_delivery.resent', deliveryId)).toHaveLength(1);
  });

  it('refuses to resend to an inactive or deleted webhook, saying so, and writes nothing', async () => {
    const inactive = await insertWebhookRow(t, { name: 'Paused receiver', isActive: false });
    const toInactive = await insertDeliveryRow(t, { webhookId: inactive, status: 'failed' });
    const gone = await insertWebhookRow(t);
    const toGone = await insertDeliveryRow(t, { webhookId: gone, status: 'failed' });
    await t.services.db.deleteFrom('webhooks').where('id', '=', gone).execute();
    const cases: [string, string][] = [[toInactive, resendWebhookInactive('Paused receiver')], [toGone, RESEND_WEBHOOK_GONE]];
    for (const [deliveryId, message] of cases) {
      const res = await t.call('resendDelivery', { deliveryId }, operator);
      expect([res.status, res.error!.message]).toEqual([400, message]);
      expect((await rowOf(deliveryId)).status).toBe('failed');
      expect(await auditEntries(t, 'webhook_delivery.resent', deliveryId)).toEqual([]);
    }
    const missing = await t.call('resendDelivery', { deliveryId: 'msg_nobody' }, operator);
    expect([missing.status, missing.error!.message]).toEqual([404, DELIVERY_NOT_FOUND]);
  });

  it('replays every failed delivery of one webhook since a time, and nothing else', async () => {
    const webhookId = await insertWebhookRow(t);
    const other = await insertWebhookRow(t);
    const old = await insertDeliveryRow(t, { webhookId, status: 'failed', createdAt: ago(5 * HOUR) });
    const recent = [
      await insertDeliveryRow(t, { webhookId, status: 'failed', createdAt: ago(2 * HOUR) }),
      await insertDeliveryRow(t, { webhookId, status: 'failed', createdAt: ago(HOUR) }),
    ];
    const ok = await insertDeliveryRow(t, { webhookId, status: 'success', createdAt: ago(HOUR) });
    const waiting = await insertDeliveryRow(t, { webhookId, status: 'pending', createdAt: ago(HOUR) });
    const otherFailed = await insertDeliveryRow(t, { webhookId: other, status: 'failed', createdAt: ago(HOUR) });
    published.length = 0;
    const since = ago(3 * HOUR);
    const res = await t.call('replayFailedDeliveries', { webhookId, since }, operator);
    expect(res.status).toBe(200);
    expect(res.result).toEqual({ success: true, replayed: 2, more: false, message: '2 failed deliveries queued again.' });
    for (const id of recent) expect(await rowOf(id)).toMatchObject({ status: 'pending', max_attempts: 5, lease_until: null, completed_at: null });
    expect((await rowOf(old)).status).toBe('failed');
    expect((await rowOf(ok)).status).toBe('success');
    expect((await rowOf(waiting)).attempts).toBe(0);
    expect((await rowOf(otherFailed)).status).toBe('failed');
    const [entry] = await auditEntries(t, 'webhook_delivery.replayed', webhookId);
    expect(entry).toMatchObject({ actorUserId: operator.id, targetType: 'webhook', after: { since, replayed: 2, more: false } });
    expect(published).toEqual([`${liveTopics.adminEvents()} events.changed`]);

    // Nothing left to replay: zero, still audited, nothing announced.
    published.length = 0;
    const none = await t.call('replayFailedDeliveries', { webhookId, since }, operator);
    expect(none.result).toMatchObject({ replayed: 0, more: false, message: 'No failed deliveries of this webhook since that time.' });
    expect(await auditEntries(t, 'webhook_delivery.replayed', webhookId)).toHaveLength(2);
    expect(published).toEqual([]);
  });

  it(`replays at most ${REPLAY_MAX_DELIVERIES.toLocaleString('en-US')} at once, oldest first, and says more remain`, async () => {
    const webhookId = await insertWebhookRow(t);
    const total = REPLAY_MAX_DELIVERIES + 3;
    const start = Date.now() - 2 * HOUR;
    const rows = Array.from({ length: total }, (_, i) => ({
      id: `msg_bulk_${dialect}_${String(i).padStart(5, '0')}`, event_id: 'evt_bulk', event_type: 'order.paid', webhook_id: webhookId, flow_id: null,
      status: 'failed' as const, attempts: 4, max_attempts: 4, next_attempt_at: null, lease_until: null, lease_owner: null, payload: '{}',
      last_http_status: 500, last_response_ms: 10, last_error: 'HTTP 500',
      created_at: new Date(start + i).toISOString(), updated_at: new Date(start + i).toISOString(), completed_at: new Date(start + i).toISOString(),
    }));
    for (let i = 0; i < rows.length; i += 500) await t.services.db.insertInto('webhook_deliveries').values(rows.slice(i, i + 500)).execute();
    const since = ago(3 * HOUR);
    const first = await t.call('replayFailedDeliveries', { webhookId, since }, operator);
    expect(first.result).toMatchObject({ replayed: REPLAY_MAX_DELIVERIES, more: true });
    expect(first.result.message).toBe('10,000 failed deliveries queued again. More remain: replay again to queue the next 10,000.');
    const stillFailed = await t.services.db.selectFrom('webhook_deliveries').select('id').where('webhook_id', '=', webhookId)
      .where('status', '=', 'failed').orderBy('id').execute();
    expect(stillFailed.map((r) => r.id)).toEqual(rows.slice(REPLAY_MAX_DELIVERIES).map((r) => r.id));
    const second = await t.call('replayFailedDeliveries', { webhookId, since }, operator);
    expect(second.result).toMatchObject({ replayed: 3, more: false, message: '3 failed deliveries queued again.' });
  });

  it('bounds the replay start: a real date, not in the future, at most 14 days back (from that day\'s 00:00 UTC)', async () => {
    const webhookId = await insertWebhookRow(t);
    const failed = await insertDeliveryRow(t, { webhookId, status: 'failed', createdAt: ago(HOUR) });
    const earliest = earliestReplayStart(new Date());
    const cases: [unknown, string][] = [
      [{ webhookId, since: new Date(Date.now() + 10 * 60_000).toISOString() }, REPLAY_SINCE_IN_FUTURE],
      [{ webhookId, since: '2999-01-01' }, REPLAY_SINCE_IN_FUTURE],
      [{ webhookId, since: new Date(Date.parse(earliest) - 1000).toISOString() }, REPLAY_SINCE_TOO_OLD],
      [{ webhookId, since: '2020-01-01' }, REPLAY_SINCE_TOO_OLD],
      [{ webhookId, since: '2026-02-30' }, instantMessage('Since')],
      [{ webhookId, since: '2026-02-03T10:00:00' }, instantMessage('Since')],
      [{ webhookId, since: 'a\u0000' }, NUL_IN_TEXT],
      [{ webhookId, since: null }, instantMessage('Since')],
      [{ webhookId }, instantMessage('Since')],
      [{ webhookId: ' ', since: ago(HOUR) }, 'Webhook ID is required.'],
      [{ webhookId: 'w'.repeat(129), since: ago(HOUR) }, 'Webhook ID is not valid.'],
      [{ webhookId, since: ago(HOUR), status: 'failed' }, 'Unrecognized key: "status"'],
    ];
    for (const [input, message] of cases) {
      const res = await t.callRaw('replayFailedDeliveries', input, operator);
      expect([res.status, res.error?.message], JSON.stringify(input)).toEqual([400, expect.stringContaining(message)]);
    }
    expect((await rowOf(failed)).status).toBe('failed');
    expect(await auditEntries(t, 'webhook_delivery.replayed', webhookId)).toEqual([]);
    // The earliest accepted start itself is fine.
    expect((await t.call('replayFailedDeliveries', { webhookId, since: earliest }, operator)).result.replayed).toBe(1);
  });

  it('refuses to replay to an unknown or inactive webhook, saying so', async () => {
    const inactive = await insertWebhookRow(t, { name: 'Off', isActive: false });
    const failed = await insertDeliveryRow(t, { webhookId: inactive, status: 'failed', createdAt: ago(HOUR) });
    const off = await t.call('replayFailedDeliveries', { webhookId: inactive, since: ago(2 * HOUR) }, operator);
    expect([off.status, off.error!.message]).toEqual([400, replayWebhookInactive('Off')]);
    expect((await rowOf(failed)).status).toBe('failed');
    const unknown = await t.call('replayFailedDeliveries', { webhookId: 'wh_nobody', since: ago(2 * HOUR) }, operator);
    expect([unknown.status, unknown.error!.message]).toEqual([404, WEBHOOK_NOT_FOUND]);
  });
});
