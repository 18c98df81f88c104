import { HOSTING_CATEGORY } from '../../../common/billing/billing.ts';
import { inTransaction } from '../../db/transaction.ts';
import type { Services } from '../../rpc/context.ts';
import { countCatalog, insertPricesIfAbsent, insertProductsIfAbsent, type PriceTerms, type ProductFields } from './repository.ts';

interface StarterPlan extends ProductFields {
  id: string;
  prices: (PriceTerms & { id: string })[];
}

const plan = (id: string, monthly: number, fields: Omit<ProductFields, 'category' | 'active'>): StarterPlan => ({
  id: `prod_starter_${id}`, category: HOSTING_CATEGORY, active: true, ...fields,
  prices: [
    { id: `price_starter_${id}_month`, unitAmount: monthly, currency: 'USD', interval: 'month' },
    // Two months free on a yearly plan: what hosting providers commonly offer.
    { id: `price_starter_${id}_year`, unitAmount: monthly * 10, currency: 'USD', interval: 'year' },
  ],
});

/** Three hosting plans so that a new installation sells something; operators edit or replace them. */
export const STARTER_PLANS: readonly StarterPlan[] = [
  plan('starter', 499, {
    name: 'Starter',
    description: 'For a personal site, a portfolio or a blog getting its first visitors.',
    popular: false,
    features: ['1 website', '10 GB SSD storage', 'Free SSL certificate', '5 email accounts', 'Weekly backups'],
  }),
  plan('business', 1299, {
    name: 'Business',
    description: 'For a growing business with several sites and a busy mailbox.',
    popular: true,
    features: ['10 websites', '50 GB NVMe storage', 'Free SSL certificates', '25 email accounts', 'Daily backups'],
  }),
  plan('pro', 2499, {
    name: 'Pro',
    description: 'For shops and busy sites that need dedicated resources.',
    popular: false,
    features: ['Unlimited websites', '200 GB NVMe storage', '4 dedicated vCPUs and 8 GB RAM', 'Daily backups kept 30 days', 'Priority support'],
  }),
];

/**
 * On start in test mode, a catalogue to start from when there is none. In Stripe mode the
 * catalogue is Stripe's and comes by webhooks and the operators' sync. Fixed ids written with
 * insert-or-ignore: two processes starting together on one database create it once.
 */
export async function ensureStarterCatalog(services: Services): Promise<void> {
  if (services.payments.mode !== 'test') return;
  // Read outside the write: on SQLite a transaction that reads before writing cannot wait for
  // another process's write and fails instead. The fixed ids make the race between two
  // processes that both read an empty table harmless.
  if ((await countCatalog(services.db)).products > 0) return;
  await inTransaction(services.db, async (tx) => {
    await insertProductsIfAbsent(tx.db, STARTER_PLANS.map(({ prices: _prices, ...product }) => product));
    await insertPricesIfAbsent(tx.db, STARTER_PLANS.flatMap((p) => p.prices.map((price) => ({ ...price, productId: p.id }))));
  }, services.log);
  services.log.info('test mode: starter catalogue of three hosting plans in place');
}
