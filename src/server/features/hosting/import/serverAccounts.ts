import { HOSTING_IMPORT_TEXTS as T } from '../../../../common/hosting/importTexts.ts';
import { CredentialsUnreadable } from '../../../integrations/panels/credentials.ts';
import { type PanelAccount, PanelError } from '../../../integrations/panels/panel.ts';
import type { Services } from '../../../rpc/context.ts';
import { failedPrecondition, notFound, unavailable } from '../../../rpc/errors.ts';
import { findServer, panelOfServer, type ServerRow } from '../servers/connection.ts';

/** A panel lists its accounts in one call (cPanel, Plesk) or one per account (DirectAdmin, Proxmox): give it most of the client's 70 s. */
export const IMPORT_LIST_TIMEOUT_MS = 60_000;

/**
 * The server and the accounts its panel has now, read live: the preview shows them and the
 * import decides from them again, never from what the browser says. Unknown server → 404; a
 * panel that fails → 503 with its reason; credentials the key no longer opens → 400.
 */
export async function readServerAccounts(services: Services, serverId: string): Promise<{ server: ServerRow; accounts: PanelAccount[] }> {
  const server = await findServer(services.db, serverId);
  if (!server) throw notFound(T.serverNotFound);
  try {
    const accounts = await panelOfServer(services.config, server).listAccounts({ signal: AbortSignal.timeout(IMPORT_LIST_TIMEOUT_MS) });
    return { server, accounts };
  } catch (error) {
    if (error instanceof CredentialsUnreadable) throw failedPrecondition(T.credentialsUnreadable(server.name, error.message));
    if (error instanceof PanelError) throw unavailable(T.panelFailed(server.name, error.message));
    throw error;
  }
}
