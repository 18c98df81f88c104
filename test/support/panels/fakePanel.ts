import type { PanelConnection, PanelKind } from '../../../src/server/integrations/panels/panel.ts';
import type { FakeHttpServer, FakeRequest } from '../fakeHttpServer.ts';

/**
 * A local fake of one hosting panel's HTTP API, built from reference/provisioning.md: it keeps
 * accounts and packages in memory and answers in the panel's wire format, business errors and all
 * (errors inside HTTP 200, "already exists", toggles). Every panel's fake offers these controls, so
 * the lifecycle's tests run the same story against each (test/support/panels/index.ts lists them).
 */
export interface FakePanelAccount {
  username: string;
  domain: string | null;
  package: string | null;
  suspended: boolean;
  /** The account's current password on the panel, to prove a change arrived (never from the portal's logs). */
  password: string | null;
  email: string | null;
}

export type FakePanelOperation = 'create' | 'suspend' | 'unsuspend' | 'terminate' | 'changePackage' | 'changePassword';

export interface FakePanel {
  kind: PanelKind;
  /** The HTTP server: its `requests`, `override`, `actThen`, `hold`, `down`/`up` for the failure stories. */
  http: FakeHttpServer;
  /** How the portal reaches this fake with valid credentials (http on 127.0.0.1). */
  connection(): PanelConnection;
  /** The same with credentials the fake refuses. */
  wrongCredentials(): PanelConnection;
  /** The secret strings of connection()'s credentials, for tests that prove they never leak. */
  secrets(): string[];
  /** Accounts on the panel now. */
  accounts(): FakePanelAccount[];
  /** Packages (plans, templates) the panel offers; 'starter' and 'business' exist from the start. */
  packages(): string[];
  addPackage(name: string): void;
  /** An account made on the panel by hand (an import's source, a username already taken). */
  seedAccount(account: Partial<FakePanelAccount> & { username: string }): void;
  /** A name the panel refuses for a new account although no account has it (a system user). */
  reserveUsername(username: string): void;
  /** Whether `request` carries out `operation` (for http.actThen / overrideWhen). */
  isOperation(request: FakeRequest, operation: FakePanelOperation): boolean;
  /**
   * The account a one-time login URL from `loginUrl` opens (the fake serves the URL: GET answers a
   * page naming the account), or null when the URL is not one it issued or it was used already.
   */
  ssoAccount(url: string): string | null;
  close(): Promise<void>;
}

export type StartFakePanel = () => Promise<FakePanel>;
