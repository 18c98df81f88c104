import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ManagedDomainRow } from '../../../../common/admin/domainInventory/contract.ts';
import { renderWithProviders } from '../../../testing/renderWithProviders.tsx';
import { ChangeAccountModal } from './ChangeAccountModal.tsx';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const row: ManagedDomainRow = {
  domain: 'example.com', accountId: 'acc_old', accountName: 'Old Co', registrar: 'manual', registrarName: 'Manual', managementMode: 'manual',
  status: 'active', expiryAt: null, autoRenewEnabled: false, lastVerifiedAt: null,
};

describe('Change account', () => {
  afterEach(() => { vi.unstubAllGlobals(); });

  it('keeps Save disabled until an account is chosen, sends the account the row showed, and shows the refusal', async () => {
    const sent: unknown[] = [];
    vi.stubGlobal('fetch', vi.fn(async (url: string, init?: RequestInit) => {
      if (url.endsWith('/searchAccounts')) return json(200, { result: { accounts: [{ id: 'acc_new', name: 'New Co', ownerEmail: 'o@new.test' }], matchedBy: 'name' } });
      sent.push(JSON.parse(String(init?.body)).data);
      return json(409, { error: { status: 'ABORTED', message: 'This domain changed meanwhile: it no longer belongs to the account you saw. Reload and try again.' } });
    }));
    renderWithProviders(<ChangeAccountModal row={row} onClose={() => undefined} />);
    const dialog = await screen.findByRole('dialog', { name: 'Change account' });
    const save = within(dialog).getByRole('button', { name: 'Save' });
    expect(save.hasAttribute('disabled')).toBe(true);
    expect(within(dialog).getByText('Please select an account')).toBeTruthy();

    await userEvent.type(within(dialog).getByRole('textbox', { name: 'New account' }), 'Ne');
    await userEvent.click(await within(dialog).findByRole('option', { name: /New Co/ }));
    expect(save.hasAttribute('disabled')).toBe(false);
    await userEvent.click(save);
    await within(dialog).findByText('Failed to update domain: This domain changed meanwhile: it no longer belongs to the account you saw. Reload and try again.');
    expect(sent).toEqual([{ domain: 'example.com', oldAccountId: 'acc_old', newAccountId: 'acc_new' }]);
  });
});
