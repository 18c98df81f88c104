import { handlers as pricing } from './pricingFunctions.ts';
import { handlers as search } from './searchFunctions.ts';

export const handlers = [...pricing, ...search];
