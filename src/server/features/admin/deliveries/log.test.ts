import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  DELIVERY_NOT_FOUND, INVALID_DELIVERY_CURSOR, INVALID_DELIVERY_RANGE, instantMessage, MASKED_VALUE, RESEND_WHILE_PENDING,
} from '../../../../common/admin/deliveries/texts.ts';
import { NUL_IN_TEXT } from '../../../http/jsonBody.ts';
import { insertAttemptRow, insertDeliveryRow, insertEventRow, insertWebhookRow } from '../../../../../test/support/events/deliveryRows.ts';
import { type AccountWithMembers, accountWithMembers } from '../../../../../test/support/factories.ts';
import { signUpOperator } from '../../../../../test/support/operators.ts';
import { describeEachDialect, startTestApp, type TestApp, type TestUser } from '../../../../../test/support/testApp.ts';

const at = (minutes: number) => new Date(Date.parse('2026-03-01T10:00:00.000Z') + minutes * 60_000).toISOString();
const cursorOf = (keys: object) => Buffer.from(JSON.stringify(keys)).toString('base64url');

describeEachDialect('back office: the webhook delivery log', (dialect) => {
  let t: TestApp;
  let operator: TestUser;
  let customers: AccountWithMembers;

  beforeAll(async () => {
    t = await startTestApp(dialect);
    operator = await signUpOperator(t);
    customers = await accountWithMembers(t);
  });
  afterAll(async () => { await t.stop(); });

  async function allPages(filters: Record<string, unknown>, limit = 3) {
    const seen: any[] = [];
    let startAfter: string | null = null;
    do {
      const res: { status: number; result?: any; error?: any } = await t.call('listDeliveries', { ...filters, limit, startAfter }, operator);
      expect(res.status, JSON.stringify(res.error)).toBe(200);
      expect(res.result.deliveries.length).toBeLessThanOrEqual(limit);
      seen.push(...res.result.deliveries);
      startAfter = res.result.nextCursor;
    } while (startAfter);
    return seen;
  }

  it('pages one webhook\'s deliveries newest first by keyset, without repeats or gaps, each row with its facts', async () => {
    const webhookId = await insertWebhookRow(t, { name: 'Orders receiver' });
    const eventId = await insertEventRow(t);
    // Pairs share a creation time, so the id decides between them.
    const ids: string[] = [];
    for (let i = 0; i < 7; i += 1) {
      ids.push(await insertDeliveryRow(t, {
        id: `msg_page_${dialect}_${i}`, webhookId, eventId, eventType: 'order.paid', createdAt: at(Math.floor(i / 2)), status: i === 6 ? 'pending' : 'failed',
      }));
    }
    const seen = await allPages({ webhookId });
    expect(seen.map((d) => d.id)).toEqual([...ids].reverse());
    expect(seen[0]).toEqual({
      id: ids[6], eventId, eventType: 'order.paid', webhookId, webhookName: 'Orders receiver', status: 'pending', attempts: 0, maxAttempts: 4,
      lastHttpStatus: null, lastResponseMs: null, lastError: null, createdAt: at(3), completedAt: null, nextAttemptAt: at(3),
    });
    expect(seen[1]).toMatchObject({ status: 'failed', attempts: 4, lastHttpStatus: 500, lastResponseMs: 120, lastError: 'HTTP 500', completedAt: at(2), nextAttemptAt: null });
    // The default page is 25.
    const first = (await t.call('listDeliveries', {}, operator)).result;
    expect(first.deliveries.length).toBeLessThanOrEqual(25);
  });

  it('filters by status, webhook, event, event type prefix and creation time, and combines them', async () => {
    const a = await insertWebhookRow(t, { name: 'A' });
    const b = await insertWebhookRow(t, { name: 'B' });
    const event = await insertEventRow(t, { type: 'domain.renewed' });
    const rows = {
      aFailed: await insertDeliveryRow(t, { webhookId: a, eventId: event, eventType: 'domain.renewed', status: 'failed', createdAt: at(100) }),
      aOk: await insertDeliveryRow(t, { webhookId: a, eventType: 'domain.expiring', status: 'success', createdAt: at(110) }),
      aPending: await insertDeliveryRow(t, { webhookId: a, eventType: 'user.signed_up', status: 'pending', createdAt: at(120) }),
      bFailed: await insertDeliveryRow(t, { webhookId: b, eventId: event, eventType: 'domain.renewed', status: 'failed', createdAt: at(130) }),
    };
    const ids = async (filters: Record<string, unknown>) => (await allPages(filters, 25)).map((d) => d.id).sort();
    expect(await ids({ webhookId: a })).toEqual([rows.aFailed, rows.aOk, rows.aPending].sort());
    expect(await ids({ webhookId: a, status: 'failed' })).toEqual([rows.aFailed]);
    expect(await ids({ webhookId: a, status: 'pending' })).toEqual([rows.aPending]);
    expect(await ids({ eventId: event })).toEqual([rows.aFailed, rows.bFailed].sort());
    expect(await ids({ webhookId: a, eventType: 'DOMAIN.' })).toEqual([rows.aFailed, rows.aOk].sort());
    expect(await ids({ webhookId: a, eventType: 'domain.exp' })).toEqual([rows.aOk]);
    // A prefix, not a substring.
    expect(await ids({ webhookId: a, eventType: 'renewed' })).toEqual([]);
    // since inclusive, until exclusive; a day alone is its 00:00 UTC.
    expect(await ids({ webhookId: a, since: at(110) })).toEqual([rows.aOk, rows.aPending].sort());
    expect(await ids({ webhookId: a, since: at(100), until: at(120) })).toEqual([rows.aFailed, rows.aOk].sort());
    expect(await ids({ webhookId: a, since: '2026-03-01T12:50:00+01:00' })).toEqual([rows.aOk, rows.aPending].sort());
    expect(await ids({ webhookId: b, since: '2026-03-01', until: '2026-03-02' })).toEqual([rows.bFailed]);
    expect(await ids({ webhookId: b, since: '2026-03-02' })).toEqual([]);
    // Blank filters mean no filter; an unknown webhook matches nothing.
    expect(await ids({ webhookId: '  ', eventId: a, eventType: '' })).toEqual([]);
    expect(await ids({ webhookId: 'wh_nobody' })).toEqual([]);
  });

  it('keeps listing deliveries of a deleted webhook, without its name', async () => {
    const webhookId = await insertWebhookRow(t);
    const deliveryId = await insertDeliveryRow(t, { webhookId, status: 'failed' });
    await t.services.db.deleteFrom('webhooks').where('id', '=', webhookId).execute();
    const [row] = (await t.call('listDeliveries', { webhookId }, operator)).result.deliveries;
    expect(row).toMatchObject({ id: deliveryId, webhookId, webhookName: null });
    const { delivery } = (await t.call('getDelivery', { deliveryId }, operator)).result;
    expect(delivery.webhook).toBeNull();
    expect(delivery.resend).toEqual({ allowed: false, reason: 'The webhook of this delivery was deleted, so it cannot be sent again.' });
  });

  it('opens a delivery with its event, webhook, body and every attempt, credentials masked', async () => {
    const webhookId = await insertWebhookRow(t, { name: 'Billing', url: 'https://ops:hunter2@hooks.example.test/in?topic=billing&api_key=k123' });
    const eventId = await insertEventRow(t, { type: 'payment.invoice.paid', severity: 'warning', createdAt: at(200) });
    const payload = JSON.stringify({ id: 'x', type: 'payment.invoice.paid', data: { invoiceId: 'in_1', amount: 1200 } });
    const deliveryId = await insertDeliveryRow(t, { webhookId, eventId, eventType: 'payment.invoice.paid', status: 'success', attempts: 2, payload, createdAt: at(200) });
    await insertAttemptRow(t, {
      deliveryId, webhookId, eventId, attempt: 1, status: 'failed', httpStatus: 503, error: 'HTTP 503', createdAt: at(200),
      requestUrl: 'https://ops:hunter2@hooks.example.test/in?topic=billing&api_key=k123',
      requestHeaders: {
        'content-type': 'application/json', 'webhook-id': deliveryId, authorization: 'Bearer s3cr3t-token', 'x-api-key': 'abc', 'x-team': 'ops',
      },
      responseHeaders: { 'retry-after': '5', 'set-cookie': ['a=1', 'b=2'] }, responseBody: 'x'.repeat(4096), truncated: true,
    });
    await insertAttemptRow(t, {
      deliveryId, webhookId, eventId, attempt: 2, status: 'success', httpStatus: 200, error: null, createdAt: at(201),
      requestHeaders: { authorization: 'Basic b3BzOmh1bnRlcjI=' }, responseHeaders: null, responseBody: null,
    });

    const res = await t.call('getDelivery', { deliveryId }, operator);
    expect(res.status).toBe(200);
    const { delivery } = res.result;
    expect(delivery).toMatchObject({
      id: deliveryId, status: 'success', attempts: 2, eventType: 'payment.invoice.paid', payload, flowId: null, attemptsLogged: 2,
      event: { id: eventId, type: 'payment.invoice.paid', severity: 'warning', source: 'portal.domains', createdAt: at(200) },
      webhook: { id: webhookId, name: 'Billing', method: 'POST', isActive: true, url: `https://ops:${MASKED_VALUE}@hooks.example.test/in?topic=billing&api_key=${MASKED_VALUE}` },
      resend: { allowed: true, reason: null },
    });
    const [first, second] = delivery.attemptLog;
    expect(first).toMatchObject({
      attempt: 1, status: 'failed', httpStatus: 503, responseMs: 87, error: 'HTTP 503', createdAt: at(200), responseTruncated: true,
      requestUrl: `https://ops:${MASKED_VALUE}@hooks.example.test/in?topic=billing&api_key=${MASKED_VALUE}`,
      requestHeaders: {
        'content-type': 'application/json', 'webhook-id': deliveryId, authorization: `Bearer ${MASKED_VALUE}`, 'x-api-key': MASKED_VALUE, 'x-team': 'ops',
      },
      responseHeaders: { 'retry-after': '5', 'set-cookie': MASKED_VALUE },
    });
    expect(first.responseBody).toHaveLength(4096);
    expect(second).toMatchObject({ attempt: 2, status: 'success', httpStatus: 200, error: null, responseHeaders: null, responseBody: null, responseTruncated: false });
    expect(second.requestHeaders).toEqual({ authorization: `Basic ${MASKED_VALUE}` });
    // Nothing secret anywhere in the answer.
    const text = JSON.stringify(res.result);
    for (const secret of ['hunter2', 's3cr3t', 'k123', 'b3BzOmh1bnRlcjI', '"abc"']) expect(text).not.toContain(secret);
  });

  it('shows a pending delivery as not resendable, and reads stored headers that are not an object as none', async () => {
    const webhookId = await insertWebhookRow(t);
    const eventId = await insertEventRow(t);
    const deliveryId = await insertDeliveryRow(t, { webhookId, eventId, status: 'pending', attempts: 1 });
    await t.services.db.insertInto('webhook_delivery_attempts').values({
      id: `att_bad_${dialect}`, delivery_id: deliveryId, webhook_id: webhookId, event_id: eventId, attempt: 1, status: 'failed', http_status: null,
      response_ms: null, error: 'Connection refused', request_url: 'https://hooks.example.test/in', request_headers: 'not json',
      response_headers: '[1,2]', response_body: null, response_truncated: false, created_at: at(300),
    }).execute();
    const { delivery } = (await t.call('getDelivery', { deliveryId }, operator)).result;
    expect(delivery.resend).toEqual({ allowed: false, reason: RESEND_WHILE_PENDING });
    expect(delivery.attemptLog[0]).toMatchObject({ requestHeaders: {}, responseHeaders: {}, httpStatus: null, error: 'Connection refused' });
  });

  it('says when a delivery does not exist, and refuses bad input with a sentence', async () => {
    const missing = await t.call('getDelivery', { deliveryId: 'msg_nobody' }, operator);
    expect([missing.status, missing.error!.message]).toEqual([404, DELIVERY_NOT_FOUND]);
    const cases: [string, unknown, string][] = [
      ['getDelivery', { deliveryId: ' ' }, 'Delivery ID is required.'],
      ['getDelivery', { deliveryId: 'a\u0000b' }, NUL_IN_TEXT],
      ['getDelivery', { deliveryId: 'x'.repeat(129) }, 'Delivery ID is not valid.'],
      ['getDelivery', 'msg_1', 'The input must be an object of named fields.'],
      ['getDelivery', { deliveryId: 'm', extra: 1 }, 'Unrecognized key: "extra"'],
      ['listDeliveries', { status: 'bounced' }, 'Status must be pending, success or failed.'],
      ['listDeliveries', { webhookId: 'a\u0000b' }, NUL_IN_TEXT],
      ['listDeliveries', { eventId: 'x'.repeat(129) }, 'Event ID must be at most 128 characters.'],
      ['listDeliveries', { eventType: 'domain.*' }, 'Event type must be letters, digits, dots, dashes and underscores.'],
      ['listDeliveries', { eventType: 7 }, 'Event type must be a text.'],
      ['listDeliveries', { since: '2026-02-30' }, instantMessage('Since')],
      ['listDeliveries', { since: '2026-13-01T00:00:00Z' }, instantMessage('Since')],
      ['listDeliveries', { since: '2026-03-01T25:00:00Z' }, instantMessage('Since')],
      ['listDeliveries', { since: '2026-03-01T10:00:00' }, instantMessage('Since')],
      ['listDeliveries', { since: '2026-03-01T10:00:00+99:99' }, instantMessage('Since')],
      ['listDeliveries', { until: '2026-03-01T10:00:00.1234567891Z' }, instantMessage('Until')],
      ['listDeliveries', { since: 'yesterday' }, instantMessage('Since')],
      ['listDeliveries', { until: 1700000000 }, instantMessage('Until')],
      ['listDeliveries', { since: '0001-01-01' }, instantMessage('Since')],
      ['listDeliveries', { since: '2026-03-02', until: '2026-03-01' }, INVALID_DELIVERY_RANGE],
      ['listDeliveries', { since: '2026-03-01', until: '2026-03-01' }, INVALID_DELIVERY_RANGE],
      ['listDeliveries', { limit: 101 }, 'Limit must be at most 100.'],
      ['listDeliveries', { limit: 0 }, 'Limit must be at least 1.'],
      ['listDeliveries', { limit: 2.5 }, 'Limit must be a whole number.'],
      ['listDeliveries', { startAfter: 'not-a-cursor' }, INVALID_DELIVERY_CURSOR],
      ['listDeliveries', { startAfter: cursorOf({ l: 'deliveries', v: '2026-02-30T10:00:00Z', i: 'x' }) }, INVALID_DELIVERY_CURSOR],
      ['listDeliveries', { startAfter: cursorOf({ l: 'deliveries', v: '2026-02-03T10:00:00Z', i: 'a\u0000' }) }, INVALID_DELIVERY_CURSOR],
      // Another list's cursor is not read as this one's.
      ['listDeliveries', { startAfter: cursorOf({ l: 'mail', v: '2026-02-03T10:00:00Z', i: 'x' }) }, INVALID_DELIVERY_CURSOR],
      ['listDeliveries', { extra: 1 }, 'Unrecognized key: "extra"'],
    ];
    for (const [fn, input, message] of cases) {
      const res = await t.callRaw(fn, input, operator);
      expect(res.status, JSON.stringify(input)).toBe(400);
      expect(res.error!.message, JSON.stringify(input)).toContain(message);
      expect(JSON.stringify(res.error ?? {})).not.toMatch(/sqlite|postgres|kysely|zod|select |stack/i);
    }
  });

  it('refuses a body over the size limit, and JSON nested 50,000 deep, before reading them', async () => {
    const deep = await t.app.inject({
      method: 'POST', url: '/api/fn/listDeliveries', headers: { 'content-type': 'application/json', authorization: `Bearer ${operator.token}` },
      payload: `{"data":{"eventId":${'['.repeat(50_000)}${']'.repeat(50_000)}}}`,
    });
    expect(deep.statusCode).toBe(400);
    expect(deep.json().error.message).toBe('The request body is nested too deeply.');
    for (const [fn, input] of [['listDeliveries', { eventId: 'x'.repeat(2 * 1024 * 1024) }], ['getDelivery', { deliveryId: 'x'.repeat(2 * 1024 * 1024) }]] as const) {
      const res = await t.call(fn, input, operator);
      expect([res.status, res.error!.message]).toEqual([400, 'The request body is too large.']);
    }
  });


  it('is refused to a signed-out caller, a customer, an account admin and an owner', async () => {
    const webhookId = await insertWebhookRow(t);
    const deliveryId = await insertDeliveryRow(t, { webhookId, status: 'failed' });
    const inputs: Record<string, unknown> = {
      listDeliveries: {}, getDelivery: { deliveryId }, resendDelivery: { deliveryId },
      replayFailedDeliveries: { webhookId, since: new Date(Date.now() - 60_000).toISOString() },
    };
    for (const [fn, input] of Object.entries(inputs)) {
      expect((await t.callRaw(fn, input, null)).status, fn).toBe(401);
      for (const who of [customers.member, customers.admin, customers.owner]) {
        expect((await t.callRaw(fn, input, who)).status, fn).toBe(403);
      }
    }
    const row = await t.services.db.selectFrom('webhook_deliveries').select(['status', 'attempts']).where('id', '=', deliveryId).executeTakeFirstOrThrow();
    expect(row.status).toBe('failed');
  });
});
