import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ImportableAccount } from '../../../../common/hosting/importContract.ts';
import { renderWithProviders } from '../../../testing/renderWithProviders.tsx';
import { HostingImport } from './HostingImportPage.tsx';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const account = (over: Partial<ImportableAccount> & { username: string }): ImportableAccount => ({
  domain: `${over.username}.example.com`, package: 'starter', suspended: false, email: null, service: null, importable: true,
  suggestedAccount: null, suggestedProductId: null, ...over,
});

const preview = (accounts: ImportableAccount[]) => ({
  result: {
    server: { id: 'srv1', name: 'web-1', panel: 'cpanel' }, accounts, message: `${accounts.length} accounts on the server.`,
    products: [{ id: 'prod_1', name: 'Starter', package: 'starter' }],
  },
});

describe('Import accounts from a server', () => {
  afterEach(() => { vi.unstubAllGlobals(); });

  it('preselects the accounts an e-mail maps, locks those the portal has, and imports the selection with its choices', async () => {
    const sent: unknown[] = [];
    vi.stubGlobal('fetch', vi.fn(async (url: string, init?: RequestInit) => {
      if (url.endsWith('/previewServerImport')) {
        return json(200, preview([
          account({ username: 'shop0001', email: 'jane@example.test', suggestedAccount: { id: 'acc_1', name: 'Jane Co' }, suggestedProductId: 'prod_1' }),
          account({ username: 'old00001', suspended: true }),
          account({ username: 'done0001', service: { id: 'svc_1', status: 'active' }, importable: false }),
        ]));
      }
      sent.push(JSON.parse(String(init?.body)).data);
      return json(200, { result: {
        imported: 0, skipped: 1, message: 'Imported 0 accounts, skipped 1.',
        items: [{ username: 'shop0001', outcome: 'skipped', reason: 'not_on_panel', message: 'The panel no longer has this account.', serviceId: null }],
      } });
    }));
    renderWithProviders(<HostingImport serverId="srv1" />);

    const table = await screen.findByRole('table', { name: 'Accounts on the server' });
    expect((within(table).getByRole('checkbox', { name: 'Select shop0001' }) as HTMLInputElement).checked).toBe(true);
    expect((within(table).getByRole('checkbox', { name: 'Select old00001' }) as HTMLInputElement).checked).toBe(false);
    expect(within(table).getByRole('checkbox', { name: 'Select done0001' }).hasAttribute('disabled')).toBe(true);
    expect(within(table).getByText('In the portal')).toBeTruthy();
    expect(within(table).getByRole('button', { name: 'Customer account for shop0001' }).textContent).toBe('Jane Co');

    await userEvent.click(screen.getByRole('button', { name: 'Import 1 account' }));
    expect(await screen.findByText('Imported 0 accounts, skipped 1.')).toBeTruthy();
    expect(screen.getByText(/The panel no longer has this account\./)).toBeTruthy();
    expect(sent).toEqual([{ serverId: 'srv1', items: [{ username: 'shop0001', accountId: 'acc_1', productId: 'prod_1' }] }]);
  });

  it('says when the server has no accounts, and shows a panel failure with a retry', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => json(200, preview([]))));
    const { unmount } = renderWithProviders(<HostingImport serverId="srv1" />);
    expect(await screen.findByText('No accounts on this server')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Import 0 accounts' }).hasAttribute('disabled')).toBe(true);
    unmount();

    vi.stubGlobal('fetch', vi.fn(async () => json(503, { error: { status: 'UNAVAILABLE', message: 'The accounts of web-1 could not be read: connection refused' } })));
    renderWithProviders(<HostingImport serverId="srv1" />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain("Failed to load the server's accounts: The accounts of web-1 could not be read: connection refused");
    expect(within(alert).getByRole('button', { name: 'Retry' })).toBeTruthy();
  });
});
