import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminHostingServiceDetail } from '../../../../common/hosting/adminServicesContract.ts';
import { renderWithProviders } from '../../../testing/renderWithProviders.tsx';
import { ServiceActions } from './ServiceActions.tsx';

const service: AdminHostingServiceDetail = {
  id: 'svc_1', status: 'active', suspendReason: null, suspendNote: null, productId: 'prod_1', productName: 'Business', package: 'starter', panel: 'cpanel',
  serverId: 'srv_1', serverName: 'eu-1', domain: 'site.example', username: 'siteuser', accountId: 'acc_1', accountName: 'Acme', renewsAt: null,
  createdAt: '2026-11-20T10:00:00.000Z', failedSteps: 0, source: 'order', subscriptionId: null, panelRef: {}, usage: null, pastDueSince: null,
  activatedAt: '2026-11-20T10:05:00.000Z', suspendedAt: null, terminatedAt: null, packageSource: { panel: 'cpanel', groupId: 'grp_1' },
  abilities: { create: false, openControlPanel: true }, busy: false,
};

const answering = (result: unknown) => vi.fn(async () => new Response(JSON.stringify({ result }), { status: 200, headers: { 'content-type': 'application/json' } }));
const sent = (fetchMock: ReturnType<typeof vi.fn>) => {
  const [url, init] = fetchMock.mock.calls.at(-1) as unknown as [string, RequestInit];
  return { url, data: JSON.parse(String(init.body)).data };
};

describe('a hosting service\'s actions', () => {
  afterEach(() => { vi.unstubAllGlobals(); });

  it('Terminate asks for the username typed exactly before it queues the step, then says it is queued', async () => {
    const fetchMock = answering({ success: true, stepId: 'stp_1' });
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<ServiceActions service={service} />);
    await userEvent.click(screen.getByRole('button', { name: 'Terminate' }));
    const dialog = await screen.findByRole('dialog', { name: 'Terminate service' });
    expect(within(dialog).getByText('This removes the account and its files from the panel.')).toBeTruthy();
    const confirm = within(dialog).getByRole('button', { name: 'Terminate service' });
    const typed = within(dialog).getByRole('textbox', { name: /Type the username to confirm/ });
    expect(confirm).toHaveProperty('disabled', true);
    await userEvent.type(typed, 'siteuse');
    expect(confirm).toHaveProperty('disabled', true);
    await userEvent.type(typed, 'r ');
    expect(confirm).toHaveProperty('disabled', true);
    await userEvent.type(typed, '{Backspace}');
    expect(confirm).toHaveProperty('disabled', false);
    expect(fetchMock).not.toHaveBeenCalled();
    await userEvent.click(confirm);
    expect(await screen.findByText(/^Queued: terminate/)).toBeTruthy();
    expect(sent(fetchMock)).toEqual({ url: '/api/fn/runHostingStep', data: { serviceId: 'svc_1', action: 'terminate', confirm: 'siteuser' } });
  });

  it('a service without a username is confirmed with its id', async () => {
    vi.stubGlobal('fetch', answering({ success: true, stepId: 'stp_2' }));
    renderWithProviders(<ServiceActions service={{ ...service, status: 'pending', username: null, abilities: { create: true, openControlPanel: false } }} />);
    expect(screen.getByRole('button', { name: 'Create on panel' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Log in to control panel' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Terminate' }));
    const dialog = await screen.findByRole('dialog', { name: 'Terminate service' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Type the username to confirm/ }), 'svc_1');
    expect(within(dialog).getByRole('button', { name: 'Terminate service' })).toHaveProperty('disabled', false);
  });

  it('Suspend sends the reason chosen and the note', async () => {
    const fetchMock = answering({ success: true, stepId: 'stp_3' });
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<ServiceActions service={service} />);
    await userEvent.click(screen.getByRole('button', { name: 'Suspend' }));
    const dialog = await screen.findByRole('dialog', { name: 'Suspend service' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Note/ }), 'Abuse report');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Suspend service' }));
    expect(await screen.findByText(/^Queued: suspend/)).toBeTruthy();
    expect(sent(fetchMock).data).toEqual({ serviceId: 'svc_1', action: 'suspend', reason: 'operator', note: 'Abuse report' });
  });
});
