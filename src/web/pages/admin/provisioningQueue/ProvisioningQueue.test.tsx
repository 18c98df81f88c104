import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NOTE_REQUIRED, type ProvisioningStepSummary } from '../../../../common/hosting/queueContract.ts';
import { NO_FAILED_STEPS, STEP_RESOLVED, STEP_RETRIED } from '../../../../common/hosting/queueTexts.ts';
import { renderWithProviders } from '../../../testing/renderWithProviders.tsx';
import { Queue } from './ProvisioningQueuePage.tsx';
import { StepDetail } from './ProvisioningStepPage.tsx';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const failed: ProvisioningStepSummary = {
  stepId: 'stp_1', action: 'change_package', status: 'failed', serviceId: 'svc_1', serviceStatus: 'active', productName: 'Business Hosting',
  username: 'shopab12', domain: 'shop.example', accountId: 'acc_1', accountName: 'Shop Ltd', serverId: 'srv_1', serverName: 'eu-1',
  error: 'WHM refused: package "gold" does not exist.', attempts: 2, requestedAt: '2026-11-27T10:00:00.000Z', failedAt: '2026-11-27T10:05:00.000Z',
};

const detail = {
  step: { ...failed, input: { package: 'gold' }, nextAttemptAt: null, resolutionNote: null, requestedBy: 'usr_admin' },
  attempts: [{
    id: 'att_1', startedAt: '2026-11-27T10:00:01.000Z', finishedAt: '2026-11-27T10:00:02.000Z', outcome: 'refused', message: 'WHM refused: package "gold" does not exist.',
    calls: [{ command: 'accountsummary', status: 200, ms: 41, outcome: 'ok' }, { command: 'changepackage', status: 200, ms: 87, outcome: 'refused' }],
  }],
};

/** Answers each function from `answers`; records what each call sent. */
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

const servers = () => json(200, { result: { servers: [{ id: 'srv_1', name: 'eu-1' }], groups: [] } });

describe('the provisioning queue', () => {
  afterEach(() => { vi.unstubAllGlobals(); });

  it('lists the failed steps with their facts, each linking to its step; the action filter asks the server again', async () => {
    const sent = stubFunctions({
      listProvisioningQueue: () => json(200, { result: { items: [failed], total: 1, page: 1, pageSize: 50 } }),
      listHostingServers: servers,
    });
    renderWithProviders(<Queue />, { path: '/super-admin/provisioning' });
    const link = await screen.findByRole('link', { name: 'shop.example' });
    const table = screen.getByRole('table', { name: 'Failed provisioning steps' });
    expect(link.getAttribute('href')).toBe('/super-admin/provisioning/stp_1');
    expect(within(table).getByRole('link', { name: 'Shop Ltd' }).getAttribute('href')).toBe('/super-admin/accounts/acc_1');
    expect(within(table).getByText('Change package')).toBeTruthy();
    expect(within(table).getByText('WHM refused: package "gold" does not exist.')).toBeTruthy();
    expect(within(table).getByText('eu-1')).toBeTruthy();

    await userEvent.click(screen.getByLabelText('Action', { selector: 'input' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Suspend', hidden: true }));
    await vi.waitFor(() => expect(sent.filter((s) => s.name === 'listProvisioningQueue').at(-1)?.data).toEqual({ action: 'suspend', page: 1 }));
  });

  it('says what lands here when nothing failed', async () => {
    stubFunctions({
      listProvisioningQueue: () => json(200, { result: { items: [], total: 0, page: 1, pageSize: 50 } }),
      listHostingServers: servers,
    });
    renderWithProviders(<Queue />, { path: '/super-admin/provisioning' });
    expect((await screen.findByRole('status')).textContent).toBe(NO_FAILED_STEPS);
  });
});

describe('a provisioning step', () => {
  afterEach(() => { vi.unstubAllGlobals(); });

  it('shows the input, the attempt log with each timed panel call, and links to the service', async () => {
    stubFunctions({ getProvisioningStep: () => json(200, { result: detail }) });
    renderWithProviders(<StepDetail stepId="stp_1" />, { path: '/super-admin/provisioning/stp_1' });
    const log = await screen.findByRole('log', { name: 'Attempt log' });
    const calls = within(log).getByRole('table', { name: 'Panel calls of attempt 1' });
    expect(within(calls).getAllByRole('cell').map((c) => c.textContent)).toEqual(['accountsummary', '200', '41', 'ok', 'changepackage', '200', '87', 'refused']);
    expect(within(log).getByText('Refused')).toBeTruthy();
    expect(screen.getByText('gold')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'shop.example' }).getAttribute('href')).toBe('/super-admin/services/svc_1');
  });

  it('Retry puts the step back in the queue and says so', async () => {
    const sent = stubFunctions({
      getProvisioningStep: () => json(200, { result: detail }),
      retryProvisioningStep: () => json(200, { result: { success: true, stepId: 'stp_1', status: 'queued' } }),
    });
    renderWithProviders(<StepDetail stepId="stp_1" />, { path: '/super-admin/provisioning/stp_1' });
    await userEvent.click(await screen.findByRole('button', { name: 'Retry' }));
    expect((await screen.findByText(STEP_RETRIED)).closest('[role="status"]')).toBeTruthy();
    expect(sent.find((s) => s.name === 'retryProvisioningStep')?.data).toEqual({ stepId: 'stp_1' });
  });

  it('Mark done refuses an empty note and sends nothing; with a note it resolves the step', async () => {
    const sent = stubFunctions({
      getProvisioningStep: () => json(200, { result: detail }),
      resolveProvisioningStep: () => json(200, { result: { success: true, stepId: 'stp_1', status: 'resolved', serviceStatus: 'active' } }),
    });
    renderWithProviders(<StepDetail stepId="stp_1" />, { path: '/super-admin/provisioning/stp_1' });
    await userEvent.click(await screen.findByRole('button', { name: 'Mark done' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark the step done' });
    const note = within(dialog).getByRole('textbox', { name: /^What was done by hand/ });
    await userEvent.type(note, '   ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Mark done' }));
    expect(await within(dialog).findByText(NOTE_REQUIRED)).toBeTruthy();
    expect(sent.some((s) => s.name === 'resolveProvisioningStep')).toBe(false);

    await userEvent.type(note, 'Changed the package to gold in WHM by hand.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Mark done' }));
    expect(await screen.findByText(STEP_RESOLVED('active'))).toBeTruthy();
    expect(sent.find((s) => s.name === 'resolveProvisioningStep')?.data).toEqual({ stepId: 'stp_1', note: 'Changed the package to gold in WHM by hand.' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
