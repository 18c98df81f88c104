import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { VerificationReview } from '../../../../../common/admin/domainDetail/contract.ts';
import { renderWithProviders } from '../../../../testing/renderWithProviders.tsx';
import { VerificationPanel } from './VerificationPanel.tsx';

const source = { outcome: 'answered' as const, reason: null, askedAt: '2026-11-27T10:00:00.000Z' };
const diff = (field: VerificationReview['diffs'][number]['field'], over: Partial<VerificationReview['diffs'][number]> = {}) => ({
  field, local: null, supplier: null, whois: null, conflict: false, changed: false, proposed: null, ...over,
});
const review: VerificationReview = {
  domain: 'example.com',
  summary: { conflicts: 1, changed: 2 },
  diffs: [
    diff('registrationDate'),
    diff('updatedDate'),
    diff('expiryAt', { local: '2026-03-14T00:00:00.000Z', supplier: '2027-03-14T00:00:00.000Z', whois: '2027-03-14T05:00:00.000Z', changed: true, proposed: '2027-03-14T00:00:00.000Z' }),
    diff('status', { local: 'active', supplier: 'expired', whois: 'suspended', conflict: true, changed: true, proposed: 'expired' }),
    diff('registrar', { local: 'namecheap', supplier: 'namecheap', whois: 'namecheap' }),
  ],
  sources: { supplier: source, whois: source },
  verifiedAt: '2026-11-27T10:00:00.000Z',
  registrarNames: { namecheap: 'Namecheap' },
};

function answer(result: unknown) {
  return new Response(JSON.stringify({ result }), { status: 200, headers: { 'content-type': 'application/json' } });
}

describe('Verification Review panel', () => {
  afterEach(() => { vi.unstubAllGlobals(); });

  it('verifies on opening, ticks the agreed changes, sends only the ticked fields, and says when none is ticked', async () => {
    const calls: { name: string; data: Record<string, unknown> }[] = [];
    vi.stubGlobal('fetch', vi.fn(async (url: string, init: RequestInit) => {
      const name = url.replace('/api/fn/', '');
      calls.push({ name, data: JSON.parse(String(init.body)).data });
      if (name === 'adminVerifyManagedDomain') return answer({ success: true, result: review });
      return answer({ success: true, message: 'Changes saved successfully', changed: ['expiryAt'], local: {} });
    }));
    const onApplied = vi.fn();
    renderWithProviders(<VerificationPanel domain="example.com" onClose={() => undefined} onApplied={onApplied} />);
    const panel = await screen.findByRole('dialog', { name: 'Verification Review: example.com' });
    const expiry = await within(panel).findByRole('region', { name: 'Expiry date' });
    const status = within(panel).getByRole('region', { name: 'Status' });
    expect(within(expiry).getByText('Changed')).toBeTruthy();
    expect(within(status).getByText('Conflict')).toBeTruthy();
    // Agreed change ticked; a conflict waits for the operator; a field that matches offers nothing.
    expect((within(expiry).getByRole('checkbox') as HTMLInputElement).checked).toBe(true);
    expect((within(status).getByRole('checkbox') as HTMLInputElement).checked).toBe(false);
    expect(within(within(panel).getByRole('region', { name: 'Registrar' })).queryByRole('checkbox')).toBeNull();

    await userEvent.click(within(expiry).getByRole('checkbox'));
    await userEvent.click(within(panel).getByRole('button', { name: 'Apply Corrections' }));
    await within(panel).findByText('No changes to save');
    expect(calls.filter((c) => c.name === 'applyDomainCorrections')).toEqual([]);

    await userEvent.click(within(expiry).getByRole('checkbox'));
    await userEvent.click(within(panel).getByRole('button', { name: 'Apply Corrections' }));
    await within(panel).findByText('Changes saved successfully');
    expect(calls.find((c) => c.name === 'applyDomainCorrections')?.data).toEqual({ domain: 'example.com', patches: { expiryAt: '2027-03-14T00:00:00.000Z' } });
    expect(onApplied).toHaveBeenCalledTimes(1);
  });

  it('a failed verification shows the spec\'s text with the server\'s message', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ error: { status: 'NOT_FOUND', message: 'Domain not found' } }), {
      status: 404, headers: { 'content-type': 'application/json' },
    })));
    renderWithProviders(<VerificationPanel domain="gone.com" onClose={() => undefined} onApplied={() => undefined} />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Verification failed');
    expect(alert.textContent).toContain('Domain not found');
  });
});
