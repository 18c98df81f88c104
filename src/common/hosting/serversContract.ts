import { z } from 'zod';
import { allow, defineContract } from '../protocol.ts';
import { asObject, empty, id, isoDate } from '../contracts/shared.ts';
import { PANEL_KINDS } from './panels.ts';
import { HOST_INVALID, PLESK_CREDENTIALS } from './serversTexts.ts';

export const NAME_MAX = 80;
export const HOST_MAX = 253;
export const SECRET_MAX = 4096;
export const FILL_POLICIES = ['fill', 'spread'] as const;

const panelKind = z.enum(PANEL_KINDS, { error: `Panel type must be one of ${PANEL_KINDS.join(', ')}.` });

const text = (what: string, max: number) => z.string({ error: `${what} is required.` }).trim()
  .min(1, `${what} is required.`).max(max, `${what} must be at most ${max} characters.`);
const secret = (what: string) => z.string({ error: `${what} is required.` })
  .min(1, `${what} is required.`).max(SECRET_MAX, `${what} must be at most ${SECRET_MAX} characters.`);
const optionalText = (what: string, max: number) => z.string({ error: `${what} must be a text.` }).trim()
  .max(max, `${what} must be at most ${max} characters.`).optional().transform((v) => v || undefined);

const HOST_LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/i;
const isIp = (v: string) => z.ipv4().safeParse(v).success || z.ipv6().safeParse(v).success;
/** A host name or IP address only: the scheme and port are fields of their own, a path has no place. */
export const isServerHost = (v: string) => isIp(v) || (v.length <= HOST_MAX && v.split('.').every((label) => HOST_LABEL.test(label)));

const host = z.string({ error: 'Host is required.' }).trim().min(1, 'Host is required.')
  .max(HOST_MAX, `Host must be at most ${HOST_MAX} characters.`).refine(isServerHost, HOST_INVALID);

/** What the operator types, per panel (PanelCredentials); write-only: no answer ever carries it. */
export const credentialsInput = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('cpanel'), username: text('WHM user', 64), apiToken: secret('API token') }).strict(),
  // Plesk takes either a secret key or an administrator's login and password.
  z.object({ kind: z.literal('plesk'), secretKey: secret('Secret key').optional(), login: text('Login', 64).optional(), password: secret('Password').optional() }).strict()
    .refine((v) => (v.secretKey !== undefined ? v.login === undefined && v.password === undefined : v.login !== undefined && v.password !== undefined), PLESK_CREDENTIALS)
    .transform((v) => (v.secretKey !== undefined ? { kind: v.kind, secretKey: v.secretKey } : { kind: v.kind, login: v.login!, password: v.password! })),
  z.object({ kind: z.literal('directadmin'), username: text('Admin user', 64), loginKey: secret('Login key') }).strict(),
  z.object({ kind: z.literal('proxmox'), tokenId: text('Token ID', 200), secret: secret('Token secret') }).strict(),
], { error: 'Credentials must name their panel type and its fields.' });
export type CredentialsInput = z.infer<typeof credentialsInput>;

export const serverOptions = z.object({
  sharedIp: optionalText('Shared IP', 64),
  node: optionalText('Node', 64),
  storage: optionalText('Storage', 64),
  displayHost: optionalText('Display host', HOST_MAX),
}, asObject).strict();

export const serverHealth = z.object({
  lastCheckAt: isoDate.nullable(),
  lastCheckOk: z.boolean().nullable(),
  latencyMs: z.number().int().nullable(),
  lastError: z.string().nullable(),
  panelVersion: z.string().nullable(),
  /** Accounts the panel reports. */
  panelAccounts: z.number().int().nullable(),
  /** The panel's licence limit, or null when unlimited or not told. */
  panelMaxAccounts: z.number().int().nullable(),
  /** Hosting services of the portal on this server that are not terminated. */
  portalAccounts: z.number().int(),
  /** Null when the stored credentials open; else the sentence saying they must be entered again. */
  credentialsProblem: z.string().nullable(),
});

export const serverView = z.object({
  id: z.string(),
  name: z.string(),
  panel: panelKind,
  groupId: z.string().nullable(),
  groupName: z.string().nullable(),
  scheme: z.enum(['https', 'http']),
  host: z.string(),
  port: z.number().int(),
  verifyTls: z.boolean(),
  maxAccounts: z.number().int().nullable(),
  enabled: z.boolean(),
  options: serverOptions,
  credentialsUpdatedAt: isoDate,
  health: serverHealth,
});
export type ServerView = z.infer<typeof serverView>;

