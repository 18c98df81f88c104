import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createHold, type Hold } from '../holds.ts';

/**
 * A local stand-in for Stripe's HTTP API, for the adapter's tests (STRIPE_API_BASE points the
 * SDK here, so nothing reaches the internet). It speaks the wire format the SDK speaks:
 * form-encoded bodies in bracket notation, JSON answers in Stripe's object shapes, Stripe's error
 * JSON, `Idempotency-Key` replays, list pagination, and only the endpoints the adapter calls.
 */
export interface RecordedRequest {
  method: string;
  path: string;
  /** The form body (POST) or the query (GET), decoded into nested objects and arrays. */
  params: Record<string, any>;
  idempotencyKey: string | null;
  authorization: string | null;
}

export interface FakeStripe {
  url: string;
  /** Every request, in arrival order. */
  requests: RecordedRequest[];
  /** Keeps an object as Stripe would hold it (what only Stripe creates: customers, subscriptions, invoices). */
  put<T extends { id: string; object: string }>(object: T): T;
  get(id: string): any;
  /** A customer as Checkout would have made it. */
  addCustomer(email?: string): { id: string; email: string | null; invoice_prefix: string; next_invoice_sequence: number };
  /**
   * A card attached to the customer and made its default (as the Billing Portal does), behaving
   * like Stripe's test cards when charged: pm_card_visa succeeds, pm_card_chargeDeclined is
   * declined, pm_card_authenticationRequired needs its holder (refused off-session).
   */
  addDefaultCard(customerId: string, behaviour?: FakeCardBehaviour): { id: string };
  /** A card attached to the customer but not its default: where subscription-mode Checkout leaves the card it saved. */
  attachCard(customerId: string, behaviour?: FakeCardBehaviour): { id: string };
  /** The parameters a checkout session was created with (Stripe keeps its line items and subscription_data). */
  checkoutParams(sessionId: string): Record<string, any> | undefined;
  /** A slow Stripe: requests of this method and path are taken in but not acted on until the hold is released. */
  hold(method: string, path: string, releaseAfterMs?: number): Hold;
  close(): Promise<void>;
}

export type FakeCardBehaviour = 'succeeds' | 'declined' | 'authentication_required';

export const STRIPE_TEST_WEBHOOK_SECRET = 'whsec_test';

/** The environment of a test app in Stripe mode, its SDK pointed at the fake. */
export const stripeModeEnv = (fake: { url: string }) => ({
  STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_PUBLISHABLE_KEY: 'pk_test_x', STRIPE_WEBHOOK_SECRET: STRIPE_TEST_WEBHOOK_SECRET, STRIPE_API_BASE: fake.url,
});

/** This secret key is "revoked": the fake answers 401 to it, as Stripe does to a rolled key. */
export const REVOKED_KEY = 'sk_test_revoked0000';

type Answer = { status: number; body: unknown };
class StripeFailure extends Error {
  constructor(readonly status: number, readonly error: Record<string, unknown>) {
    super(String(error.message));
  }
}
const missing = (kind: string, id: string, param = 'id') =>
  new StripeFailure(404, { type: 'invalid_request_error', code: 'resource_missing', param, message: `No such ${kind}: '${id}'` });
const invalid = (param: string, message: string, code = 'parameter_invalid') =>
  new StripeFailure(400, { type: 'invalid_request_error', code, param, message });

