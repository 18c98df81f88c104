import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../testing/renderWithProviders.tsx';
import { BulkAddModal } from './BulkAddModal.tsx';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The server: the account search, the supplier list, and createManagedDomain answering by name. */
function serve(refuse: (domain: string) => boolean) {
  const created: string[] = [];
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    const data = JSON.parse(String(init?.body ?? '{}')).data ?? {};
    if (url.endsWith('/searchAccounts')) return json(200, { result: { accounts: [{ id: 'acc_1', name: 'Acme', ownerEmail: 'o@acme.test' }], matchedBy: 'name' } });
    if (url.endsWith('/listOrderSuppliers')) return json(200, { result: { suppliers: [], other: 'other' } });
    if (url.endsWith('/createManagedDomain')) {
      created.push(data.domain);
      if (refuse(data.domain)) return json(409, { error: { status: 'ALREADY_EXISTS', message: `${data.domain} is already in the inventory.` } });
      return json(200, { result: { success: true, message: 'ok' } });
    }
    return json(404, { error: { status: 'NOT_FOUND', message: 'Not found.' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return created;
}

async function fillAndPreview(text: string) {
  const dialog = await screen.findByRole('dialog', { name: 'Bulk Add' });
  const preview = within(dialog).getByRole('button', { name: 'Preview' });
  await userEvent.type(within(dialog).getByRole('textbox', { name: 'Domains' }), text);
  // The account is required: the button stays disabled, with no error text.
  expect(preview.hasAttribute('disabled')).toBe(true);
  await userEvent.type(within(dialog).getByRole('textbox', { name: 'Account' }), 'Ac');
  await userEvent.click(await within(dialog).findByRole('option', { name: /Acme/ }));
  expect(preview.hasAttribute('disabled')).toBe(false);
  await userEvent.click(preview);
  return dialog;
}

describe('Bulk Add', () => {
  afterEach(() => { vi.unstubAllGlobals(); });

  it('previews the list split, trimmed, lower-cased and de-duplicated, adds each once, and closes when all succeeded', async () => {
    const created = serve(() => false);
    const onClose = vi.fn();
    renderWithProviders(<BulkAddModal opened onClose={onClose} />);
    const dialog = await fillAndPreview(' One.com, two.net{Enter}ONE.com{Enter}{Enter}three.org ');
    await within(dialog).findByText('one.com');
    expect(within(dialog).getByText(/3 domains will be added to/)).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add 3 domains' }));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(created).toEqual(['one.com', 'two.net', 'three.org']);
  });

  it('shows the first ten failures then "...and N more", and keeps the failed names for another try', async () => {
    serve((domain) => domain.startsWith('taken'));
    const onClose = vi.fn();
    renderWithProviders(<BulkAddModal opened onClose={onClose} />);
    const names = [...Array.from({ length: 12 }, (_, i) => `taken${i}.com`), 'free.com'];
    const dialog = await fillAndPreview(names.join(','));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add 13 domains' }));
    const alert = await within(dialog).findByRole('alert');
    expect(within(alert).getAllByRole('listitem')).toHaveLength(10);
    expect(within(alert).getByText('...and 2 more')).toBeTruthy();
    expect(alert.textContent).toContain('taken0.com: Failed to create: taken0.com is already in the inventory.');
    expect(within(dialog).getByText('13 of 13 done, 12 failed')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
    expect(within(dialog).getByRole('button', { name: 'Add 12 domains' })).toBeTruthy();
  });

  it('an empty list on Preview says "Please enter at least one domain" and calls nothing', async () => {
    const created = serve(() => false);
    renderWithProviders(<BulkAddModal opened onClose={vi.fn()} />);
    const dialog = await screen.findByRole('dialog', { name: 'Bulk Add' });
    expect(within(dialog).getByText('Please select an account for bulk import')).toBeTruthy();
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Account' }), 'Ac');
    await userEvent.click(await within(dialog).findByRole('option', { name: /Acme/ }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Domains' }), ' , {Enter} ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Preview' }));
    expect(await within(dialog).findByText('Please enter at least one domain')).toBeTruthy();
    expect(within(dialog).queryByText('Please select an account for bulk import')).toBeNull();
    expect(created).toEqual([]);
  });
});
