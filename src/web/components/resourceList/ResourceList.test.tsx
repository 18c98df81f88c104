import { Table, TextInput } from '@mantine/core';
import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { getAllUsers } from '../../../common/admin/users/contract.ts';
import { renderWithProviders } from '../../testing/renderWithProviders.tsx';
import { BulkBar } from './BulkBar.tsx';
import { columnSort } from './columnSort.ts';
import type { ListQuery } from './listQuery.ts';
import { ResourceList } from './ResourceList.tsx';
import { inputFields } from './urlFilters.ts';
import { TYPING_DEBOUNCE_MS, useUrlFilters } from './useUrlFilters.ts';
import { useSelection } from './useSelection.ts';

const COLUMNS = ['Name', 'Role', 'Created'] as const;
const FIELDS = inputFields(getAllUsers.input, ['email', 'globalRole', 'sortBy', 'sortOrder']);

interface Row { id: string; name: string }
const ROWS: Row[] = [{ id: 'u1', name: 'Ada' }, { id: 'u2', name: 'Grace' }];

const settled: ListQuery = {
  isPending: false, isError: false, isPlaceholderData: false, hasNextPage: false, isFetchingNextPage: false, isFetchNextPageError: false,
  fetchNextPage: () => undefined, refetch: () => undefined,
};

/** A list page in miniature: filters in the address, the scaffold over a query in the state a test gives. */
function Users({ query = settled, rows = ROWS, onSelected }: { query?: ListQuery; rows?: Row[]; onSelected?: (ids: string[]) => void }) {
  const filters = useUrlFilters(FIELDS, { typed: ['email'] });
  const ids = rows.map((r) => r.id);
  const selection = useSelection(JSON.stringify(filters.values), ids, 'Select all loaded users');
  return (
    <>
      <output aria-label="Asked for">{JSON.stringify(filters.values)}</output>
      <ResourceList
        label="Users" columns={COLUMNS} query={query} rows={rows}
        renderRow={(row) => (
          <Table.Tr key={row.id}>
            <Table.Td data-primary>
              <input type="checkbox" aria-label={`Select ${row.name}`} checked={selection.selected.has(row.id)} onChange={(e) => selection.select([row.id], e.currentTarget.checked)} />
              {row.name}
            </Table.Td>
            <Table.Td data-label="Role">user</Table.Td>
            <Table.Td data-label="Created">today</Table.Td>
          </Table.Tr>
        )}
        skeleton={{ count: 3, wide: ['Name'] }}
        failure="Failed to load users: the server is down"
        empty={{ title: 'No users found matching your criteria', hint: 'People show here once they sign up.' }}
        filters={filters}
        sort={columnSort(filters, { Name: 'displayName', Created: 'createdAt' })}
        selectAll={selection.selectAll}
        toolbar={<TextInput label="E-mail starts with" {...filters.input('email')} />}
        bulk={(
          <BulkBar
            selectedCount={selection.selected.size} loadedCount={ids.length} onSelectAll={selection.selectAll.onChange} busy={false}
            actions={<button type="button" onClick={() => onSelected?.([...selection.selected])}>Disable selected</button>}
          />
        )}
      />
    </>
  );
}

const askedFor = () => JSON.parse(screen.getByRole('status', { name: 'Asked for' }).textContent ?? '{}');

