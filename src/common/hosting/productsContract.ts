import { z } from 'zod';
import { allow, defineContract } from '../protocol.ts';
import { asObject, empty, id } from '../contracts/shared.ts';
import { HOSTING_ORDER_FIELDS as ORDER_FIELDS } from './orderFields.ts';
import { PANEL_KINDS } from './panels.ts';

export const PACKAGE_MAX = 200;

const panelKind = z.enum(PANEL_KINDS, { error: `Panel type must be one of ${PANEL_KINDS.join(', ')}.` });

export const productMapping = z.object({
  productId: z.string(),
  panel: panelKind,
  groupId: z.string(),
  groupName: z.string(),
  package: z.string(),
  orderFields: z.array(z.enum(ORDER_FIELDS)),
});
export type ProductMapping = z.infer<typeof productMapping>;

export const listHostingProducts = defineContract({
  name: 'listHostingProducts',
  summary: 'Every product that provisions: its panel type, server group, package and the fields the customer gives at order time.',
  access: 'back_office',
  kind: 'read',
  permissions: allow.backOffice,
  input: empty,
  output: z.object({ mappings: z.array(productMapping) }),
});

export const listPanelPackages = defineContract({
  name: 'listPanelPackages',
  summary: 'Reads the package list live from an enabled server of the group on that panel type (the first that answers), for the product mapping; when none answers, no packages and the reason.',
  access: 'back_office',
  kind: 'read',
  permissions: allow.backOffice,
  input: z.object({ panel: panelKind, groupId: id('Group ID') }, asObject).strict(),
  output: z.object({
    /** The server that answered, or null with `error` saying why none did. */
    serverName: z.string().nullable(),
    error: z.string().nullable(),
    packages: z.array(z.object({ name: z.string(), limits: z.record(z.string(), z.string()) })),
  }),
});

export const saveHostingProduct = defineContract({
  name: 'saveHostingProduct',
  summary: 'Maps a product to a panel package: panel type, server group, package and order fields. Audited.',
  access: 'back_office',
  kind: 'write',
  permissions: allow.backOffice,
  input: z.object({
    productId: id('Product ID'),
    panel: panelKind,
    groupId: id('Group ID'),
    package: z.string({ error: 'Package is required.' }).trim().min(1, 'Package is required.').max(PACKAGE_MAX, `Package must be at most ${PACKAGE_MAX} characters.`),
    orderFields: z.array(z.enum(ORDER_FIELDS, { error: `Order fields may be: ${ORDER_FIELDS.join(', ')}.` })).max(10, 'Order fields: at most 10.').default([])
      .transform((fields) => [...new Set(fields)]),
  }, asObject).strict(),
  output: z.object({ success: z.literal(true), mapping: productMapping }),
});

export const removeHostingProduct = defineContract({
  name: 'removeHostingProduct',
  summary: 'Removes a product\'s panel mapping: the product then sells without provisioning. Audited.',
  access: 'back_office',
  kind: 'write',
  permissions: allow.backOffice,
  input: z.object({ productId: id('Product ID') }, asObject).strict(),
  output: z.object({ success: z.literal(true), removed: z.boolean() }),
});

export const contracts = { listHostingProducts, listPanelPackages, saveHostingProduct, removeHostingProduct };