const now = () => Math.floor(Date.now() / 1000);
export const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('base64url').replace(/[-_]/g, 'x')}`;
const bool = (value: unknown, otherwise: boolean) => (value === undefined ? otherwise : value === 'true');

export async function startFakeStripe(): Promise<FakeStripe> {
  const objects = new Map<string, any>();
  const requests: RecordedRequest[] = [];
  const idempotent = new Map<string, { fingerprint: string; answer: Answer }>();
  const checkoutParams = new Map<string, Record<string, any>>();
  const holds: { method: string; path: string; hold: Hold }[] = [];
  let url = '';

  const put = <T extends { id: string; object: string }>(object: T): T => {
    objects.set(object.id, object);
    return object;
  };
  const find = (kind: string, id: string, param = 'id') => {
    const found = objects.get(id);
    if (!found || found.object !== kind) throw missing(kind, id, param);
    return found;
  };
  const list = (kind: string, params: Record<string, any>, matches: (object: any) => boolean = () => true) => {
    // Stripe lists newest first; insertion order stands in for creation time.
    const all = [...objects.values()].filter((o) => o.object === kind && matches(o)).reverse();
    const limit = Math.min(Number(params.limit ?? 10), 100);
    const start = params.starting_after ? all.findIndex((o) => o.id === params.starting_after) + 1 : 0;
    if (params.starting_after && start === 0) throw missing(kind, params.starting_after, 'starting_after');
    const data = all.slice(start, start + limit);
    return { object: 'list', data, has_more: start + limit < all.length, url: `/v1/${kind}s` };
  };

  const attachCard = (customerId: string, behaviour: FakeCardBehaviour) => {
    find('customer', customerId);
    return put({
      id: newId('pm'), object: 'payment_method', type: 'card', customer: customerId, created: now(), livemode: false, metadata: {},
      card: { brand: 'visa', last4: CARD_LAST4[behaviour], exp_month: 12, exp_year: new Date().getUTCFullYear() + 3 },
      behaviour,
    });
  };

  const routes: { method: string; pattern: RegExp; handle: (params: Record<string, any>, id: string) => unknown }[] = [
    { method: 'POST', pattern: /^\/v1\/checkout\/sessions$/, handle: (p) => {
      const session = put(checkoutSession(p, find, url));
      checkoutParams.set(session.id, p);
      return session;
    } },
    { method: 'GET', pattern: /^\/v1\/checkout\/sessions\/([^/]+)$/, handle: (_p, id) => find('checkout.session', id) },
    { method: 'POST', pattern: /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/, handle: (_p, id) => {
      const session = find('checkout.session', id);
      // Stripe's own refusal for a session that is already complete or expired.
      if (session.status !== 'open') {
        throw new StripeFailure(400, { type: 'invalid_request_error', message: `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${session.status}".` });
      }
      return put({ ...session, status: 'expired', url: null });
    } },
    { method: 'POST', pattern: /^\/v1\/billing_portal\/sessions$/, handle: (p) => put(portalSession(p, find, url)) },
    { method: 'GET', pattern: /^\/v1\/subscriptions\/([^/]+)$/, handle: (_p, id) => find('subscription', id) },
    { method: 'GET', pattern: /^\/v1\/invoices\/([^/]+)$/, handle: (_p, id) => find('invoice', id) },
    { method: 'GET', pattern: /^\/v1\/products$/, handle: (p) => list('product', p) },
    { method: 'POST', pattern: /^\/v1\/products$/, handle: (p) => put(createProduct(p)) },
    { method: 'POST', pattern: /^\/v1\/products\/([^/]+)$/, handle: (p, id) => updateProduct(find('product', id), p) },
    { method: 'GET', pattern: /^\/v1\/prices$/, handle: (p) => list('price', p) },
    { method: 'POST', pattern: /^\/v1\/prices$/, handle: (p) => put(createPrice(p, find)) },
    { method: 'POST', pattern: /^\/v1\/prices\/([^/]+)$/, handle: (p, id) => updatePrice(find('price', id), p) },
    { method: 'GET', pattern: /^\/v1\/customers\/([^/]+)$/, handle: (_p, id) => find('customer', id) },
    { method: 'GET', pattern: /^\/v1\/customers\/([^/]+)\/payment_methods$/, handle: (p, id) => {
      find('customer', id);
      return list('payment_method', p, (method) => method.customer === id && (p.type === undefined || method.type === p.type));
    } },
    { method: 'POST', pattern: /^\/v1\/payment_intents$/, handle: (p) => createPaymentIntent(p, find, put) },
    { method: 'POST', pattern: /^\/v1\/refunds$/, handle: (p) => createRefund(p, find, put) },
    { method: 'GET', pattern: /^\/v1\/refunds$/, handle: (p) => list('refund', p, (refund) => p.payment_intent === undefined || refund.payment_intent === p.payment_intent) },
    { method: 'GET', pattern: /^\/v1\/payment_intents$/, handle: (p) => list('payment_intent', p, (intent) =>
      (p.customer === undefined || intent.customer === p.customer) && (p.created?.gte === undefined || intent.created >= Number(p.created.gte))) },
  ];

  const answer = (method: string, path: string, params: Record<string, any>, authorization: string | null): Answer => {
    try {
      if (!authorization?.startsWith('Bearer sk_')) {
        throw new StripeFailure(401, { type: 'invalid_request_error', message: 'You did not provide an API key.' });
      }
      if (authorization === `Bearer ${REVOKED_KEY}`) {
        throw new StripeFailure(401, { type: 'invalid_request_error', message: `Invalid API Key provided: ${REVOKED_KEY}` });
      }
      for (const route of routes) {
        const match = route.method === method ? route.pattern.exec(path) : null;
        if (match) return { status: 200, body: route.handle(params, decodeURIComponent(match[1] ?? '')) };
      }
      throw new StripeFailure(404, { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path}).` });
    } catch (error) {
      if (error instanceof StripeFailure) return { status: error.status, body: { error: error.error } };
      throw error;
    }
  };

  const server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    const target = new URL(req.url ?? '/', 'http://fake');
    const method = req.method ?? 'GET';
    const params = decodeForm(method === 'GET' ? target.search.slice(1) : raw);
    const idempotencyKey = header(req, 'idempotency-key');
    const authorization = header(req, 'authorization');
    requests.push({ method, path: target.pathname, params, idempotencyKey, authorization });
    await holds.find((h) => h.method === method && h.path === target.pathname && !h.hold.released)?.hold.pass();

    let result: Answer;
    const fingerprint = `${method} ${target.pathname} ${raw}`;
    const earlier = method === 'POST' && idempotencyKey ? idempotent.get(idempotencyKey) : undefined;
    if (earlier && earlier.fingerprint !== fingerprint) {
      result = { status: 400, body: { error: { type: 'idempotency_error', message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.` } } };
    } else if (earlier) {
      result = earlier.answer;
      res.setHeader('idempotent-replayed', 'true');
    } else {
      result = answer(method, target.pathname, params, authorization);
      if (method === 'POST' && idempotencyKey) idempotent.set(idempotencyKey, { fingerprint, answer: result });
    }
    // A refusal is final: the SDK must not spend the test's time retrying it.
    if (result.status >= 400) res.setHeader('stripe-should-retry', 'false');
    res.writeHead(result.status, { 'content-type': 'application/json', 'request-id': newId('req') });
    res.end(JSON.stringify(result.body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    requests,
    put,
    get: (id) => objects.get(id),
    addCustomer: (email) => put({
      id: newId('cus'), object: 'customer', email: email ?? null, name: null, metadata: {}, created: now(), livemode: false,
      invoice_prefix: randomBytes(4).toString('hex').toUpperCase(), next_invoice_sequence: 1,
      invoice_settings: { custom_fields: null, default_payment_method: null, footer: null, rendering_options: null },
    }),
    addDefaultCard: (customerId, behaviour = 'succeeds') => {
      const card = attachCard(customerId, behaviour);
      find('customer', customerId).invoice_settings.default_payment_method = card.id;
      return { id: card.id };
    },
    attachCard: (customerId, behaviour = 'succeeds') => ({ id: attachCard(customerId, behaviour).id }),
    checkoutParams: (sessionId) => checkoutParams.get(sessionId),
    hold: (method, path, releaseAfterMs) => {
      const hold = createHold(releaseAfterMs);
      holds.push({ method, path, hold });
      return hold;
    },
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}

const header = (req: IncomingMessage, name: string): string | null => {
  const value = req.headers[name];
  return typeof value === 'string' ? value : null;
};

/**
 * Stripe's form encoding back into objects: `line_items[0][price]=p` and `expand[]=x` (or
 * `expand[0]=x`) become arrays, `metadata[accountId]=a` an object. Values stay text, as Stripe
 * receives them.
 */
export function decodeForm(text: string): Record<string, any> {
  const root: Record<string, any> = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const path = key.replace(/\]/g, '').split('[');
    let node: any = root;
    path.forEach((segment, i) => {
      const last = i === path.length - 1;
      const name = segment === '' ? String(Object.keys(node).length) : segment;
      if (last) node[name] = value;
      else node = node[name] ??= {};
    });
  }
  return arraysFromIndexes(root);
}

