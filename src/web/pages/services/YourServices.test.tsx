import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Route, Routes } from 'react-router';
import type { AccountService } from '../../../common/hosting/servicesContract.ts';
import { PASSWORD_TOO_SHORT, SERVICE_BEING_SET_UP, SUSPENDED_OVERDUE } from '../../../common/hosting/servicesTexts.ts';
import { renderWithProviders } from '../../testing/renderWithProviders.tsx';
import { PASSWORDS_DIFFER } from './ChangeServicePasswordModal.tsx';
import ServiceDetailPage from './ServiceDetailPage.tsx';
import { SERVICES_LOAD_FAILED, YourServices } from './YourServices.tsx';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const base: AccountService = {
  id: 'svc_active', accountId: 'acc_1', productName: 'Business Hosting', status: 'active', suspensionReason: null, plan: 'business', panel: 'cpanel',
  server: 'web1.provider.example', domain: 'shop.example', username: 'shopab12', renewsAt: '2026-12-28T00:00:00.000Z',
  usage: { diskUsedMb: 512, diskLimitMb: 2048, bandwidthUsedMb: 100, bandwidthLimitMb: null, mailboxes: 4, readAt: '2026-11-28T01:00:00.000Z' },
  setupNote: null, abilities: { openControlPanel: true, changePassword: true }, createdAt: '2026-11-01T00:00:00.000Z',
};
const pending: AccountService = {
  ...base, id: 'svc_pending', productName: 'Starter Hosting', status: 'pending', server: null, username: null, usage: null, setupNote: SERVICE_BEING_SET_UP,
  abilities: { openControlPanel: false, changePassword: false },
};
const suspended: AccountService = {
  ...base, id: 'svc_suspended', productName: 'Reseller Hosting', status: 'suspended', suspensionReason: SUSPENDED_OVERDUE,
  abilities: { openControlPanel: false, changePassword: false },
};

/** Answers each function from `answers`; records what each write sent. */
function stubFunctions(answers: Record<string, (data: unknown) => Response>) {
  const sent: { name: string; data: unknown }[] = [];
  vi.stubGlobal('fetch', vi.fn(async (url: string, init?: RequestInit) => {
    const name = url.split('/').pop()!;
    const data = JSON.parse(String(init?.body)).data;
    sent.push({ name, data });
    return answers[name]?.(data) ?? json(404, { error: { status: 'NOT_FOUND', message: 'Unknown function.' } });
  }));
  return sent;
}

describe('Your services', () => {
  afterEach(() => { vi.unstubAllGlobals(); });

  it('shows each service of the account with its status, facts and usage, linking to its page', async () => {
    stubFunctions({ listAccountServices: () => json(200, { result: { services: [base, pending, suspended] } }) });
    renderWithProviders(<YourServices accountId="acc_1" />, { path: '/services' });
    const section = await screen.findByRole('region', { name: 'Your services' });

    const active = await within(section).findByRole('article', { name: 'Business Hosting' });
    expect(within(active).getByText('Active')).toBeTruthy();
    expect(within(active).getByRole('link', { name: 'Business Hosting' }).getAttribute('href')).toBe('/services/svc_active');
    expect(within(active).getByText('web1.provider.example')).toBeTruthy();
    expect(within(active).getByText('shop.example')).toBeTruthy();
    expect(within(active).getByText(new Date(base.renewsAt!).toLocaleDateString())).toBeTruthy();
    expect(within(active).getByRole('progressbar', { name: 'Disk: 512 MB of 2.0 GB' })).toBeTruthy();

    const settingUp = within(section).getByRole('article', { name: 'Starter Hosting' });
    expect(within(settingUp).getByText('Being set up')).toBeTruthy();
    expect(within(settingUp).getByText(SERVICE_BEING_SET_UP)).toBeTruthy();
    expect(within(within(section).getByRole('article', { name: 'Reseller Hosting' })).getByText(SUSPENDED_OVERDUE)).toBeTruthy();
  });

  it('shows no section at all for an account without services', async () => {
    const sent = stubFunctions({ listAccountServices: () => json(200, { result: { services: [] } }) });
    renderWithProviders(<YourServices accountId="acc_1" />, { path: '/services' });
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    await vi.waitFor(() => expect(screen.queryByLabelText('Loading your services')).toBeNull());
    expect(screen.queryByRole('region', { name: 'Your services' })).toBeNull();
    expect(screen.queryByText('Your services')).toBeNull();
  });

  it('says when the services could not be read, and reads them again on Retry', async () => {
    let calls = 0;
    stubFunctions({
      listAccountServices: () => {
        calls += 1;
        return calls === 1 ? json(503, { error: { status: 'UNAVAILABLE', message: 'Down.' } }) : json(200, { result: { services: [base] } });
      },
    });
    renderWithProviders(<YourServices accountId="acc_1" />, { path: '/services' });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(SERVICES_LOAD_FAILED);
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('article', { name: 'Business Hosting' })).toBeTruthy();
  });
});

