import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OWNER_EMAIL_REQUIRED } from '../../../../common/admin/accounts/texts.ts';
import { renderWithProviders } from '../../../testing/renderWithProviders.tsx';
import { AccountFormModal } from './AccountFormModal.tsx';

describe('Create account (back office)', () => {
  afterEach(() => { vi.unstubAllGlobals(); });

  it('asks for the owner\'s e-mail before sending anything, then sends it', async () => {
    const account = { id: 'acc_1', name: 'Acme' };
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ result: { success: true, account } }), { status: 200, headers: { 'content-type': 'application/json' } }));
    vi.stubGlobal('fetch', fetchMock);
    const onSaved = vi.fn();
    renderWithProviders(<AccountFormModal account={null} onClose={() => undefined} onSaved={onSaved} />);
    const dialog = await screen.findByRole('dialog', { name: 'Create account' });
    const owner = within(dialog).getByRole('textbox', { name: /^Owner email/ });
    expect(owner.hasAttribute('required')).toBe(true);

    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Account name/ }), 'Acme');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create account' }));
    await within(dialog).findByText(OWNER_EMAIL_REQUIRED);
    expect(fetchMock).not.toHaveBeenCalled();

    await userEvent.type(owner, 'customer@example.test');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create account' }));
    await vi.waitFor(() => expect(onSaved).toHaveBeenCalledWith(account));
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/fn/adminCreateAccount');
    expect(JSON.parse(String(init.body)).data).toMatchObject({ accountName: 'Acme', ownerEmail: 'customer@example.test' });
  });
});