function arraysFromIndexes(value: any): any {
  if (typeof value !== 'object' || value === null) return value;
  const keys = Object.keys(value);
  const converted = Object.fromEntries(keys.map((k) => [k, arraysFromIndexes(value[k])]));
  const indexed = keys.length > 0 && keys.every((k) => /^\d+$/.test(k));
  return indexed ? keys.sort((a, b) => Number(a) - Number(b)).map((k) => converted[k]) : converted;
}

/** Stripe's metadata rule: an empty value deletes the key. */
function mergeMetadata(current: Record<string, string>, update: Record<string, string> | '' | undefined) {
  if (update === undefined) return current;
  if (update === '') return {};
  const merged = { ...current };
  for (const [k, v] of Object.entries(update)) {
    if (v === '') delete merged[k];
    else merged[k] = v;
  }
  return merged;
}

function requireParam(params: Record<string, any>, name: string) {
  if (params[name] === undefined || params[name] === '') throw invalid(name, `Missing required param: ${name}.`, 'parameter_missing');
  return params[name];
}

function amount(params: Record<string, any>, name: string): number {
  const value = Number(requireParam(params, name));
  if (!Number.isInteger(value) || value < 0) throw invalid(name, `Invalid integer: ${params[name]}`);
  return value;
}

function createProduct(p: Record<string, any>) {
  requireParam(p, 'name');
  if (p.description === '') {
    throw invalid('description', 'You passed an empty string for \'description\'. We assume empty values are an attempt to unset a parameter; however \'description\' cannot be unset. You should remove \'description\' from your request or supply a non-empty value.', 'parameter_invalid_empty');
  }
  const created = now();
  return {
    id: newId('prod'), object: 'product', active: bool(p.active, true), created, default_price: null,
    description: p.description ?? null, images: [], livemode: false,
    marketing_features: (p.marketing_features || []).map((f: { name: string }) => ({ name: f.name })),
    metadata: mergeMetadata({}, p.metadata), name: p.name, package_dimensions: null, shippable: null,
    statement_descriptor: null, tax_code: null, type: 'service', unit_label: null, updated: created, url: null,
  };
}

