import { handlers as management } from './management/functions.ts';
import { handlers as orders } from './orders/functions.ts';
import { handlers as pricing } from './pricing/functions.ts';
import { handlers as search } from './search/functions.ts';

export const handlers = [...pricing, ...search, ...orders, ...management];
