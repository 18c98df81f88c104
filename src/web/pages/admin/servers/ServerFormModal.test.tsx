import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ServerView } from '../../../../common/hosting/serversContract.ts';
import { renderWithProviders } from '../../../testing/renderWithProviders.tsx';
import { ServerCard } from './ServerCard.tsx';
import { ServerFormModal } from './ServerFormModal.tsx';

const server: ServerView = {
  id: 'srv_1', name: 'eu-1', panel: 'cpanel', groupId: null, groupName: null, scheme: 'https', host: 'whm.example.com', port: 2087,
  verifyTls: true, maxAccounts: null, enabled: true, options: { sharedIp: undefined, node: undefined, storage: undefined, displayHost: undefined }, credentialsUpdatedAt: '2026-11-20T10:00:00.000Z',
  health: {
    lastCheckAt: null, lastCheckOk: null, latencyMs: null, lastError: null, panelVersion: null, panelAccounts: null, panelMaxAccounts: null,
    portalAccounts: 0, credentialsProblem: null,
  },
};

const answering = (result: unknown) => vi.fn(async () => new Response(JSON.stringify({ result }), { status: 200, headers: { 'content-type': 'application/json' } }));
const sent = (fetchMock: ReturnType<typeof vi.fn>) => {
  const [url, init] = fetchMock.mock.calls.at(-1) as unknown as [string, RequestInit];
  return { url, data: JSON.parse(String(init.body)).data };
};

describe('the servers page', () => {
  afterEach(() => { vi.unstubAllGlobals(); });

  it('Add server sends the panel\'s credentials; an edit with them left empty sends none, so the stored ones stay', async () => {
    const fetchMock = answering({ success: true, server });
    vi.stubGlobal('fetch', fetchMock);
    const onSaved = vi.fn();
    const { unmount } = renderWithProviders(<ServerFormModal server={null} groups={[]} onClose={() => undefined} onSaved={onSaved} />);
    const dialog = await screen.findByRole('dialog', { name: 'Add server' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Name/ }), 'eu-1');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Host/ }), 'whm.example.com');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add server' }));
    await within(dialog).findByText('Enter the credentials for a new server.');
    expect(fetchMock).not.toHaveBeenCalled();

    await userEvent.type(within(dialog).getByRole('textbox', { name: /^WHM user/ }), 'root');
    await userEvent.type(within(dialog).getByLabelText(/^API token/), 'TOKEN-123');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add server' }));
    await vi.waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(sent(fetchMock)).toMatchObject({
      url: '/api/fn/saveHostingServer',
      data: { name: 'eu-1', panel: 'cpanel', host: 'whm.example.com', port: 2087, credentials: { kind: 'cpanel', username: 'root', apiToken: 'TOKEN-123' } },
    });
    unmount();

    renderWithProviders(<ServerFormModal server={server} groups={[]} onClose={() => undefined} onSaved={onSaved} />);
    const edit = await screen.findByRole('dialog', { name: 'Edit eu-1' });
    expect(within(edit).getByLabelText(/^API token/)).toHaveProperty('value', '');
    await userEvent.click(within(edit).getByRole('button', { name: 'Save server' }));
    await vi.waitFor(() => expect(onSaved).toHaveBeenCalledTimes(2));
    const { data } = sent(fetchMock);
    expect(data.serverId).toBe('srv_1');
    expect('credentials' in data).toBe(false);
  });

  it('Test Connection shows the timed call log; unreadable credentials are said on the card', async () => {
    const fetchMock = answering({
      success: false, error: 'cPanel/WHM refused the API token.', facts: null, server,
      calls: [{ command: 'version', status: 403, ms: 12, outcome: 'refused' }],
    });
    vi.stubGlobal('fetch', fetchMock);
    const problem = 'The stored credentials cannot be read with this installation\'s key; enter them again.';
    renderWithProviders(<ServerCard server={{ ...server, health: { ...server.health, credentialsProblem: problem } }} onEdit={() => undefined} onDelete={() => undefined} onToggle={() => undefined} busy={false} />);
    expect(screen.getByRole('alert').textContent).toBe(problem);
    await userEvent.click(screen.getByRole('button', { name: 'Test Connection' }));
    const log = await screen.findByRole('log', { name: 'Test log of eu-1' });
    expect(within(log).getByText('cPanel/WHM refused the API token.')).toBeTruthy();
    const cells = within(log).getAllByRole('cell').map((c) => c.textContent);
    expect(cells).toEqual(['version', '403', '12', 'refused']);
    expect(sent(fetchMock)).toMatchObject({ url: '/api/fn/testHostingServer', data: { serverId: 'srv_1' } });
  });
});
