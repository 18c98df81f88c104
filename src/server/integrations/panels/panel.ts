/**
 * The hosting-panel layer: one interface for every control panel the portal provisions on
 * (cPanel/WHM, Plesk, DirectAdmin, Proxmox VE). Adapters speak the panel's real wire format (see
 * /work/shared/reference/provisioning.md) and answer in these shapes; business errors hidden in
 * HTTP 200 answers become a PanelError. Adapters never touch the database and never log or put
 * credentials or passwords into an error, a log line or a call log entry.
 *
 * Every account on a panel is named by the portal's username (`^[a-z][a-z0-9]{7}$`, see
 * lifecycle's generator): cPanel and DirectAdmin user, Plesk customer login (and FTP user),
 * Proxmox VM name. Whatever else the panel numbers it by (a Plesk customer id, a Proxmox VMID and
 * node) the adapter finds again from the username, so a create that timed out can be looked up.
 */

import type { PanelKind } from '../../../common/hosting/panels.ts';

export { PANEL_KINDS, type PanelKind } from '../../../common/hosting/panels.ts';

/** What an operator types when adding a server, per panel; stored encrypted (./credentials.ts). */
export type PanelCredentials =
  /** WHM API token of a root or reseller user (`Authorization: whm USER:TOKEN`). */
  | { kind: 'cpanel'; username: string; apiToken: string }
  /** Plesk secret key (`KEY` header) or an administrator's login and password. */
  | { kind: 'plesk'; secretKey: string }
  | { kind: 'plesk'; login: string; password: string }
  /** DirectAdmin admin (or reseller) user with a login key or password (HTTP Basic). */
  | { kind: 'directadmin'; username: string; loginKey: string }
  /** Proxmox API token: `USER@REALM!TOKENID` and its secret. */
  | { kind: 'proxmox'; tokenId: string; secret: string };

/** Non-secret settings of a server, shown and edited in the back office. */
export interface PanelOptions {
  /** Plesk: the shared IP new webspaces get (else the first shared IP the panel lists). */
  sharedIp?: string;
  /** Proxmox: the node VMs are cloned on and the storage for full clones. */
  node?: string;
  storage?: string;
  /** The name the server's customers see (its host name when unset). */
  displayHost?: string;
}

/** Everything an adapter needs to talk to one server. */
export interface PanelConnection {
  kind: PanelKind;
  /** 'http' only for local fakes and panels behind a trusted network; 'https' by default. */
  scheme: 'https' | 'http';
  host: string;
  port: number;
  /** False accepts a self-signed certificate (a panel's default one); the back office warns. */
  verifyTls: boolean;
  credentials: PanelCredentials;
  options: PanelOptions;
}

/** One HTTP exchange with a panel as the attempt log shows it: never a credential, password or query value. */
export interface PanelCallRecord {
  /** The panel's function ('createacct', 'webspace.add', 'CMD_API_ACCOUNT_USER', 'POST qemu/clone'). */
  command: string;
  /** HTTP status, or null when no answer came (refused, dropped, timed out). */
  status: number | null;
  ms: number;
  /** 'ok', or what went wrong in a few words ('timed out', 'result 0: Sorry, …'). */
  outcome: string;
}

export interface PanelCallOptions {
  /** Aborts the call in flight (the job's time-out, the queue stopping). */
  signal?: AbortSignal;
  /** Receives each HTTP exchange as it ends, for the attempt log and Test Connection. */
  record?: (call: PanelCallRecord) => void;
}

/** An account as the panel reports it now. */
export interface PanelAccount {
  username: string;
  domain: string | null;
  /** The package / plan / template the account is on, as the panel names it. */
  package: string | null;
  suspended: boolean;
  /** The panel's reason text when suspended (cPanel, DirectAdmin), else null. */
  suspendReason: string | null;
  /** Contact e-mail on the panel, when it keeps one (used to map imports to customers). */
  email: string | null;
  /** The panel's own ids the adapter needs later ({ customerId, webspaceId } on Plesk, { vmid, node } on Proxmox). */
  ref: Record<string, string>;
}

export interface PanelPackage {
  name: string;
  /** Limits as the panel states them, for the back office to show ('Disk': '10 GB'); empty when unknown. */
  limits: Record<string, string>;
}

