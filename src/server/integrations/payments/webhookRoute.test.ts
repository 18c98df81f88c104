import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeStripe, STRIPE_TEST_WEBHOOK_SECRET as SECRET, startFakeStripe, stripeModeEnv } from '../../../../test/support/payments/fakeStripe.ts';
import { signedWebhook, stripeEvent } from '../../../../test/support/payments/stripeWebhooks.ts';
import { describeEachDialect, startTestApp, type TestApp } from '../../../../test/support/testApp.ts';
import { WEBHOOK_NOT_AN_EVENT, WEBHOOK_SIGNATURE_INVALID } from './provider.ts';
import { WEBHOOKS_NOT_CONFIGURED } from './webhookRoute.ts';


const productCreated = () => stripeEvent('product.created', {
  id: 'prod_webhook', object: 'product', name: 'Webhook plan', description: null, active: true, metadata: { Category: 'Hosting' },
  marketing_features: [], created: 1_700_000_000, updated: 1_700_000_000,
});

describeEachDialect('POST /api/webhooks/stripe', (dialect) => {
  let fake: FakeStripe;
  let t: TestApp;
  const errorLog: string[] = [];

  const deliver = (payload: string, headers: Record<string, string>) => t.app.inject({
    method: 'POST', url: '/api/webhooks/stripe', payload, headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
  });
  const rowsOf = (eventId: string) => t.services.db.selectFrom('payment_events').selectAll().where('id', '=', eventId).execute();

  beforeAll(async () => {
    fake = await startFakeStripe();
    t = await startTestApp(dialect, { env: stripeModeEnv(fake), errorLog });
  });
  afterAll(async () => {
    await t.stop();
    await fake.close();
  });

  it('runs in Stripe mode', () => {
    expect(t.services.payments.mode).toBe('stripe');
  });

  it('applies a signed event once: a replay is acknowledged and changes nothing', async () => {
    const event = productCreated();
    const { payload, header } = signedWebhook(event, SECRET);
    // Stripe's servers are no browser: the portal's same-origin rule for functions must not apply here.
    const first = await deliver(payload, { 'stripe-signature': header, origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ received: true });
    expect(await rowsOf(event.id)).toMatchObject([{ id: event.id, type: 'product.created', provider_created: event.created }]);

    const replay = await deliver(payload, { 'stripe-signature': header });
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual({ received: true });
    expect(await rowsOf(event.id)).toHaveLength(1);
  });

  it('acknowledges an event type the portal does not handle', async () => {
    const event = stripeEvent('charge.succeeded', { id: 'ch_1', object: 'charge' });
    const { payload, header } = signedWebhook(event, SECRET);
    expect((await deliver(payload, { 'stripe-signature': header })).statusCode).toBe(200);
  });

  describe('refuses what Stripe did not sign, changing nothing', () => {
    const refusals: [string, () => { payload: string; headers: Record<string, string>; eventId: string }][] = [
      ['no signature header', () => {
        const event = productCreated();
        return { payload: JSON.stringify(event), headers: {}, eventId: event.id };
      }],
      ['a made-up signature', () => {
        const event = productCreated();
        return { payload: JSON.stringify(event), headers: { 'stripe-signature': `t=${Math.floor(Date.now() / 1000)},v1=${'0'.repeat(64)}` }, eventId: event.id };
      }],
      ['a signature older than 300 s', () => {
        const event = productCreated();
        const { payload, header } = signedWebhook(event, SECRET, { timestamp: Math.floor(Date.now() / 1000) - 301 });
        return { payload, headers: { 'stripe-signature': header }, eventId: event.id };
      }],
      ['another endpoint\'s secret', () => {
        const event = productCreated();
        const { payload, header } = signedWebhook(event, 'whsec_other');
        return { payload, headers: { 'stripe-signature': header }, eventId: event.id };
      }],
      ['a body altered after signing', () => {
        const event = productCreated();
        const { payload, header } = signedWebhook(event, SECRET);
        return { payload: payload.replace('Webhook plan', 'Free plan!!'), headers: { 'stripe-signature': header }, eventId: event.id };
      }],
    ];
    for (const [name, make] of refusals) {
      it(`${name}: 400 'Invalid webhook signature.'`, async () => {
        const { payload, headers, eventId } = make();
        const res = await deliver(payload, headers);
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({ error: { status: 'INVALID_ARGUMENT', message: WEBHOOK_SIGNATURE_INVALID } });
        expect(await rowsOf(eventId)).toEqual([]);
      });
    }

    it('a body that is not JSON: 400, signed or not, whatever its content type', async () => {
      const unsigned = await t.app.inject({ method: 'POST', url: '/api/webhooks/stripe', payload: 'hello', headers: { 'content-type': 'text/plain' } });
      expect(unsigned.statusCode).toBe(400);
      expect(unsigned.json().error).toEqual({ status: 'INVALID_ARGUMENT', message: WEBHOOK_SIGNATURE_INVALID });
      const signed = signedWebhook('{"id": "evt_1", ', SECRET);
      const res = await deliver(signed.payload, { 'stripe-signature': signed.header });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toEqual({ status: 'INVALID_ARGUMENT', message: WEBHOOK_NOT_AN_EVENT });
    });

    it('an empty body and a body over 1 MB: 400', async () => {
      const empty = await t.app.inject({ method: 'POST', url: '/api/webhooks/stripe', headers: { 'stripe-signature': 't=1,v1=00' } });
      expect(empty.statusCode).toBe(400);
      const event = { ...productCreated(), padding: 'x'.repeat(1024 * 1024) };
      const { payload, header } = signedWebhook(event, SECRET);
      const big = await deliver(payload, { 'stripe-signature': header });
      expect(big.statusCode).toBe(400);
      expect(big.json().error.status).toBe('INVALID_ARGUMENT');
      expect(await rowsOf(event.id)).toEqual([]);
    });
  });

  it('a handler failure answers 500 with the request id and logs it, so Stripe delivers again', async () => {
    const receive = t.services.receivePaymentEvent;
    t.services.receivePaymentEvent = async () => { throw new Error('handler broke'); };
    try {
      const event = productCreated();
      const { payload, header } = signedWebhook(event, SECRET);
      const res = await deliver(payload, { 'stripe-signature': header });
      expect(res.statusCode).toBe(500);
      const requestId = res.headers['x-request-id'];
      expect(res.json()).toEqual({ error: { status: 'INTERNAL', message: `Internal error (request id ${requestId}).` } });
      const logged = errorLog.map((line) => JSON.parse(line)).filter((entry) => entry.reqId === requestId);
      expect(logged.map((entry) => entry.eventId ?? entry.err?.message)).toEqual([event.id, 'handler broke']);
    } finally {
      t.services.receivePaymentEvent = receive;
    }
  });
});

describeEachDialect('POST /api/webhooks/stripe in test mode', (dialect) => {
  let t: TestApp;
  beforeAll(async () => { t = await startTestApp(dialect); });
  afterAll(async () => { await t.stop(); });

  it('does not exist: 404, since no webhook is configured', async () => {
    const { payload, header } = signedWebhook(productCreated(), SECRET);
    const res = await t.app.inject({ method: 'POST', url: '/api/webhooks/stripe', payload, headers: { 'content-type': 'application/json', 'stripe-signature': header } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: { status: 'NOT_FOUND', message: WEBHOOKS_NOT_CONFIGURED } });
    expect(await t.services.db.selectFrom('payment_events').selectAll().execute()).toEqual([]);
  });
});
