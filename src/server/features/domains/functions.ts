import { handlers as adminOrders } from './adminOrderFunctions.ts';
import { handlers as management } from './managementFunctions.ts';
import { handlers as orders } from './orderFunctions.ts';
import { handlers as pricing } from './pricingFunctions.ts';
import { handlers as search } from './searchFunctions.ts';

export const handlers = [...pricing, ...search, ...orders, ...management, ...adminOrders];
