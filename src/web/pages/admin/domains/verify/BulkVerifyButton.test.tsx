import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../../testing/renderWithProviders.tsx';
import { BulkVerifyButton } from './BulkVerifyButton.tsx';

describe('Bulk Verify', () => {
  afterEach(() => { vi.unstubAllGlobals(); });

  it('is off with nothing selected; sends a batch at a time, then sums up and lists the first 10 failures, then how many more', async () => {
    const names = Array.from({ length: 13 }, (_, i) => `d${i}.com`);
    const resultOf = (domain: string) => (domain === 'd0.com'
      ? { domain, success: true, summary: { conflicts: 0, changed: 1 }, error: null }
      : { domain, success: false, summary: null, error: 'Domain not found' });
    const fetchMock = vi.fn(async (_url: string, init: RequestInit) => {
      const { domains } = JSON.parse(String(init.body)).data as { domains: string[] };
      const results = domains.map(resultOf);
      const succeeded = results.filter((r) => r.success).length;
      return new Response(JSON.stringify({ result: { succeeded, failed: results.length - succeeded, results, message: '' } }), {
        status: 200, headers: { 'content-type': 'application/json' },
      });
    });
    vi.stubGlobal('fetch', fetchMock);
    const onDone = vi.fn();

    const { rerender } = renderWithProviders(<BulkVerifyButton domains={[]} onDone={onDone} />);
    expect((screen.getByRole('button', { name: 'Bulk Verify' }) as HTMLButtonElement).disabled).toBe(true);

    rerender(<BulkVerifyButton domains={names} onDone={onDone} />);
    await userEvent.click(screen.getByRole('button', { name: 'Bulk Verify' }));
    const dialog = await screen.findByRole('dialog', { name: 'Bulk Verify' });
    await within(dialog).findByText('Verified 1 domain, 12 failed.');
    expect(within(dialog).getAllByRole('listitem')).toHaveLength(11);
    expect(within(dialog).getByText('...and 2 more')).toBeTruthy();
    expect(onDone).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/api/fn/adminVerifyManagedDomainsBulk', '/api/fn/adminVerifyManagedDomainsBulk']);
    expect(fetchMock.mock.calls.map(([, init]) => JSON.parse(String(init.body)).data.domains)).toEqual([names.slice(0, 10), names.slice(10)]);
  });

  it('a batch of names we no longer hold is those names\' failure, and the run goes on; another failure stops it with the spec\'s text', async () => {
    const names = Array.from({ length: 12 }, (_, i) => `gone${i}.com`);
    let call = 0;
    vi.stubGlobal('fetch', vi.fn(async () => {
      call += 1;
      return call === 1
        ? new Response(JSON.stringify({ error: { status: 'NOT_FOUND', message: 'Domain not found' } }), { status: 404, headers: { 'content-type': 'application/json' } })
        : new Response(JSON.stringify({ error: { status: 'INTERNAL', message: 'Internal error (request id r1).' } }), { status: 500, headers: { 'content-type': 'application/json' } });
    }));
    renderWithProviders(<BulkVerifyButton domains={names} onDone={() => undefined} />);
    await userEvent.click(screen.getByRole('button', { name: 'Bulk Verify' }));
    const dialog = await screen.findByRole('dialog', { name: 'Bulk Verify' });
    await within(dialog).findByText('Verified 0 domains, 10 failed.');
    expect(within(dialog).getByRole('alert').textContent).toContain('Verification failed');
    expect(within(dialog).getByText('10 of 12 domains asked at their suppliers and registries')).toBeTruthy();
  });
});