export const serverGroupView = z.object({ id: z.string(), name: z.string(), fillPolicy: z.enum(FILL_POLICIES), servers: z.number().int() });
export type ServerGroupView = z.infer<typeof serverGroupView>;

export const listHostingServers = defineContract({
  name: 'listHostingServers',
  summary: 'Every hosting server with its health card (last check, latency, accounts on the panel and the portal\'s, last error) and every server group. Never a credential.',
  access: 'back_office',
  kind: 'read',
  permissions: allow.backOffice,
  input: empty,
  output: z.object({ servers: z.array(serverView), groups: z.array(serverGroupView) }),
});

export const saveHostingServer = defineContract({
  name: 'saveHostingServer',
  summary: 'Adds a server (with credentials, sealed at rest) or edits one (serverId; credentials left out keep the stored ones). Audited without the credentials.',
  access: 'back_office',
  kind: 'write',
  permissions: allow.backOffice,
  input: z.object({
    serverId: id('Server ID').optional(),
    name: text('Name', NAME_MAX),
    panel: panelKind,
    groupId: id('Group ID').nullable().default(null),
    scheme: z.enum(['https', 'http'], { error: "Scheme must be 'https' or 'http'." }).default('https'),
    host,
    port: z.number({ error: 'Port must be a number.' }).int('Port must be a whole number.').min(1, 'Port must be between 1 and 65535.').max(65535, 'Port must be between 1 and 65535.'),
    verifyTls: z.boolean({ error: 'Verify TLS must be true or false.' }).default(true),
    maxAccounts: z.number({ error: 'Max accounts must be a number.' }).int('Max accounts must be a whole number.').min(1, 'Max accounts must be at least 1.').max(1_000_000, 'Max accounts is too large.').nullable().default(null),
    enabled: z.boolean({ error: 'Enabled must be true or false.' }).default(true),
    options: serverOptions.prefault({}),
    credentials: credentialsInput.optional(),
  }, asObject).strict(),
  output: z.object({ success: z.literal(true), server: serverView }),
});

export const deleteHostingServer = defineContract({
  name: 'deleteHostingServer',
  summary: 'Deletes a server that no hosting service uses (409 otherwise). Audited.',
  access: 'back_office',
  kind: 'write',
  permissions: allow.backOffice,
  input: z.object({ serverId: id('Server ID') }, asObject).strict(),
  output: z.object({ success: z.literal(true) }),
});

export const panelCallLine = z.object({ command: z.string(), status: z.number().int().nullable(), ms: z.number().int(), outcome: z.string() });

export const testHostingServer = defineContract({
  name: 'testHostingServer',
  summary: 'Tests a server\'s panel with a read-only call and answers its timed call log and the facts read; stores them as the server\'s health. Never a credential. Audited.',
  access: 'back_office',
  kind: 'write',
  permissions: allow.backOffice,
  input: z.object({ serverId: id('Server ID') }, asObject).strict(),
  output: z.object({
    success: z.boolean(),
    calls: z.array(panelCallLine),
    error: z.string().nullable(),
    facts: z.object({ version: z.string().nullable(), accounts: z.number().int().nullable(), maxAccounts: z.number().int().nullable() }).nullable(),
    server: serverView,
  }),
});

export const saveServerGroup = defineContract({
  name: 'saveServerGroup',
  summary: 'Creates a server group or renames one and sets its fill policy (\'fill\': the fullest server with room first; \'spread\': the emptiest). Audited.',
  access: 'back_office',
  kind: 'write',
  permissions: allow.backOffice,
  input: z.object({
    groupId: id('Group ID').optional(),
    name: text('Name', NAME_MAX),
    fillPolicy: z.enum(FILL_POLICIES, { error: "Fill policy must be 'fill' or 'spread'." }).default('fill'),
  }, asObject).strict(),
  output: z.object({ success: z.literal(true), group: serverGroupView }),
});

export const deleteServerGroup = defineContract({
  name: 'deleteServerGroup',
  summary: 'Deletes a server group no server and no product uses (409 otherwise). Audited.',
  access: 'back_office',
  kind: 'write',
  permissions: allow.backOffice,
  input: z.object({ groupId: id('Group ID') }, asObject).strict(),
  output: z.object({ success: z.literal(true) }),
});

export const contracts = { listHostingServers, saveHostingServer, deleteHostingServer, testHostingServer, saveServerGroup, deleteServerGroup };