describe('ResourceList: filters in the address', () => {
  it('reads the filters the contract accepts from the address and drops the rest', () => {
    renderWithProviders(<Users />, { path: '/users?globalRole=super_admin&sortBy=password&sortOrder=asc&email=ada%40example.com&extra=1' });
    expect(askedFor()).toEqual({ email: 'ada@example.com', globalRole: 'super_admin', sortBy: 'createdAt', sortOrder: 'asc' });
  });

  it('falls back to the contract defaults for values it refuses', () => {
    renderWithProviders(<Users />, { path: '/users?globalRole=owner&sortOrder=sideways' });
    expect(askedFor()).toEqual({ email: '', globalRole: '', sortBy: 'createdAt', sortOrder: 'desc' });
  });

  it('writes typed text to the address after a pause, and reads it back', async () => {
    vi.useFakeTimers();
    try {
      const { search } = renderWithProviders(<Users />, { path: '/users?sortOrder=asc' });
      fireEvent.change(screen.getByLabelText('E-mail starts with'), { target: { value: 'grace' } });
      expect(screen.getByLabelText<HTMLInputElement>('E-mail starts with').value).toBe('grace');
      expect(search()).toBe('?sortOrder=asc');
      act(() => vi.advanceTimersByTime(TYPING_DEBOUNCE_MS));
      expect(new URLSearchParams(search()).get('email')).toBe('grace');
      expect(new URLSearchParams(search()).get('sortOrder')).toBe('asc');
      expect(askedFor().email).toBe('grace');
    } finally {
      vi.useRealTimers();
    }
  });

  it('a typing pause still running when the list is left writes nothing: the operator is not taken back to the list', async () => {
    vi.useFakeTimers();
    try {
      const { search } = renderWithProviders(<Users />, { path: '/users?sortOrder=asc' });
      fireEvent.change(screen.getByLabelText('E-mail starts with'), { target: { value: 'grace' } });
      // A row was opened: the address moved on while this list is still on screen.
      window.history.pushState(null, '', '/users/u_1');
      act(() => vi.advanceTimersByTime(TYPING_DEBOUNCE_MS));
      expect(search()).toBe('?sortOrder=asc');
      expect(window.location.pathname).toBe('/users/u_1');
    } finally {
      vi.useRealTimers();
    }
  });

  it('says under the box why the contract refuses what was typed, and asks without it', async () => {
    vi.useFakeTimers();
    try {
      const { search } = renderWithProviders(<Users />);
      fireEvent.change(screen.getByLabelText('E-mail starts with'), { target: { value: 'a'.repeat(255) } });
      act(() => vi.advanceTimersByTime(TYPING_DEBOUNCE_MS));
      expect(screen.getByText('E-mail filter must be at most 254 characters.')).toBeTruthy();
      expect(new URLSearchParams(search()).get('email')).toHaveLength(255);
      expect(askedFor().email).toBe('');
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('ResourceList: typing a filter', () => {
  it('says nothing is wrong while the operator is still typing; only once the text rests, and not after it is fixed', async () => {
    vi.useFakeTimers();
    try {
      renderWithProviders(<Users />);
      const box = screen.getByLabelText('E-mail starts with');
      const tooLong = 'E-mail filter must be at most 254 characters.';
      fireEvent.change(box, { target: { value: 'a'.repeat(255) } });
      act(() => vi.advanceTimersByTime(TYPING_DEBOUNCE_MS - 1));
      expect(screen.queryByText(tooLong)).toBeNull();
      expect(box.getAttribute('aria-invalid')).not.toBe('true');
      act(() => vi.advanceTimersByTime(1));
      expect(screen.getByText(tooLong)).toBeTruthy();
      // Typing again hides the sentence until the new text rests; valid text never shows one.
      fireEvent.change(box, { target: { value: 'a'.repeat(256) } });
      expect(screen.queryByText(tooLong)).toBeNull();
      fireEvent.change(box, { target: { value: 'ada' } });
      act(() => vi.advanceTimersByTime(TYPING_DEBOUNCE_MS));
      expect(screen.queryByText(tooLong)).toBeNull();
      expect(screen.queryByRole('alert')).toBeNull();
      expect(askedFor().email).toBe('ada');
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('ResourceList: the states of a list', () => {
  it('shows skeleton rows in the shape of the table while the first page loads', () => {
    renderWithProviders(<Users query={{ ...settled, isPending: true }} rows={[]} />);
    const table = screen.getByRole('table', { name: 'Users' });
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Name▲', 'Role', 'Created▼']);
    const skeletons = table.querySelectorAll('tbody tr[aria-hidden]');
    expect(skeletons).toHaveLength(3);
    expect(skeletons[0].querySelectorAll('td')).toHaveLength(COLUMNS.length);
  });

  it('says what the list would hold when empty, and offers to clear the filters that emptied it', async () => {
    const { search } = renderWithProviders(<Users rows={[]} />, { path: '/users?globalRole=user&sortBy=email&sortOrder=asc' });
    expect(screen.getByText('No users found matching your criteria')).toBeTruthy();
    expect(screen.getByText('People show here once they sign up.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(search()).toBe('?sortBy=email&sortOrder=asc');
    expect(screen.queryByRole('button', { name: 'Clear filters' })).toBeNull();
  });

  it('shows the failure with a Retry that reads again', async () => {
    const refetch = vi.fn();
    renderWithProviders(<Users query={{ ...settled, isError: true, refetch }} rows={[]} />);
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Failed to load users: the server is down');
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(refetch).toHaveBeenCalledOnce();
  });

  it('loads the next page on demand, busy while it comes, and retries a page that failed', async () => {
    const fetchNextPage = vi.fn();
    const { rerender } = renderWithProviders(<Users query={{ ...settled, hasNextPage: true, fetchNextPage }} />);
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(fetchNextPage).toHaveBeenCalledOnce();

    rerender(<Users query={{ ...settled, hasNextPage: true, isFetchingNextPage: true, fetchNextPage }} />);
    expect(screen.getByRole('button', { name: 'Load more' }).hasAttribute('data-loading')).toBe(true);

    rerender(<Users query={{ ...settled, hasNextPage: true, isFetchNextPageError: true, fetchNextPage }} />);
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    await userEvent.click(within(screen.getByRole('alert')).getByRole('button', { name: 'Retry' }));
    expect(fetchNextPage).toHaveBeenCalledTimes(2);
  });

  it('shows no Load more on the last page', () => {
    renderWithProviders(<Users />);
    expect(screen.getAllByRole('row')).toHaveLength(ROWS.length + 1);
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });
});

describe('ResourceList: sorting and selection', () => {
  it('sorts by a column header: a new column ascending, the same one again descending', async () => {
    const { search } = renderWithProviders(<Users />);
    const name = () => screen.getByRole('columnheader', { name: /Name/ });
    expect(name().getAttribute('aria-sort')).toBe('none');
    expect(screen.getByRole('columnheader', { name: /Created/ }).getAttribute('aria-sort')).toBe('descending');

    await userEvent.click(screen.getByRole('button', { name: 'Sort by Name' }));
    expect(search()).toBe('?sortBy=displayName&sortOrder=asc');
    expect(name().getAttribute('aria-sort')).toBe('ascending');

    await userEvent.click(screen.getByRole('button', { name: 'Sort by Name' }));
    expect(search()).toBe('?sortBy=displayName');
    expect(name().getAttribute('aria-sort')).toBe('descending');
  });

  it('shows the bulk bar once a row is selected, with the count, and acts on the selection', async () => {
    const onSelected = vi.fn();
    renderWithProviders(<Users onSelected={onSelected} />);
    expect(screen.queryByRole('region', { name: 'Bulk actions' })).toBeNull();

    await userEvent.click(screen.getByRole('checkbox', { name: 'Select Grace' }));
    const bar = screen.getByRole('region', { name: 'Bulk actions' });
    expect(within(bar).getByText('1 selected')).toBeTruthy();

    await userEvent.click(screen.getByRole('checkbox', { name: 'Select all loaded users' }));
    expect(within(bar).getByText('2 selected')).toBeTruthy();
    await userEvent.click(within(bar).getByRole('button', { name: 'Disable selected' }));
    expect(onSelected).toHaveBeenCalledWith(['u1', 'u2']);

    await userEvent.click(screen.getByRole('checkbox', { name: 'Select all loaded users' }));
    expect(screen.queryByRole('region', { name: 'Bulk actions' })).toBeNull();
  });
});
