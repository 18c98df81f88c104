import { randomBytes } from 'node:crypto';

/** The portal's own ids of products and prices, shaped like the provider's so logs read alike. */
export const newProductId = () => `prod_${randomBytes(8).toString('hex')}`;
export const newPriceId = () => `price_${randomBytes(8).toString('hex')}`;