function updateProduct(product: any, p: Record<string, any>) {
  if (p.name === '') throw invalid('name', 'You passed an empty string for \'name\'.', 'parameter_invalid_empty');
  if (p.name !== undefined) product.name = p.name;
  if (p.description !== undefined) product.description = p.description === '' ? null : p.description;
  product.active = bool(p.active, product.active);
  product.metadata = mergeMetadata(product.metadata, p.metadata);
  if (p.marketing_features !== undefined) product.marketing_features = (p.marketing_features || []).map((f: { name: string }) => ({ name: f.name }));
  product.updated = Math.max(now(), product.updated + 1);
  return product;
}

function createPrice(p: Record<string, any>, find: (kind: string, id: string, param?: string) => any) {
  find('product', requireParam(p, 'product'), 'product');
  const unitAmount = amount(p, 'unit_amount');
  const currency = String(requireParam(p, 'currency'));
  if (currency !== currency.toLowerCase()) throw invalid('currency', `Invalid currency: ${currency}.`);
  const interval = p.recurring?.interval;
  if (p.recurring && !['day', 'week', 'month', 'year'].includes(interval)) throw invalid('recurring[interval]', `Invalid recurring[interval]: must be one of day, week, month, or year`);
  return {
    id: newId('price'), object: 'price', active: bool(p.active, true), billing_scheme: 'per_unit', created: now(), currency,
    custom_unit_amount: null, livemode: false, lookup_key: null, metadata: mergeMetadata({}, p.metadata), nickname: null, product: p.product,
    recurring: interval ? { interval, interval_count: 1, meter: null, trial_period_days: null, usage_type: 'licensed' } : null,
    tax_behavior: 'unspecified', tiers_mode: null, transform_quantity: null, type: interval ? 'recurring' : 'one_time',
    unit_amount: unitAmount, unit_amount_decimal: String(unitAmount),
  };
}

