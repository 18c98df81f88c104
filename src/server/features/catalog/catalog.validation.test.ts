import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPlan } from '../../../../test/support/billing/factories.ts';
import { describeEachDialect, startTestApp, type TestApp, type TestUser } from '../../../../test/support/testApp.ts';
import { catalogState, signUpOperator } from '../../../../test/support/catalog.ts';

describeEachDialect('catalogue input validation (operators)', (dialect) => {
  let t: TestApp;
  let operator: TestUser;
  let productId: string;
  let before: Awaited<ReturnType<typeof catalogState>>;

  beforeAll(async () => {
    t = await startTestApp(dialect);
    operator = await signUpOperator(t);
    productId = (await createPlan(t, { name: 'Existing' })).productId;
    before = await catalogState(t);
  });
  afterAll(async () => { await t.stop(); });

  async function expectInvalid(name: string, data: unknown, message: string) {
    const res = await t.callRaw(name, data, operator);
    expect(res.status, JSON.stringify(data).slice(0, 120)).toBe(400);
    expect(res.error).toMatchObject({ status: 'INVALID_ARGUMENT', message });
  }

  describe('adminSaveProduct', () => {
    const product = (over: Record<string, unknown> = {}) => ({
      name: 'Managed WordPress', description: 'Hosting with updates done for you.', category: 'Hosting', popular: false, features: ['1 site'], active: true, ...over,
    });

    it('requires a name that is not blank', async () => {
      const { name: _omit, ...noName } = product();
      await expectInvalid('adminSaveProduct', noName, 'Name is required.');
      await expectInvalid('adminSaveProduct', product({ name: '' }), 'Name is required.');
      await expectInvalid('adminSaveProduct', product({ name: '  \t ' }), 'Name is required.');
      await expectInvalid('adminSaveProduct', product({ name: 42 }), 'Name is required.');
    });

    it('limits the name, description and category', async () => {
      await expectInvalid('adminSaveProduct', product({ name: 'n'.repeat(121) }), 'Name must be at most 120 characters.');
      await expectInvalid('adminSaveProduct', product({ description: 'd'.repeat(2001) }), 'Description must be at most 2000 characters.');
      await expectInvalid('adminSaveProduct', product({ category: 'c'.repeat(61) }), 'Category must be at most 60 characters.');
    });

    it('takes features as a list of non-empty texts, at most 20 of at most 200 characters', async () => {
      await expectInvalid('adminSaveProduct', product({ features: 'Free SSL' }), 'Features must be a list of texts.');
      await expectInvalid('adminSaveProduct', product({ features: ['Free SSL', '  '] }), 'A feature cannot be empty.');
      await expectInvalid('adminSaveProduct', product({ features: ['f'.repeat(201)] }), 'A feature must be at most 200 characters.');
      await expectInvalid('adminSaveProduct', product({ features: Array.from({ length: 21 }, (_, i) => `Feature ${i}`) }), 'At most 20 features.');
    });

    it('takes popular and active as true or false only', async () => {
      await expectInvalid('adminSaveProduct', product({ popular: 'true' }), 'Popular must be true or false.');
      await expectInvalid('adminSaveProduct', product({ active: 1 }), 'Active must be true or false.');
    });

    it('refuses an overlong id, fields it does not know, and NUL characters', async () => {
      await expectInvalid('adminSaveProduct', product({ id: 'p'.repeat(129) }), 'Product ID is not valid.');
      const unknown = await t.call('adminSaveProduct', product({ providerProductId: 'prod_X' }), operator);
      expect(unknown.status).toBe(400);
      expect(unknown.error?.status).toBe('INVALID_ARGUMENT');
      await expectInvalid('adminSaveProduct', product({ name: 'Evil\u0000Plan' }), 'Text must not contain NUL characters.');
      await expectInvalid('adminSaveProduct', product({ features: ['ok', 'bad\u0000'] }), 'Text must not contain NUL characters.');
    });

    it('refuses a body that is not an object', async () => {
      await expectInvalid('adminSaveProduct', ['Managed WordPress'], 'The input must be an object of named fields.');
      await expectInvalid('adminSavePrice', 'USD 19.99', 'The input must be an object of named fields.');
    });
  });

  describe('adminSavePrice', () => {
    const price = (over: Record<string, unknown> = {}) => ({ productId, unitAmount: 1999, currency: 'USD', interval: 'month', active: true, ...over });

    it('takes the amount as a whole, non-negative number of cents up to 1,000,000.00', async () => {
      await expectInvalid('adminSavePrice', price({ unitAmount: -1 }), 'Amount cannot be negative.');
      await expectInvalid('adminSavePrice', price({ unitAmount: 19.99 }), 'Amount must be a whole number of cents.');
      await expectInvalid('adminSavePrice', price({ unitAmount: '1999' }), 'Amount must be a whole number of cents.');
      await expectInvalid('adminSavePrice', price({ unitAmount: 100_000_001 }), 'Amount is too large.');
      const { unitAmount: _omit, ...noAmount } = price();
      await expectInvalid('adminSavePrice', noAmount, 'Amount must be a whole number of cents.');
    });

    it('takes a three-letter currency code', async () => {
      for (const currency of ['US', 'USDT', 'U$D', '', 840]) {
        await expectInvalid('adminSavePrice', price({ currency }), typeof currency === 'string' ? 'Currency must be a three-letter code such as USD.' : 'Currency is required.');
      }
    });

    it('takes the interval month, year or none (null)', async () => {
      for (const interval of ['week', 'monthly', 'MONTH', undefined]) {
        await expectInvalid('adminSavePrice', price({ interval }), 'Interval must be month, year or none.');
      }
    });

    it('requires the product id, and refuses fields it does not know and NUL characters', async () => {
      await expectInvalid('adminSavePrice', price({ productId: undefined }), 'Product ID is required.');
      await expectInvalid('adminSavePrice', price({ productId: ' ' }), 'Product ID is required.');
      await expectInvalid('adminSavePrice', price({ active: 'no' }), 'Active must be true or false.');
      const unknown = await t.callRaw('adminSavePrice', price({ subscriptionCount: 0 }), operator);
      expect(unknown.status).toBe(400);
      expect(unknown.error?.status).toBe('INVALID_ARGUMENT');
      await expectInvalid('adminSavePrice', price({ currency: 'US\u0000' }), 'Text must not contain NUL characters.');
    });
  });

  describe('the functions without input', () => {
    it('adminListProducts and syncPaymentCatalog refuse fields', async () => {
      for (const name of ['adminListProducts', 'syncPaymentCatalog']) {
        const res = await t.callRaw(name, { force: true }, operator);
        expect(res.status).toBe(400);
        expect(res.error?.status).toBe('INVALID_ARGUMENT');
      }
    });
  });

  // Runs after the suites above (vitest keeps the order of a file).
  it('wrote nothing for any refused input: no product, price, audit entry or platform event', async () => {
    expect(await catalogState(t)).toEqual(before);
  });
});
