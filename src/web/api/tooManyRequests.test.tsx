import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AccountFormModal } from '../pages/admin/accounts/AccountFormModal.tsx';
import { renderWithProviders } from '../testing/renderWithProviders.tsx';

/** What a person sees when a write is rate limited (issue 20): a sentence with the wait, on the form. */
describe('a rate-limited write on a form', () => {
  afterEach(() => { vi.unstubAllGlobals(); });

  async function submitAccountForm() {
    const onSaved = vi.fn();
    renderWithProviders(<AccountFormModal account={null} onClose={() => undefined} onSaved={onSaved} />);
    const dialog = await screen.findByRole('dialog', { name: 'Create account' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Account name/ }), 'Acme');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Owner email/ }), 'customer@example.test');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create account' }));
    return { dialog, onSaved };
  }

  it('shows the portal\'s sentence from its 429', async () => {
    const message = 'Too many requests: please wait 17 seconds and try again.';
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ error: { status: 'RESOURCE_EXHAUSTED', message } }), {
      status: 429, headers: { 'content-type': 'application/json', 'retry-after': '17' },
    })));
    const { dialog, onSaved } = await submitAccountForm();
    expect(await within(dialog).findByText(new RegExp(message.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))).toBeTruthy();
    expect(onSaved).not.toHaveBeenCalled();
  });

  it('shows how long to wait from Retry-After when a balancer answered 429 with its own page', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response('<html><body><h1>429 Too Many Requests</h1></body></html>', {
      status: 429, headers: { 'content-type': 'text/html', 'retry-after': '30' },
    })));
    const { dialog } = await submitAccountForm();
    expect(await within(dialog).findByText(/Too many requests\. Please wait 30 seconds and try again\./)).toBeTruthy();
    expect(within(dialog).queryByText(/not valid JSON/)).toBeNull();
  });
});
