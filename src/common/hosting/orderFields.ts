import { z } from 'zod';
import { domainName } from '../domains/names.ts';

/** What a customer may be asked for at checkout when a plan provisions hosting (a product's mapping lists them). */
export const HOSTING_ORDER_FIELDS = ['domain'] as const;
export type HostingOrderField = (typeof HOSTING_ORDER_FIELDS)[number];

export const HOSTING_DOMAIN_REQUIRED = 'This plan needs your website\'s primary domain: enter it to continue.';
export const HOSTING_FIELDS_NOT_ASKED = 'This plan does not set up hosting: leave out the domain.';

/** The checkout's order-time fields: the primary domain, trimmed and lower-cased, as the domains area names one. */
export const hostingOrderInput = z.object({ domain: domainName.optional() }, { error: 'The hosting details must be an object.' }).strict();
export type HostingOrderInput = z.infer<typeof hostingOrderInput>;
