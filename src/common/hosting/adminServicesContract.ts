import { z } from 'zod';
import { allow, defineContract, type FunctionContract } from '../protocol.ts';
import { asObject, id, isoDate } from '../contracts/shared.ts';
import { PANEL_KINDS } from './panels.ts';
import { HOSTING_STEP_ACTIONS, HOSTING_STEP_STATUSES } from './queueContract.ts';
import { HOSTING_SERVICE_STATUSES, serviceUsage } from './servicesContract.ts';

/**
 * The operator's hosting services (issue 22): every service of every account at /super-admin/services,
 * one service with its job history, and single sign-on into its panel as the customer. The hand-run
 * actions themselves are runHostingStep (queueContract.ts).
 */

export const SERVICES_PAGE_SIZE = 25;
export const SERVICES_PAGE_MAX = 100;

const serviceStatus = z.enum(HOSTING_SERVICE_STATUSES);
const suspendReason = z.enum(['overdue', 'operator']);

export const adminHostingService = z.object({
  id: z.string(),
  status: serviceStatus,
  /** Set while suspended: overdue (billing) or operator (by hand), with the operator's note. */
  suspendReason: suspendReason.nullable(),
  suspendNote: z.string().nullable(),
  productId: z.string().nullable(),
  productName: z.string(),
  /** The panel package the account is on. */
  package: z.string().nullable(),
  panel: z.enum(PANEL_KINDS),
  serverId: z.string().nullable(),
  serverName: z.string().nullable(),
  domain: z.string().nullable(),
  username: z.string().nullable(),
  accountId: z.string(),
  accountName: z.string().nullable(),
  /** The subscription's current period end; null for imported services or without a subscription. */
  renewsAt: isoDate.nullable(),
  createdAt: isoDate,
  /** Steps of this service that failed and wait in the provisioning queue. */
  failedSteps: z.number().int(),
});
export type AdminHostingService = z.infer<typeof adminHostingService>;

const option = z.object({ id: z.string(), name: z.string() });

export const listHostingServices = defineContract({
  name: 'listHostingServices',
  summary: `Every hosting service, newest first, ${SERVICES_PAGE_SIZE} a page by default; filtered by status, server, product and account; with the total and the servers and products to filter by.`,
  access: 'back_office',
  kind: 'read',
  permissions: allow.backOffice,
  input: z.object({
    status: z.enum(HOSTING_SERVICE_STATUSES, { error: `Status must be one of ${HOSTING_SERVICE_STATUSES.join(', ')}.` }).optional(),
    serverId: id('Server ID').optional(),
    productId: id('Product ID').optional(),
    accountId: id('Account ID').optional(),
    page: z.number({ error: 'Page must be a whole number.' }).int('Page must be a whole number.').min(1, 'Page must be at least 1.').optional(),
    pageSize: z.number({ error: 'Page size must be a whole number.' }).int('Page size must be a whole number.').min(1, 'Page size must be at least 1.')
      .max(SERVICES_PAGE_MAX, `Page size must be at most ${SERVICES_PAGE_MAX}.`).optional(),
  }, asObject).strict(),
  output: z.object({
    items: z.array(adminHostingService),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
    /** What the filter selects offer: every server, and every product some service is on. */
    servers: z.array(option),
    products: z.array(option),
  }),
});

export const hostingServiceStep = z.object({
  id: z.string(),
  action: z.enum(HOSTING_STEP_ACTIONS),
  status: z.enum(HOSTING_STEP_STATUSES),
  requestedAt: isoDate,
  finishedAt: isoDate.nullable(),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  /** Who ran it by hand or asked for it (e-mail), null when billing or the customer's plan did. */
  requestedBy: z.string().nullable(),
  resolutionNote: z.string().nullable(),
  /** The step's input without secrets: a package, a suspension reason and note. */
  input: z.record(z.string(), z.unknown()),
});
export type HostingServiceStep = z.infer<typeof hostingServiceStep>;

export const adminHostingServiceDetail = adminHostingService.extend({
  source: z.enum(['order', 'import']),
  subscriptionId: z.string().nullable(),
  /** The panel's own ids for the account (Plesk customer and webspace, Proxmox vmid and node). */
  panelRef: z.record(z.string(), z.string()),
  usage: serviceUsage.nullable(),
  pastDueSince: isoDate.nullable(),
  activatedAt: isoDate.nullable(),
  suspendedAt: isoDate.nullable(),
  terminatedAt: isoDate.nullable(),
  /** Where the packages to change to are read (listPanelPackages), null without a server group. */
  packageSource: z.object({ panel: z.enum(PANEL_KINDS), groupId: z.string() }).nullable(),
  abilities: z.object({
    /** Pending with no create queued, running or waiting. */
    create: z.boolean(),
    /** Active on a panel that has single sign-on. */
    openControlPanel: z.boolean(),
  }),
  /** A step is queued, running or waiting: the page keeps reading until it is done. */
  busy: z.boolean(),
});
export type AdminHostingServiceDetail = z.infer<typeof adminHostingServiceDetail>;

export const getHostingService = defineContract({
  name: 'getHostingService',
  summary: 'One hosting service for operators: its facts, the panel\'s ids, usage, what may be done now, and every lifecycle step (the job history), newest first. Never a password.',
  access: 'back_office',
  kind: 'read',
  permissions: allow.backOffice,
  input: z.object({ serviceId: id('Service ID') }, asObject).strict(),
  output: z.object({
    service: adminHostingServiceDetail,
    steps: z.array(hostingServiceStep),
  }),
});

export const openHostingPanelAsCustomer = defineContract({
  name: 'openHostingPanelAsCustomer',
  summary: 'A one-time login URL into the control panel of an active service, as its customer (single sign-on), for an operator. Audited without the URL.',
  access: 'back_office',
  kind: 'write',
  permissions: allow.backOffice,
  input: z.object({ serviceId: id('Service ID') }, asObject).strict(),
  output: z.object({ url: z.string() }),
});

export const contracts = { listHostingServices, getHostingService, openHostingPanelAsCustomer } satisfies Record<string, FunctionContract>;
