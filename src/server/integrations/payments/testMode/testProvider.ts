import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import { nowIso } from '../../../db/connection.ts';
import type { PaymentProviderDeps } from '../createPaymentProvider.ts';
import type { ProviderCheckoutSession, ProviderPrice, ProviderProduct } from '../events.ts';
import { type PaymentProvider, WebhookSignatureError } from '../provider.ts';

const epochNow = () => Math.floor(Date.now() / 1000);
export const testId = (prefix: string) => `${prefix}_test_${randomBytes(12).toString('base64url')}`;

/** A checkout session as the test provider keeps it: Stripe's shape plus what its page needs. */
export interface TestCheckoutRecord extends ProviderCheckoutSession {
  userId: string;
  successUrl: string;
  cancelUrl: string;
  line: { description: string; unitAmount: number; currency: string; interval: 'month' | 'year' | null; providerPriceId: string | null; productId: string | null };
  quantity: number;
}

export interface TestPortalRecord {
  id: string;
  customerId: string;
  accountId: string;
  userId: string;
  returnUrl: string;
  created: number;
}

export async function readTestObject<T>(db: Kysely<Database>, kind: string, id: string): Promise<T | null> {
  const row = await db.selectFrom('test_payment_objects').select('data').where('id', '=', id).where('kind', '=', kind).executeTakeFirst();
  return row ? JSON.parse(row.data) as T : null;
}

export async function writeTestObject(db: Kysely<Database>, kind: string, id: string, data: object): Promise<void> {
  const json = JSON.stringify(data);
  await db.insertInto('test_payment_objects').values({ id, kind, data: json })
    .onConflict((oc) => oc.column('id').doUpdateSet({ data: json, updated_at: nowIso() })).execute();
}

/**
 * The built-in provider of test mode: keeps its customers, sessions, subscriptions and
 * invoices in `test_payment_objects`, as Stripe keeps them on its side, and its hosted pages
 * are the portal's own /test-mode/... pages.
 */
export function createTestPaymentProvider(deps: PaymentProviderDeps): PaymentProvider {
  const { db, config } = deps;
  const page = (path: string) => `${config.PUBLIC_URL}${path}`;
  const missing = (what: string, id: string) => new Error(`test mode: no ${what} ${id}`);

  return {
    mode: 'test',
    publishableKey: null,

    async createCheckoutSession(request) {
      const id = testId('cs');
      let line: TestCheckoutRecord['line'];
      if ('providerPriceId' in request.line) {
        const price = await db.selectFrom('prices').innerJoin('products', 'products.id', 'prices.product_id')
          .select(['prices.unit_amount', 'prices.currency', 'prices.interval', 'products.name', 'products.provider_product_id', 'products.id as product_id'])
          .where('prices.provider_price_id', '=', request.line.providerPriceId).executeTakeFirst();
        if (!price) throw missing('price', request.line.providerPriceId);
        line = {
          description: price.name, unitAmount: price.unit_amount, currency: price.currency, interval: price.interval,
          providerPriceId: request.line.providerPriceId, productId: price.provider_product_id ?? price.product_id,
        };
      } else {
        line = { description: request.line.name, unitAmount: request.line.unitAmount, currency: request.line.currency, interval: null, providerPriceId: null, productId: null };
      }
      const session: TestCheckoutRecord = {
        id, object: 'checkout.session', mode: request.mode, status: 'open', payment_status: 'unpaid',
        customer: request.customerId, customer_details: request.customerEmail ? { email: request.customerEmail, name: null } : null,
        subscription: null, invoice: null, payment_intent: null, client_reference_id: request.accountId,
        metadata: { accountId: request.accountId, ...request.metadata },
        amount_total: line.unitAmount * request.quantity, currency: line.currency.toLowerCase(),
        url: page(`/test-mode/checkout/${id}`), created: epochNow(),
        userId: request.metadata.userId,
        successUrl: request.successUrl.replaceAll('{CHECKOUT_SESSION_ID}', id),
        cancelUrl: request.cancelUrl.replaceAll('{CHECKOUT_SESSION_ID}', id),
        line, quantity: request.quantity,
      };
      await writeTestObject(db, 'checkout_session', id, session);
      return { id, url: session.url! };
    },

    async createPortalSession(request) {
      const portal: TestPortalRecord = { id: testId('bps'), ...request, created: epochNow() };
      await writeTestObject(db, 'portal_session', portal.id, portal);
      return { url: page(`/test-mode/portal/${portal.id}`) };
    },

    async retrieveCheckoutSession(id) {
      const found = await readTestObject<ProviderCheckoutSession>(db, 'checkout_session', id);
      if (!found) throw missing('checkout session', id);
      return found;
    },
    async retrieveSubscription(id) {
      const found = await readTestObject<Awaited<ReturnType<PaymentProvider['retrieveSubscription']>>>(db, 'subscription', id);
      if (!found) throw missing('subscription', id);
      return found;
    },
    async retrieveInvoice(id) {
      const found = await readTestObject<Awaited<ReturnType<PaymentProvider['retrieveInvoice']>>>(db, 'invoice', id);
      if (!found) throw missing('invoice', id);
      return found;
    },

    // In test mode the portal's own tables are the catalogue: the provider's ids are ours.
    async listCatalog() {
      const products = await db.selectFrom('products').selectAll().execute();
      const prices = await db.selectFrom('prices').innerJoin('products', 'products.id', 'prices.product_id')
        .selectAll('prices').select('products.provider_product_id as product_provider_id').execute();
      return {
        products: products.map((p): ProviderProduct => ({
          id: p.provider_product_id ?? p.id, object: 'product', name: p.name, description: p.description || null, active: Boolean(p.active),
          metadata: { ...(p.category ? { Category: p.category } : {}), popular: p.popular ? 'true' : 'false' },
          marketing_features: (JSON.parse(p.features) as string[]).map((name) => ({ name })),
          created: Math.floor(new Date(p.created_at).getTime() / 1000), updated: Number(p.provider_updated ?? 0),
        })),
        prices: prices.map((p): ProviderPrice => ({
          id: p.provider_price_id ?? p.id, object: 'price', product: p.product_provider_id ?? p.product_id, active: Boolean(p.active),
          currency: p.currency.toLowerCase(), unit_amount: p.unit_amount, type: p.interval ? 'recurring' : 'one_time',
          recurring: p.interval ? { interval: p.interval, interval_count: 1 } : null,
          created: Math.floor(new Date(p.created_at).getTime() / 1000), metadata: {},
        })),
      };
    },
    async saveProduct(input) {
      return { providerProductId: input.providerProductId ?? input.localId, updated: epochNow() };
    },
    async savePrice(input) {
      return { providerPriceId: input.providerPriceId ?? input.localId, updated: epochNow() };
    },

    verifyWebhook() {
      throw new WebhookSignatureError('Test mode receives no webhooks: its events are delivered in-process.');
    },
  };
}
