import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PASSKEY_BROWSER_REFUSED, PASSKEY_EMPTY, PASSKEY_REMOVED } from '../../../common/profile/passkeyTexts.ts';
import { renderWithProviders } from '../../testing/renderWithProviders.tsx';
import { SessionProvider } from '../../session/SessionProvider.tsx';
import { PasskeysSection } from './PasskeysSection.tsx';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const passkey = { id: 'pk-1', name: 'Work laptop', createdAt: '2026-01-05T10:00:00.000Z', lastUsedAt: null };

/** A server answering by path; every call is kept for the assertions. */
function stubServer(answers: Record<string, () => Response>) {
  const calls: { path: string; body: unknown }[] = [];
  vi.stubGlobal('fetch', vi.fn(async (url: string, init?: RequestInit) => {
    const path = new URL(url, 'http://localhost').pathname;
    calls.push({ path, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    const answer = answers[path];
    return answer ? answer() : json({ error: { status: 'NOT_FOUND', message: 'Not found.' } }, 404);
  }));
  return calls;
}

describe('the profile\'s passkeys', () => {
  afterEach(() => { vi.unstubAllGlobals(); });

  it('with none yet, says what a passkey is for and offers to add one', async () => {
    stubServer({ '/api/fn/listMyPasskeys': () => json({ result: { passkeys: [] } }) });
    renderWithProviders(<SessionProvider><PasskeysSection /></SessionProvider>);
    expect(await screen.findByText(PASSKEY_EMPTY)).toBeTruthy();
    expect(screen.getAllByRole('button', { name: 'Add a passkey' })).toHaveLength(1);
  });

  it('says so clearly when the browser refuses to make the passkey, and keeps the dialog open', async () => {
    stubServer({
      '/api/fn/listMyPasskeys': () => json({ result: { passkeys: [] } }),
      '/api/auth/passkey/registration/options': () => json({
        challenge: 'Y2hhbGxlbmdl', rp: { name: 'Provider Portal', id: 'localhost' },
        user: { id: 'dXNlcg', name: 'ada@example.test', displayName: 'Ada' }, pubKeyCredParams: [{ alg: -7, type: 'public-key' }],
        timeout: 1000, attestation: 'none', excludeCredentials: [], authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
      }),
    });
    vi.stubGlobal('PublicKeyCredential', function PublicKeyCredential() {});
    const create = vi.fn(async () => { throw new DOMException('The operation either timed out or was not allowed.', 'NotAllowedError'); });
    Object.defineProperty(navigator, 'credentials', { value: { create, get: vi.fn() }, configurable: true });

    renderWithProviders(<SessionProvider><PasskeysSection /></SessionProvider>);
    await userEvent.click(await screen.findByRole('button', { name: 'Add a passkey' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a passkey' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(await within(dialog).findByText(PASSKEY_BROWSER_REFUSED)).toBeTruthy();
    expect(create).toHaveBeenCalledOnce();
  });

  it('removes a passkey only after the confirmation', async () => {
    let list = [passkey];
    const calls = stubServer({
      '/api/fn/listMyPasskeys': () => json({ result: { passkeys: list } }),
      '/api/fn/removePasskey': () => { list = []; return json({ result: { success: true } }); },
    });
    renderWithProviders(<SessionProvider><PasskeysSection /></SessionProvider>);
    await userEvent.click(await screen.findByRole('button', { name: 'Remove passkey Work laptop' }));
    let dialog = await screen.findByRole('dialog', { name: 'Remove passkey “Work laptop”?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls.some((c) => c.path === '/api/fn/removePasskey')).toBe(false);

    await userEvent.click(screen.getByRole('button', { name: 'Remove passkey Work laptop' }));
    dialog = await screen.findByRole('dialog', { name: 'Remove passkey “Work laptop”?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove passkey' }));
    expect(await screen.findByText(PASSKEY_REMOVED)).toBeTruthy();
    expect(calls.find((c) => c.path === '/api/fn/removePasskey')?.body).toEqual({ data: { passkeyId: 'pk-1' } });
    expect(await screen.findByText(PASSKEY_EMPTY)).toBeTruthy();
  });
});
