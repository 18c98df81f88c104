import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../../testing/renderWithProviders.tsx';
import { BulkVerifyButton } from './BulkVerifyButton.tsx';

describe('Bulk Verify', () => {
  afterEach(() => { vi.unstubAllGlobals(); });

  it('is off with nothing selected; afterwards it sums up and lists the first 10 failures, then how many more', async () => {
    const names = Array.from({ length: 13 }, (_, i) => `d${i}.com`);
    const results = names.map((domain, i) => ({ domain, success: i === 0, summary: i === 0 ? { conflicts: 0, changed: 1 } : null, error: i === 0 ? null : 'Domain not found' }));
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ result: { succeeded: 1, failed: 12, results, message: 'Verified 1 domain, 12 failed.' } }), {
      status: 200, headers: { 'content-type': 'application/json' },
    }));
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
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/fn/adminVerifyManagedDomainsBulk');
    expect(JSON.parse(String(init.body)).data).toEqual({ domains: names });
  });
});
