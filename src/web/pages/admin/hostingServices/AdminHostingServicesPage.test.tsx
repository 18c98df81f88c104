import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminHostingService } from '../../../../common/hosting/adminServicesContract.ts';
import { renderWithProviders } from '../../../testing/renderWithProviders.tsx';
import { HostingServicesList } from './AdminHostingServicesPage.tsx';

const row: AdminHostingService = {
  id: 'svc_1', status: 'suspended', suspendReason: 'operator', suspendNote: null, productId: 'prod_1', productName: 'Business', package: 'starter',
  panel: 'cpanel', serverId: 'srv_1', serverName: 'eu-1', domain: 'site.example', username: 'siteuser', accountId: 'acc_1', accountName: 'Acme',
  renewsAt: null, createdAt: '2026-11-20T10:00:00.000Z', failedSteps: 2,
};

const answering = (result: unknown) => vi.fn(async () => new Response(JSON.stringify({ result }), { status: 200, headers: { 'content-type': 'application/json' } }));

describe('the hosting services list', () => {
  afterEach(() => { vi.unstubAllGlobals(); });

  it('with no services says so and leads to Products and Servers', async () => {
    vi.stubGlobal('fetch', answering({ items: [], total: 0, page: 1, pageSize: 25, servers: [], products: [] }));
    renderWithProviders(<HostingServicesList />, { path: '/super-admin/services' });
    expect(await screen.findByText('No hosting services yet')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Products' }).getAttribute('href')).toBe('/super-admin/products');
    expect(screen.getAllByRole('link', { name: 'Servers' }).map((l) => l.getAttribute('href'))).toContain('/super-admin/servers');
  });

  it('lists each service with its status, linked to its page, and filters by status through the address', async () => {
    const fetchMock = answering({ items: [row], total: 1, page: 1, pageSize: 25, servers: [{ id: 'srv_1', name: 'eu-1' }], products: [{ id: 'prod_1', name: 'Business' }] });
    vi.stubGlobal('fetch', fetchMock);
    const { search } = renderWithProviders(<HostingServicesList />, { path: '/super-admin/services' });
    const link = await screen.findByRole('link', { name: 'site.example' });
    expect(link.getAttribute('href')).toBe('/super-admin/services/svc_1');
    const table = screen.getByRole('table');
    expect(within(table).getByText('Suspended')).toBeTruthy();
    await userEvent.click(screen.getByLabelText('Status', { selector: 'input' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Active', hidden: true }));
    expect(search()).toContain('status=active');
    const [, init] = fetchMock.mock.calls.at(-1) as unknown as [string, RequestInit];
    expect(JSON.parse(String(init.body)).data).toMatchObject({ status: 'active', page: 1 });
  });
});
