import type { FastifyBaseLogger } from 'fastify';
import { UNEXPECTED_TEST_FAILURE } from '../../../../common/hosting/serversTexts.ts';
import { withDeadline } from '../../../integrations/deadline.ts';
import { CredentialsUnreadable } from '../../../integrations/panels/credentials.ts';
import { PanelError, type PanelCallRecord, type PanelServerFacts } from '../../../integrations/panels/panel.ts';
import type { Services } from '../../../rpc/context.ts';
import { panelOfServer, type ServerRow } from './connection.ts';
import type { HealthFacts } from './repository.ts';

/** An operator waits on the page, and the hourly check must not hang on one server. */
export const CONNECTION_TEST_TIMEOUT_MS = 20_000;

export interface ConnectionCheck {
  success: boolean;
  calls: PanelCallRecord[];
  error: string | null;
  facts: PanelServerFacts | null;
  /** Set when the sealed credentials did not open: no call was made. */
  credentialsUnreadable: boolean;
  /** What the server's health columns take from this check (repository.storeHealth). */
  health: HealthFacts;
}

/**
 * The panel's read-only connection test, timed call by call, and the health facts it gives. The
 * error shown is the PanelError's sentence (the panel's reason, never a URL or header); anything
 * else is logged and shown as a plain failure, since an unexpected error may carry a URL.
 */
export async function checkServer(services: Services, log: FastifyBaseLogger, row: ServerRow, signal?: AbortSignal): Promise<ConnectionCheck> {
  const calls: PanelCallRecord[] = [];
  let facts: PanelServerFacts | null = null;
  let error: string | null = null;
  let credentialsUnreadable = false;
  const started = performance.now();
  try {
    const panel = panelOfServer(services.config, row);
    facts = await withDeadline(CONNECTION_TEST_TIMEOUT_MS, signal, (callSignal) => panel.testConnection({ signal: callSignal, record: (call) => calls.push(call) }));
  } catch (thrown) {
    if (thrown instanceof CredentialsUnreadable) {
      credentialsUnreadable = true;
      error = thrown.message;
    } else if (thrown instanceof PanelError) {
      error = thrown.message;
    } else {
      log.error({ err: thrown, serverId: row.id, panel: row.panel }, 'panel connection test failed');
      error = UNEXPECTED_TEST_FAILURE;
    }
  }
  // The panel's time for the test's calls; without a recorded call, the whole attempt's.
  const latencyMs = calls.length > 0 ? calls.reduce((sum, c) => sum + c.ms, 0) : credentialsUnreadable ? null : Math.round(performance.now() - started);
  return {
    success: error === null, calls, error, facts, credentialsUnreadable,
    health: { at: services.clock.nowIso(), ok: error === null, latencyMs, error, version: facts?.version ?? null, accounts: facts?.accounts ?? null, maxAccounts: facts?.maxAccounts ?? null },
  };
}