describe('a service\'s page', () => {
  afterEach(() => { vi.unstubAllGlobals(); });

  const renderPage = (id: string) => renderWithProviders(
    <Routes><Route path="/services/:serviceId" element={<ServiceDetailPage />} /></Routes>, { path: `/services/${id}` },
  );

  it('a suspended service says why and offers neither the control panel nor a password change', async () => {
    stubFunctions({ getAccountService: () => json(200, { result: { service: suspended } }) });
    renderPage('svc_suspended');
    expect(await screen.findByText(SUSPENDED_OVERDUE)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Log in to control panel' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Change password' })).toBeNull();
  });

  it('a pending service says it is being set up', async () => {
    stubFunctions({ getAccountService: () => json(200, { result: { service: pending } }) });
    renderPage('svc_pending');
    expect(await screen.findByText(SERVICE_BEING_SET_UP)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Log in to control panel' })).toBeNull();
  });

  it('Log in to control panel opens the one-time URL in a new tab', async () => {
    const sent = stubFunctions({
      getAccountService: () => json(200, { result: { service: base } }),
      openServiceControlPanel: () => json(200, { result: { url: 'https://web1.provider.example:2083/cpsess1/login/?session=abc' } }),
    });
    const tab = { opener: {} as unknown, location: { href: '' }, close: vi.fn() };
    vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    renderPage('svc_active');
    await userEvent.click(await screen.findByRole('button', { name: 'Log in to control panel' }));
    await vi.waitFor(() => expect(tab.location.href).toBe('https://web1.provider.example:2083/cpsess1/login/?session=abc'));
    expect(tab.opener).toBeNull();
    expect(sent.find((c) => c.name === 'openServiceControlPanel')?.data).toEqual({ serviceId: 'svc_active' });
  });

  it('Change password shows the rules, checks both fields, and sends the new password once they agree', async () => {
    const sent = stubFunctions({
      getAccountService: () => json(200, { result: { service: base } }),
      changeServicePassword: (data) => json(200, { result: { serviceId: (data as { serviceId: string }).serviceId, message: 'Your new password is being set.' } }),
    });
    renderPage('svc_active');
    await userEvent.click(await screen.findByRole('button', { name: 'Change password' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change password' });
    expect(within(dialog).getByText(/12 to 64 characters/)).toBeTruthy();
    const first = within(dialog).getByLabelText('New password');
    const second = within(dialog).getByLabelText('Repeat new password');
    const submit = within(dialog).getByRole('button', { name: 'Change password' });

    await userEvent.type(first, 'short1');
    await userEvent.click(submit);
    expect(await within(dialog).findByText(PASSWORD_TOO_SHORT)).toBeTruthy();
    await userEvent.clear(first);
    await userEvent.type(first, 'Good-Passw0rd-1');
    await userEvent.type(second, 'Good-Passw0rd-2');
    await userEvent.click(submit);
    expect(await within(dialog).findByText(PASSWORDS_DIFFER)).toBeTruthy();
    expect(sent.filter((c) => c.name === 'changeServicePassword')).toEqual([]);

    await userEvent.clear(second);
    await userEvent.type(second, 'Good-Passw0rd-1');
    await userEvent.click(submit);
    expect(await within(dialog).findByText('Your new password is being set.')).toBeTruthy();
    expect(sent.filter((c) => c.name === 'changeServicePassword').map((c) => c.data)).toEqual([{ serviceId: 'svc_active', password: 'Good-Passw0rd-1' }]);
  });
});