function updatePrice(price: any, p: Record<string, any>) {
  const unknown = Object.keys(p).find((k) => !['active', 'metadata', 'nickname', 'lookup_key', 'expand'].includes(k));
  if (unknown) throw invalid(unknown, `Received unknown parameter: ${unknown}`, 'parameter_unknown');
  price.active = bool(p.active, price.active);
  price.metadata = mergeMetadata(price.metadata, p.metadata);
  return price;
}

function checkoutSession(p: Record<string, any>, find: (kind: string, id: string, param?: string) => any, base: string) {
  const mode = requireParam(p, 'mode');
  if (!['payment', 'subscription'].includes(mode)) throw invalid('mode', `Invalid mode: ${mode}`);
  requireParam(p, 'success_url');
  if (p.customer && p.customer_email) throw invalid('customer_email', 'You may only specify one of these parameters: customer, customer_email.');
  if (p.customer) find('customer', p.customer, 'customer');
  const items: any[] = p.line_items ?? [];
  if (items.length === 0) throw invalid('line_items', 'Missing required param: line_items.', 'parameter_missing');
  let total = 0;
  let currency = '';
  items.forEach((item, i) => {
    const quantity = Number(item.quantity ?? 1);
    if (item.price) {
      const price = find('price', item.price, `line_items[${i}][price]`);
      if (!price.active) throw invalid(`line_items[${i}][price]`, `The price specified is inactive. This field only accepts active prices.`);
      if (mode === 'subscription' && price.type !== 'recurring') {
        throw invalid(`line_items[${i}][price]`, 'You must provide at least one recurring price in `subscription` mode when using prices.');
      }
      if (mode === 'payment' && price.type === 'recurring') {
        throw invalid(`line_items[${i}][price]`, 'You specified `payment` mode but passed a recurring price. Either switch to `subscription` mode or use only one-time prices.');
      }
      total += price.unit_amount * quantity;
      currency = price.currency;
    } else if (item.price_data) {
      total += amount(item.price_data, 'unit_amount') * quantity;
      currency = requireParam(item.price_data, 'currency');
      requireParam(item.price_data.product_data ?? {}, 'name');
    } else {
      throw invalid(`line_items[${i}]`, 'You must specify either `price` or `price_data` in each line item.');
    }
  });
  const id = newId('cs_test');
  const created = now();
  return {
    id, object: 'checkout.session', mode, status: 'open', payment_status: 'unpaid',
    customer: p.customer ?? null, customer_email: p.customer_email ?? null, customer_details: null,
    customer_creation: p.customer_creation ?? null, client_reference_id: p.client_reference_id ?? null,
    metadata: mergeMetadata({}, p.metadata), success_url: p.success_url, cancel_url: p.cancel_url ?? null,
    url: `${base}/c/pay/${id}`, subscription: null, invoice: null, payment_intent: null,
    amount_subtotal: total, amount_total: total, currency, created, expires_at: created + 86_400, livemode: false,
    invoice_creation: p.invoice_creation ? { enabled: p.invoice_creation.enabled === 'true', invoice_data: p.invoice_creation.invoice_data ?? {} } : null,
  };
}

const CARD_LAST4: Record<FakeCardBehaviour, string> = { succeeds: '4242', declined: '0002', authentication_required: '3155' };

/**
 * A payment intent created and, with confirm, charged at once. Off-session, a card that needs
 * its holder is refused like a decline (Stripe's authentication_required card error); a refusal
 * leaves the intent at Stripe, as there, awaiting another payment method.
 */
