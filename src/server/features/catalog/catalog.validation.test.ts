import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FunctionName } from '../../../common/contracts/index.ts';
import { createPlan } from '../../../../test/support/billing/factories.ts';
import { inputRefusal } from '../../../../test/support/contractInput.ts';
import { describeEachDialect, startTestApp, type TestApp, type TestUser } from '../../../../test/support/testApp.ts';
import { catalogState, signUpOperator } from '../../../../test/support/catalog.ts';

const product = (over: Record<string, unknown> = {}) => ({
  name: 'Managed WordPress', description: 'Hosting with updates done for you.', category: 'Hosting', popular: false, features: ['1 site'], active: true, ...over,
});

describe('catalogue input validation (operators)', () => {
  const expectInvalid = (name: FunctionName, data: unknown, message: string) => expect(inputRefusal(name, data), JSON.stringify(data).slice(0, 120)).toBe(message);

  describe('adminSaveProduct', () => {
    it('requires a name that is not blank', () => {
      const { name: _omit, ...noName } = product();
      expectInvalid('adminSaveProduct', noName, 'Name is required.');
      expectInvalid('adminSaveProduct', product({ name: '' }), 'Name is required.');
      expectInvalid('adminSaveProduct', product({ name: '  \t ' }), 'Name is required.');
      expectInvalid('adminSaveProduct', product({ name: 42 }), 'Name is required.');
    });

    it('limits the name, description and category', () => {
      expectInvalid('adminSaveProduct', product({ name: 'n'.repeat(121) }), 'Name must be at most 120 characters.');
      expectInvalid('adminSaveProduct', product({ description: 'd'.repeat(2001) }), 'Description must be at most 2000 characters.');
      expectInvalid('adminSaveProduct', product({ category: 'c'.repeat(61) }), 'Category must be at most 60 characters.');
    });

    it('takes features as a list of non-empty texts, at most 20 of at most 200 characters', () => {
      expectInvalid('adminSaveProduct', product({ features: 'Free SSL' }), 'Features must be a list of texts.');
      expectInvalid('adminSaveProduct', product({ features: ['Free SSL', '  '] }), 'A feature cannot be empty.');
      expectInvalid('adminSaveProduct', product({ features: ['f'.repeat(201)] }), 'A feature must be at most 200 characters.');
      expectInvalid('adminSaveProduct', product({ features: Array.from({ length: 21 }, (_, i) => `Feature ${i}`) }), 'At most 20 features.');
    });

    it('takes popular and active as true or false only', () => {
      expectInvalid('adminSaveProduct', product({ popular: 'true' }), 'Popular must be true or false.');
      expectInvalid('adminSaveProduct', product({ active: 1 }), 'Active must be true or false.');
    });

    it('refuses an overlong id and fields it does not know', () => {
      expectInvalid('adminSaveProduct', product({ id: 'p'.repeat(129) }), 'Product ID is not valid.');
      expect(inputRefusal('adminSaveProduct', product({ providerProductId: 'prod_X' }))).not.toBeNull();
    });

    it('refuses a body that is not an object', () => {
      expectInvalid('adminSaveProduct', ['Managed WordPress'], 'The input must be an object of named fields.');
      expectInvalid('adminSavePrice', 'USD 19.99', 'The input must be an object of named fields.');
    });
  });

  describe('adminSavePrice', () => {
    const price = (over: Record<string, unknown> = {}) => ({ productId: 'prod_1', unitAmount: 1999, currency: 'USD', interval: 'month', active: true, ...over });

    it('takes the amount as a whole, non-negative number of cents up to 1,000,000.00', () => {
      expectInvalid('adminSavePrice', price({ unitAmount: -1 }), 'Amount cannot be negative.');
      expectInvalid('adminSavePrice', price({ unitAmount: 19.99 }), 'Amount must be a whole number of cents.');
      expectInvalid('adminSavePrice', price({ unitAmount: '1999' }), 'Amount must be a whole number of cents.');
      expectInvalid('adminSavePrice', price({ unitAmount: 100_000_001 }), 'Amount is too large.');
      const { unitAmount: _omit, ...noAmount } = price();
      expectInvalid('adminSavePrice', noAmount, 'Amount must be a whole number of cents.');
    });

    it('takes a three-letter currency code', () => {
      for (const currency of ['US', 'USDT', 'U$D', '', 840]) {
        expectInvalid('adminSavePrice', price({ currency }), typeof currency === 'string' ? 'Currency must be a three-letter code such as USD.' : 'Currency is required.');
      }
    });

    it('takes the interval month, year or none (null)', () => {
      for (const interval of ['week', 'monthly', 'MONTH', undefined]) {
        expectInvalid('adminSavePrice', price({ interval }), 'Interval must be month, year or none.');
      }
    });

    it('requires the product id, and refuses fields it does not know', () => {
      expectInvalid('adminSavePrice', price({ productId: undefined }), 'Product ID is required.');
      expectInvalid('adminSavePrice', price({ productId: ' ' }), 'Product ID is required.');
      expectInvalid('adminSavePrice', price({ active: 'no' }), 'Active must be true or false.');
      expect(inputRefusal('adminSavePrice', price({ subscriptionCount: 0 }))).not.toBeNull();
    });
  });

  describe('the functions without input', () => {
    it('adminListProducts and syncPaymentCatalog refuse fields', () => {
      for (const name of ['adminListProducts', 'syncPaymentCatalog'] as const) expect(inputRefusal(name, { force: true })).not.toBeNull();
    });
  });
});

describeEachDialect('catalogue input over HTTP (operators)', (dialect) => {
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

  async function expectRefused(name: FunctionName, data: unknown, message: string) {
    const res = await t.callRaw(name, data, operator);
    expect(res.status, JSON.stringify(data).slice(0, 120)).toBe(400);
    expect(res.error).toMatchObject({ status: 'INVALID_ARGUMENT', message });
  }

  it('answers a refused input with 400 INVALID_ARGUMENT and the contract\'s sentence', async () => {
    await expectRefused('adminSaveProduct', product({ name: '  \t ' }), 'Name is required.');
  });

  it('refuses NUL characters in any text', async () => {
    await expectRefused('adminSaveProduct', product({ name: 'Evil\u0000Plan' }), 'Text must not contain NUL characters.');
    await expectRefused('adminSaveProduct', product({ features: ['ok', 'bad\u0000'] }), 'Text must not contain NUL characters.');
    await expectRefused('adminSavePrice', { productId, unitAmount: 1999, currency: 'US\u0000', interval: 'month', active: true }, 'Text must not contain NUL characters.');
  });

  // Runs after the tests above (vitest keeps the order of a file).
  it('wrote nothing for any refused input: no product, price, audit entry or platform event', async () => {
    expect(await catalogState(t)).toEqual(before);
  });
});
