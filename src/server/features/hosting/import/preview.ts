import type { ImportableAccount } from '../../../../common/hosting/importContract.ts';
import { accountNames, accountsByEmail } from '../../../access/accountsByEmail.ts';
import type { PanelAccount } from '../../../integrations/panels/panel.ts';
import type { Services } from '../../../rpc/context.ts';
import { type ImportProduct, productsOfPanel } from './products.ts';
import { servicesByUsername } from './repository.ts';
import type { ServerRow } from '../servers/connection.ts';

/**
 * What the import page shows of each account on the panel: whether the portal has it already,
 * the customer account its contact e-mail names (only when exactly one does: a shared address
 * suggests nothing rather than a guess), and the product whose package it is on.
 */
export async function previewAccounts(services: Services, server: ServerRow, accounts: PanelAccount[]): Promise<{ accounts: ImportableAccount[]; products: ImportProduct[] }> {
  const { db } = services;
  const held = await servicesByUsername(db, server.id, accounts.map((a) => a.username));
  const emails = [...new Set(accounts.map((a) => a.email?.trim().toLowerCase()).filter((e): e is string => Boolean(e)))];
  const byEmail = await accountsByEmail(db, emails);
  const suggested = (email: string | null) => {
    const ids = email ? byEmail.get(email.trim().toLowerCase()) : undefined;
    return ids?.length === 1 ? ids[0]! : null;
  };
  const names = await accountNames(db, [...new Set(accounts.map((a) => suggested(a.email)).filter((id): id is string => id !== null))]);
  const products = await productsOfPanel(db, server.panel);
  const productFor = (pkg: string | null) => {
    const matching = products.filter((p) => p.package === pkg);
    return matching.length === 1 ? matching[0]!.id : null;
  };
  return {
    products,
    accounts: accounts.map((account) => {
      const service = held.get(account.username) ?? null;
      const accountId = suggested(account.email);
      return {
        username: account.username, domain: account.domain, package: account.package, suspended: account.suspended, email: account.email,
        service, importable: service === null,
        suggestedAccount: accountId && names.has(accountId) ? { id: accountId, name: names.get(accountId)! } : null,
        suggestedProductId: productFor(account.package),
      };
    }),
  };
}
