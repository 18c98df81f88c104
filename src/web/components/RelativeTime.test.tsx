import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../testing/renderWithProviders.tsx';
import { formatDate, formatDateTime } from './dateFormat.ts';
import { RelativeTime } from './RelativeTime.tsx';

const NOW = Date.parse('2026-03-10T12:00:00.000Z');

describe('RelativeTime', () => {
  afterEach(() => vi.useRealTimers());

  it('says how long ago within the last day, with the full date and time in the tooltip', () => {
    vi.useFakeTimers({ now: NOW });
    const at = new Date(NOW - 3 * 3_600_000 - 60_000).toISOString();
    renderWithProviders(<RelativeTime value={at} />);
    const time = screen.getByText('3 h ago');
    expect(time.tagName).toBe('TIME');
    expect(time.getAttribute('datetime')).toBe(at);
    expect(time.getAttribute('title')).toBe(formatDateTime(at));
  });

  it('shows an older date as a date, and a missing one as N/A without a tooltip', () => {
    vi.useFakeTimers({ now: NOW });
    const old = new Date(NOW - 3 * 86_400_000).toISOString();
    renderWithProviders(<><RelativeTime value={old} withTime={false} /><RelativeTime value={null} /></>);
    expect(screen.getByText(formatDate(old)).getAttribute('title')).toBe(formatDateTime(old));
    expect(screen.getByText('N/A').tagName).not.toBe('TIME');
  });
});