export interface PanelUsage {
  diskUsedMb: number | null;
  diskLimitMb: number | null;
  bandwidthUsedMb: number | null;
  bandwidthLimitMb: number | null;
  mailboxes: number | null;
}

export interface PanelServerFacts {
  /** The panel's version string. */
  version: string | null;
  /** Accounts on the server now, when the panel tells (the health card). */
  accounts: number | null;
  /** The panel's own limit (a licence), or null when unlimited or unknown. */
  maxAccounts: number | null;
}

export interface CreateAccountRequest {
  username: string;
  password: string;
  /** The customer's primary domain; null where the panel needs none (Proxmox). */
  domain: string | null;
  package: string;
  /** The account's contact (Plesk customer, cPanel contactemail, DirectAdmin email). */
  email: string;
  contactName: string;
  /** The portal's service id, sent where the API keeps one (Plesk external-id, Proxmox description). */
  serviceId: string;
}

export interface PanelCapabilities {
  /** A one-time login URL for the customer (Proxmox has none). */
  sso: boolean;
  changePassword: boolean;
  usage: boolean;
  /**
   * A create whose answer was lost may have left the account half made (a Proxmox VM cloned but not
   * configured or started): calling createAccount again with the same serviceId finishes it.
   */
  resumableCreate: boolean;
}

export interface Panel {
  readonly kind: PanelKind;
  readonly capabilities: PanelCapabilities;
  /** Read-only: proves the address and credentials and reads the facts of the health card. */
  testConnection(options?: PanelCallOptions): Promise<PanelServerFacts>;
  listPackages(options?: PanelCallOptions): Promise<PanelPackage[]>;
  /** The account named `username`, or null when the panel has none. */
  findAccount(username: string, options?: PanelCallOptions): Promise<PanelAccount | null>;
  /** Whether a new account may take `username` (no account, no system user or reserved name). */
  usernameAvailable(username: string, options?: PanelCallOptions): Promise<boolean>;
  listAccounts(options?: PanelCallOptions): Promise<PanelAccount[]>;
  /**
   * Creates the account (Plesk: customer then webspace, undoing the customer if the webspace
   * fails; Proxmox: clone, configure, start). 'exists' when the username is taken.
   */
  createAccount(request: CreateAccountRequest, options?: PanelCallOptions): Promise<PanelAccount>;
  suspend(account: PanelAccount, reason: string, options?: PanelCallOptions): Promise<void>;
  unsuspend(account: PanelAccount, options?: PanelCallOptions): Promise<void>;
  /** Removes the account and its data; 'not_found' when it is already gone. */
  terminate(account: PanelAccount, options?: PanelCallOptions): Promise<void>;
  changePackage(account: PanelAccount, packageName: string, options?: PanelCallOptions): Promise<void>;
  changePassword(account: PanelAccount, password: string, options?: PanelCallOptions): Promise<void>;
  /** A one-time login URL for the customer's browser at `clientIp` (Plesk binds the session to it). */
  loginUrl(account: PanelAccount, clientIp: string, options?: PanelCallOptions): Promise<string>;
  usage(account: PanelAccount, options?: PanelCallOptions): Promise<PanelUsage>;
}

/**
 * - unavailable: nothing reached the panel, or the answer says it did nothing (refused connection,
 *   HTTP 401/403 from a proxy): safe to try again later.
 * - unknown: the request may have been carried out (time-out after sending, dropped answer, 5xx,
 *   an answer that is not the API's): read the state back before anything else.
 * - auth: the panel refused the credentials (or the caller's address: a Plesk key bound to an IP).
 * - exists: the username (or the domain) is taken on the panel.
 * - not_found: the account (or package) does not exist.
 * - refused: any other business error the panel stated (bad package, weak password, limit reached).
 * - unsupported: the panel has no such operation (SSO on Proxmox).
 */
export type PanelErrorKind = 'unavailable' | 'unknown' | 'auth' | 'exists' | 'not_found' | 'refused' | 'unsupported';

export class PanelError extends Error {
  constructor(
    readonly kind: PanelErrorKind,
    /** Safe for operators to read: the panel's reason text, never a credential or URL query. */
    message: string,
    readonly details: { panel: PanelKind; command: string; code?: string },
  ) {
    super(message);
    this.name = 'PanelError';
  }
}

/** Whether the panel may have acted although the call did not say so. */
export const panelOutcomeUnknown = (error: unknown): boolean => error instanceof PanelError && error.kind === 'unknown';
