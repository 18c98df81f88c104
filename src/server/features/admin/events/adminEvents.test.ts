import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  EVENT_JSON_MAX_DEPTH, INVALID_EVENT_DATE_RANGE, INVALID_EVENTS_CURSOR, INVALID_TYPE_FILTER, jsonTooDeep, jsonTooLarge,
  TEST_EVENT_SOURCE, TEST_EVENT_TEMPLATES, UNKNOWN_EVENT_TYPE,
} from '../../../../common/admin/events/texts.ts';
import { liveTopics, livePath } from '../../../../common/live.ts';
import { NESTED_TOO_DEEPLY, NUL_IN_TEXT } from '../../../http/jsonBody.ts';
import { auditEntries } from '../../../../../test/support/operators.ts';
import { createUser, type PermissionCast, permissionCast } from '../../../../../test/support/factories.ts';
import { openLiveStream } from '../../../../../test/support/sseClient.ts';
import { describeEachDialect, startTestApp, type TestApp } from '../../../../../test/support/testApp.ts';

describeEachDialect('back office: events', (dialect) => {
  let t: TestApp;
  let cast: PermissionCast;
  const operator = () => cast.globalAdmin;

  beforeAll(async () => {
    t = await startTestApp(dialect);
    cast = await permissionCast(t);
  });
  afterAll(async () => { await t.stop(); });

  const db = () => t.services.db;
  const eventCount = async () => Number((await db().selectFrom('platform_events').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

  /** Stored events of one type with chosen fields, `minutesAgo` apart so the order is certain. */
  async function storeEvent(over: Partial<{ id: string; event_type: string; severity: 'info' | 'warning' | 'error' | 'critical'; account_id: string | null; processed: boolean; created_at: string }>) {
    const id = over.id ?? randomUUID();
    await db().insertInto('platform_events').values({
      id, event_type: 'domain.registered', severity: 'info', source: 'test', account_id: null, actor_user_id: null, acting_as_account_id: null,
      correlation_id: null, payload: '{"domain":"x.test"}', context: '{}', processed: false,
      created_at: new Date().toISOString(), ...over,
    }).execute();
    return id;
  }

  describe('collectEvent', () => {
    it('records a catalogue event with its payload, context, source and severity, audited, and answers its id and the request id', async () => {
      const res = await t.call('collectEvent', {
        eventType: 'domain.expiring', payload: { domain: 'collect.example', daysLeft: 7 }, context: { ip: '203.0.113.9' },
        source: 'crm', correlationId: 'corr-1', severity: 'warning',
      }, operator());
      expect(res.status, JSON.stringify(res.error)).toBe(200);
      expect(res.result).toEqual({ success: true, eventId: expect.any(String), requestId: expect.any(String), message: 'Event collected' });
      const row = await db().selectFrom('platform_events').selectAll().where('id', '=', res.result.eventId).executeTakeFirstOrThrow();
      expect(row).toMatchObject({ event_type: 'domain.expiring', severity: 'warning', source: 'crm', correlation_id: 'corr-1', actor_user_id: operator().id });
      expect(JSON.parse(row.payload)).toEqual({ domain: 'collect.example', daysLeft: 7 });
      expect(JSON.parse(row.context)).toEqual({ ip: '203.0.113.9' });
      expect(await auditEntries(t, 'event.collected', res.result.eventId)).toEqual([expect.objectContaining({
        actorUserId: operator().id, targetType: 'event', after: expect.objectContaining({ eventType: 'domain.expiring', severity: 'warning' }),
      })]);
    });

    it('defaults to an empty payload, severity info and the back office as source', async () => {
      const res = await t.call('collectEvent', { eventType: 'user.signed_up' }, operator());
      expect(res.status).toBe(200);
      const row = await db().selectFrom('platform_events').selectAll().where('id', '=', res.result.eventId).executeTakeFirstOrThrow();
      expect(row).toMatchObject({ severity: 'info', source: 'back-office', payload: '{}', context: '{}' });
    });

    it.each([
      ['an unknown type', { eventType: 'domain.exploded' }, UNKNOWN_EVENT_TYPE],
      ['a pattern instead of a type', { eventType: 'domain.*' }, UNKNOWN_EVENT_TYPE],
      ['no type', { payload: {} }, 'Event type is required.'],
      ['a payload that is not an object', { eventType: 'domain.expired', payload: [1, 2] }, 'Payload must be a JSON object.'],
      ['a text as context', { eventType: 'domain.expired', context: 'hello' }, 'Context must be a JSON object.'],
      ['a severity outside the four', { eventType: 'domain.expired', severity: 'fatal' }, 'Severity must be one of info, warning, error, critical.'],
      ['a payload over 64 KB', { eventType: 'domain.expired', payload: { blob: 'x'.repeat(70_000) } }, jsonTooLarge('Payload')],
      ['a payload nested too deep', { eventType: 'domain.expired', payload: nested(EVENT_JSON_MAX_DEPTH + 2) }, jsonTooDeep('Payload')],
      ['an unknown field', { eventType: 'domain.expired', accountId: 'x' }, undefined],
    ])('refuses %s with 400 and records nothing', async (_case, input, message) => {
      const before = await eventCount();
      const res = await t.callRaw('collectEvent', input, operator());
      expect(res.status).toBe(400);
      if (message) expect(res.error!.message).toBe(message);
      expect(res.error!.message).not.toMatch(/zod|sql|stack|kysely/i);
      expect(await eventCount()).toBe(before);
    });

    it('refuses a 50,000-level payload and a NUL byte before parsing, with 400', async () => {
      const before = await eventCount();
      const deep = `{"data":{"eventType":"domain.expired","payload":${'{"a":'.repeat(50_000)}1${'}'.repeat(50_000)}}}`;
      const res = await t.app.inject({
        method: 'POST', url: '/api/fn/collectEvent', payload: deep,
        headers: { 'content-type': 'application/json', authorization: `Bearer ${operator().token}` },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe(NESTED_TOO_DEEPLY);
      const nul = await t.call('collectEvent', { eventType: 'domain.expired', payload: { note: 'a\u0000b' } }, operator());
      expect(nul.status).toBe(400);
      expect(nul.error!.message).toBe(NUL_IN_TEXT);
      expect(await eventCount()).toBe(before);
    });

    it('is refused to customers and account admins, and to the signed-out, writing nothing', async () => {
      const before = await eventCount();
      for (const who of [cast.owner, cast.admin, cast.member, cast.outsider]) {
        expect((await t.call('collectEvent', { eventType: 'domain.expired' }, who)).status).toBe(403);
      }
      expect((await t.call('collectEvent', { eventType: 'domain.expired' }, null)).status).toBe(401);
      expect(await eventCount()).toBe(before);
    });
  });

  describe('listEvents', () => {
    const list = async (input: Record<string, unknown>) => {
      const res = await t.call('listEvents', input, operator());
      expect(res.status, JSON.stringify(res.error)).toBe(200);
      return res.result as { events: any[]; nextCursor: string | null };
    };

    it('pages newest first by keyset, without repeats or gaps, each event with its processed flag and delivery counts', async () => {
      const account = `acc-${randomUUID()}`;
      const base = Date.parse('2026-02-01T10:00:00.000Z');
      const ids: string[] = [];
      // Two events share each timestamp: the id decides between them.
      for (let i = 0; i < 7; i += 1) {
        ids.push(await storeEvent({ id: `${account}-${i}`, account_id: account, created_at: new Date(base + Math.floor(i / 2) * 60_000).toISOString() }));
      }
      const seen: any[] = [];
      let startAfter: string | null = null;
      do {
        const page: { events: any[]; nextCursor: string | null } = await list({ limit: 3, accountId: account, startAfter });
        expect(page.events.length).toBeLessThanOrEqual(3);
        seen.push(...page.events);
        startAfter = page.nextCursor;
      } while (startAfter);
      expect(seen.map((e) => e.id)).toEqual([...ids].reverse());
      expect(seen[0]).toMatchObject({
        eventType: 'domain.registered', category: 'domain', processed: false, payload: { domain: 'x.test' }, deliveries: { pending: 0, success: 0, failed: 0 },
      });
    });

    it('counts each event\'s deliveries by status from the delivery rows', async () => {
      const account = `acc-${randomUUID()}`;
      const eventId = await storeEvent({ account_id: account, processed: true });
      const webhookId = randomUUID();
      const now = new Date().toISOString();
      await db().insertInto('webhooks').values({ id: webhookId, name: 'Counts', url: 'https://receiver.example/hook', secret: 'whsec_x', created_at: now, updated_at: now }).execute();
      for (const status of ['success', 'success', 'failed', 'pending'] as const) {
        await db().insertInto('webhook_deliveries').values({
          id: randomUUID(), event_id: eventId, event_type: 'domain.registered', webhook_id: webhookId, flow_id: null, status, max_attempts: 4,
          next_attempt_at: null, lease_until: null, lease_owner: null, payload: '{}', last_http_status: null, last_response_ms: null, last_error: null,
          created_at: now, updated_at: now, completed_at: null,
        }).execute();
      }
      const [event] = (await list({ accountId: account })).events;
      expect(event).toMatchObject({ id: eventId, processed: true, deliveries: { pending: 1, success: 2, failed: 1 } });
    });

    it('filters by type pattern, prefix and exact type as flow triggers match, and by severity, status and days', async () => {
      const account = `acc-${randomUUID()}`;
      const at = (day: string) => `${day}T12:00:00.000Z`;
      const processed = true;
      const e = {
        registered: await storeEvent({ account_id: account, event_type: 'domain.registered', created_at: at('2026-01-10') }),
        revealed: await storeEvent({ account_id: account, event_type: 'domain.transfer_code.revealed', created_at: at('2026-01-11') }),
        orderFailed: await storeEvent({ account_id: account, event_type: 'order.domain.failed', severity: 'warning', processed, created_at: at('2026-01-12') }),
        invoiceFailed: await storeEvent({ account_id: account, event_type: 'payment.invoice.payment_failed', severity: 'error', created_at: at('2026-01-13') }),
        signedUp: await storeEvent({ account_id: account, event_type: 'user.signed_up', created_at: at('2026-01-14') }),
      };
      const ids = async (filter: Record<string, unknown>) => (await list({ accountId: account, ...filter })).events.map((x) => x.id).sort();
      const sorted = (...xs: string[]) => [...xs].sort();
      expect(await ids({ type: 'domain.*' })).toEqual(sorted(e.registered, e.revealed));
      expect(await ids({ type: 'domain' })).toEqual(sorted(e.registered, e.revealed));
      expect(await ids({ type: 'domain.registered' })).toEqual([e.registered]);
      expect(await ids({ type: '*.*.*' })).toEqual(sorted(e.revealed, e.orderFailed, e.invoiceFailed));
      expect(await ids({ type: 'order.domain.*' })).toEqual([e.orderFailed]);
      expect(await ids({ type: '*.domain.*' })).toEqual([e.orderFailed]);
      expect(await ids({ type: '*' })).toHaveLength(5);
      // `_` is a letter of a type here, not LIKE's wildcard.
      expect(await ids({ type: 'payment.invoice.payment_failed' })).toEqual([e.invoiceFailed]);
      expect(await ids({ type: 'payment.invoice.paymentxfailed' })).toEqual([]);
      expect(await ids({ severity: 'warning' })).toEqual([e.orderFailed]);
      expect(await ids({ status: 'processed' })).toEqual([e.orderFailed]);
      expect(await ids({ status: 'pending' })).toHaveLength(4);
      expect(await ids({ dateFrom: '2026-01-11', dateTo: '2026-01-12' })).toEqual(sorted(e.revealed, e.orderFailed));
      expect(await ids({ dateFrom: '2026-01-14', dateTo: '2026-01-14' })).toEqual([e.signedUp]);
    });

    it.each([
      ['an impossible date', { dateFrom: '2026-02-30' }, 'Start date must be a real date (YYYY-MM-DD).'],
      ['a start after the end', { dateFrom: '2026-03-02', dateTo: '2026-03-01' }, INVALID_EVENT_DATE_RANGE],
      ['a malformed type filter', { type: 'Domain.**' }, INVALID_TYPE_FILTER],
      ['a LIKE wildcard as type', { type: 'domain.%' }, INVALID_TYPE_FILTER],
      ['an unknown severity', { severity: 'loud' }, 'Severity must be one of info, warning, error, critical.'],
      ['an unknown status', { status: 'done' }, 'Status must be processed or pending.'],
      ['a forged cursor', { startAfter: 'bm90LWEtY3Vyc29y' }, INVALID_EVENTS_CURSOR],
      ['a limit over 100', { limit: 1000 }, 'Limit must be at most 100.'],
    ])('refuses %s with 400 and a sentence', async (_case, input, message) => {
      const res = await t.callRaw('listEvents', input, operator());
      expect(res.status).toBe(400);
      expect(res.error!.message).toBe(message);
    });

    it('is refused to everyone but global super admins', async () => {
      for (const who of [cast.owner, cast.admin, cast.member, cast.outsider]) expect((await t.call('listEvents', {}, who)).status).toBe(403);
      expect((await t.call('listEvents', {}, null)).status).toBe(401);
    });
  });

  describe('dashboard, test sender and live topic', () => {
    it('counts recent events, webhooks, flows and the mean response; offers Quick Setup only with webhooks and no flows', async () => {
      // A database of its own, so the counts are this test's alone.
      const fresh = await startTestApp(dialect);
      try {
        const op = await createUser(fresh);
        await fresh.services.db.updateTable('users').set({ role: 'super_admin' }).where('id', '=', op.id).execute();
        const dash = async () => {
          const res = await fresh.call('getEventsDashboard', {}, op);
          expect(res.status, JSON.stringify(res.error)).toBe(200);
          return res.result;
        };
        const empty = await dash();
        expect(empty.counts).toMatchObject({ webhooks: 0, activeWebhooks: 0, flows: 0, activeFlows: 0, averageResponseMs: 0 });
        expect(empty.showQuickSetup).toBe(false);
        expect(empty.latestDeliveries).toEqual([]);

        const now = new Date().toISOString();
        const fdb = fresh.services.db;
        await fdb.insertInto('webhooks').values([
          { id: 'wh-a', name: 'Alpha', url: 'https://a.example/h', secret: 's', created_at: now, updated_at: now, is_active: true, total_deliveries: 3, total_response_ms: 100 },
          { id: 'wh-b', name: 'Beta', url: 'https://b.example/h', secret: 's', created_at: now, updated_at: now, is_active: false, total_deliveries: 1, total_response_ms: 51 },
        ]).execute();
        const withWebhooks = await dash();
        // (100 + 51) / 4 = 37.75 → 38.
        expect(withWebhooks.counts).toMatchObject({ webhooks: 2, activeWebhooks: 1, averageResponseMs: 38 });
        expect(withWebhooks.showQuickSetup).toBe(true);

        await fdb.insertInto('event_flows').values({
          id: 'fl-1', name: 'Domains', triggers: JSON.stringify([{ eventType: 'domain.*', conditions: [] }]), actions: '[]', created_at: now, updated_at: now, is_active: true,
        }).execute();
        await fdb.insertInto('event_flows').values({
          id: 'fl-2', name: 'Everything off', triggers: JSON.stringify([{ eventType: '*', conditions: [] }]), actions: '[]', created_at: now, updated_at: now, is_active: false,
        }).execute();
        const sent = await fresh.call('sendTestEvent', { template: 'domainRegistered' }, op);
        expect(sent.status).toBe(200);
        // Only the active flow counts.
        expect(sent.result).toMatchObject({ success: true, eventType: 'domain.registered', flowsMatched: 1 });
        const other = await fresh.call('sendTestEvent', { template: 'invoicePaid' }, op);
        expect(other.result.flowsMatched).toBe(0);
        await fdb.insertInto('platform_events').values({
          id: 'old-1', event_type: 'domain.expired', severity: 'info', source: 't', account_id: null, actor_user_id: null, acting_as_account_id: null,
          correlation_id: null, payload: '{}', context: '{}', created_at: new Date(Date.now() - 25 * 3600_000).toISOString(),
        }).execute();
        await fdb.insertInto('webhook_deliveries').values({
          id: 'dl-1', event_id: sent.result.eventId, event_type: 'domain.registered', webhook_id: 'wh-a', flow_id: 'fl-1', status: 'success', max_attempts: 4,
          next_attempt_at: null, lease_until: null, lease_owner: null, payload: '{}', last_http_status: 204, last_response_ms: 42, last_error: null,
          created_at: now, updated_at: now, completed_at: now,
        }).execute();

        const full = await dash();
        // The sign-up of the operator, two test sends; the event of 25 hours ago is not recent.
        expect(full.counts).toMatchObject({ recentEvents: 3, flows: 2, activeFlows: 1 });
        expect(full.showQuickSetup).toBe(false);
        expect(full.latestEvents.map((e: any) => e.eventType).slice(0, 2)).toEqual(['payment.invoice.paid', 'domain.registered']);
        expect(full.latestEvents.at(-1)!.id).toBe('old-1');
        expect(full.latestEvents.find((e: any) => e.id === sent.result.eventId)!.deliveries).toEqual({ pending: 0, success: 1, failed: 0 });
        expect(full.latestDeliveries).toEqual([{
          id: 'dl-1', webhookId: 'wh-a', webhookName: 'Alpha', eventId: sent.result.eventId, eventType: 'domain.registered', status: 'success',
          httpStatus: 204, responseMs: 42, at: expect.any(String),
        }]);
      } finally {
        await fresh.stop();
      }
    });

    it('records each template as a real event: its catalogue type and payload, source {product}.test-system, severity info, audited', async () => {
      for (const [template, spec] of Object.entries(TEST_EVENT_TEMPLATES) as [keyof typeof TEST_EVENT_TEMPLATES, (typeof TEST_EVENT_TEMPLATES)[keyof typeof TEST_EVENT_TEMPLATES]][]) {
        const res = await t.call('sendTestEvent', { template }, operator());
        expect(res.status, JSON.stringify(res.error)).toBe(200);
        const row = await db().selectFrom('platform_events').selectAll().where('id', '=', res.result.eventId).executeTakeFirstOrThrow();
        expect(row).toMatchObject({ event_type: spec.eventType, source: TEST_EVENT_SOURCE, severity: 'info', actor_user_id: operator().id });
        expect(JSON.parse(row.payload)).toEqual(spec.payload);
        expect(await auditEntries(t, 'event.test_sent', res.result.eventId)).toHaveLength(1);
      }
      expect(TEST_EVENT_SOURCE).toBe('provider-portal.test-system');
    });

    it('refuses an unknown template with 400, and everyone but operators', async () => {
      const bad = await t.callRaw('sendTestEvent', { template: 'dropTables' }, operator());
      expect(bad.status).toBe(400);
      expect(bad.error!.message).toBe('Template must be one of domainRegistered, invoicePaid, userSignedUp, orderCreated.');
      for (const who of [cast.owner, cast.admin, cast.member, cast.outsider]) {
        expect((await t.call('sendTestEvent', { template: 'invoicePaid' }, who)).status).toBe(403);
        expect((await t.call('getEventsDashboard', {}, who)).status).toBe(403);
      }
    });

    it('streams events.changed on admin/events to operators after a send, and refuses the stream to customers', async () => {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
      const path = livePath(liveTopics.adminEvents());
      const refused = await openLiveStream(baseUrl, path, { token: cast.owner.token });
      expect(refused.status).toBe(403);
      const stream = await openLiveStream(baseUrl, path, { token: operator().token });
      try {
        expect(stream.status).toBe(200);
        expect((await t.call('sendTestEvent', { template: 'userSignedUp' }, operator())).status).toBe(200);
        expect(await stream.next()).toEqual({ topic: 'admin/events', kind: 'events.changed' });
      } finally {
        stream.close();
      }
    });
  });
});

function nested(levels: number): Record<string, unknown> {
  let value: Record<string, unknown> = { leaf: true };
  for (let i = 1; i < levels; i += 1) value = { next: value };
  return value;
}