function createPaymentIntent(p: Record<string, any>, find: (kind: string, id: string, param?: string) => any, put: (object: any) => any) {
  const amountCents = amount(p, 'amount');
  const currency = String(requireParam(p, 'currency'));
  if (currency !== currency.toLowerCase()) throw invalid('currency', `Invalid currency: ${currency}.`);
  if (p.customer) find('customer', p.customer, 'customer');
  const method = p.payment_method ? find('payment_method', p.payment_method, 'payment_method') : null;
  if (method && method.customer !== (p.customer ?? null)) {
    throw invalid('payment_method', `The provided PaymentMethod ${method.id} does not belong to the customer.`);
  }
  const confirm = p.confirm === 'true';
  if (confirm && !method) throw invalid('payment_method', 'You must provide a payment_method to confirm this PaymentIntent.', 'parameter_missing');
  const offSession = p.off_session === 'true';
  const intent = put({
    id: newId('pi'), object: 'payment_intent', amount: amountCents, amount_received: 0, currency, customer: p.customer ?? null,
    payment_method: method?.id ?? null, description: p.description ?? null, metadata: mergeMetadata({}, p.metadata),
    created: now(), livemode: false, off_session: offSession, confirmation_method: 'automatic', capture_method: 'automatic',
    status: confirm ? 'succeeded' : 'requires_confirmation', latest_charge: null as string | null, last_payment_error: null as unknown,
  });
  if (!confirm) return intent;
  if (method.behaviour === 'authentication_required' && !offSession) {
    intent.status = 'requires_action';
    return intent;
  }
  const refusal = method.behaviour === 'declined'
    ? { code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' }
    : method.behaviour === 'authentication_required'
      ? { code: 'authentication_required', decline_code: 'authentication_required', message: 'Your card was declined. This transaction requires authentication.' }
      : null;
  if (refusal) {
    const error = { type: 'card_error', param: '', payment_method: { id: method.id, type: 'card' }, ...refusal };
    Object.assign(intent, { status: 'requires_payment_method', last_payment_error: error });
    throw new StripeFailure(402, { ...error, payment_intent: intent });
  }
  Object.assign(intent, { amount_received: amountCents, latest_charge: newId('ch') });
  return intent;
}

/** A refund of a succeeded payment intent: the whole unrefunded rest by default, never more than it. */
function createRefund(p: Record<string, any>, find: (kind: string, id: string, param?: string) => any, put: (object: any) => any) {
  const intent = find('payment_intent', requireParam(p, 'payment_intent'), 'payment_intent');
  if (intent.status !== 'succeeded' || !intent.latest_charge) {
    throw invalid('payment_intent', `This PaymentIntent (${intent.id}) does not have a successful charge to refund.`, 'charge_not_refundable');
  }
  const refunded = intent.amount_refunded ?? 0;
  const rest = intent.amount_received - refunded;
  if (rest === 0) throw invalid('charge', `Charge ${intent.latest_charge} has already been refunded.`, 'charge_already_refunded');
  const amountCents = p.amount === undefined ? rest : amount(p, 'amount');
  if (amountCents > rest) {
    throw invalid('amount', `Refund amount ($${(amountCents / 100).toFixed(2)}) is greater than unrefunded amount on charge ($${(rest / 100).toFixed(2)})`, 'amount_too_large');
  }
  intent.amount_refunded = refunded + amountCents;
  return put({
    id: newId('re'), object: 'refund', amount: amountCents, currency: intent.currency, payment_intent: intent.id, charge: intent.latest_charge,
    status: 'succeeded', reason: p.reason ?? null, metadata: mergeMetadata({}, p.metadata), created: now(), failure_reason: null,
  });
}

function portalSession(p: Record<string, any>, find: (kind: string, id: string, param?: string) => any, base: string) {
  find('customer', requireParam(p, 'customer'), 'customer');
  const id = newId('bps');
  return {
    id, object: 'billing_portal.session', configuration: 'bpc_fake', created: now(), customer: p.customer, flow: null,
    livemode: false, locale: null, on_behalf_of: null, return_url: p.return_url ?? null, url: `${base}/p/session/${id}`,
  };
}
