import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { WhmcsImportSummary } from '../../../../../common/admin/whmcsImport/contract.ts';
import { WHMCS_IMPORT_TEXTS as T } from '../../../../../common/admin/whmcsImport/texts.ts';
import { renderWithProviders } from '../../../../testing/renderWithProviders.tsx';
import { ImportWhmcsModal } from './ImportWhmcsModal.tsx';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const preview: WhmcsImportSummary = {
  total: 3, createdDomains: 1, updatedDomains: 1, skippedDomains: 0, ignoredColumns: [],
  errors: [{ domain: 'bad.com', line: 4, error: 'Unknown WHMCS status "Parked".' }],
  accounts: { acc_a: 'Alpha Ltd', acc_b: 'Beta GmbH' },
  rows: [
    { line: 2, domain: 'new.com', exists: false, currentAccountId: null, proposedAccountId: 'acc_a', decision: 'create', status: 'active', registrar: 'manual', managementMode: 'manual', note: null },
    { line: 3, domain: 'held.com', exists: true, currentAccountId: 'acc_a', proposedAccountId: 'acc_b', decision: 'move_to_new_account', status: 'expired', registrar: 'enom', managementMode: 'api', note: null },
  ],
};

function serve(applyAnswer: () => Response) {
  const calls: { name: string; data: Record<string, unknown> }[] = [];
  const fetchMock = vi.fn(async (url: string, init: RequestInit) => {
    const name = url.replace('/api/fn/', '');
    const { data } = JSON.parse(String(init.body)) as { data: Record<string, unknown> };
    calls.push({ name, data });
    if (name === 'getWhmcsImportRun') return json({ result: { run: null } });
    if (data.mode === 'preview') return json({ result: { success: true, message: 'Preview', runId: null, summary: preview } });
    return applyAnswer();
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

const csvFile = (content: Uint8Array<ArrayBuffer> | string) => new File([content], 'domains.csv', { type: 'text/csv' });

async function chooseAndPreview(file: File) {
  const dialog = await screen.findByRole('dialog', { name: 'Import WHMCS CSV' });
  await userEvent.upload(dialog.querySelector('input[type="file"]') as HTMLInputElement, file);
  await vi.waitFor(() => expect(within(dialog).getByRole('button', { name: 'Preview' }).hasAttribute('disabled')).toBe(false));
  await userEvent.click(within(dialog).getByRole('button', { name: 'Preview' }));
  return dialog;
}

describe('ImportWhmcsModal', () => {
  afterEach(() => { vi.unstubAllGlobals(); });

  it('previews with account names and each decision, sends the operator\'s override and options with Apply Import, then shows the summary', async () => {
    const applied = { ...preview, createdDomains: 1, updatedDomains: 1, rows: [] };
    const calls = serve(() => json({ result: { success: true, message: 'done', runId: 'run_1', summary: applied } }));
    const onImported = vi.fn();
    renderWithProviders(<ImportWhmcsModal opened onClose={() => undefined} onImported={onImported} />);
    const dialog = await chooseAndPreview(csvFile('domain,email\nnew.com,a@example.test\n'));

    const table = await within(dialog).findByRole('table', { name: 'Import preview' });
    const held = within(table).getByText('held.com').closest('tr')!;
    expect(within(held).getByText('Alpha Ltd')).toBeTruthy();
    expect(within(held).getByText('Beta GmbH')).toBeTruthy();
    const decision = within(held).getByRole('combobox', { name: 'Decision for held.com' }) as HTMLSelectElement;
    expect(decision.value).toBe('move_to_new_account');
    expect(within(dialog).getByText('Line 4 (bad.com): Unknown WHMCS status "Parked".')).toBeTruthy();

    await userEvent.click(within(dialog).getByRole('checkbox', { name: /^Update/ }));
    // Changing an option asks for a new preview.
    expect(within(dialog).queryByRole('table', { name: 'Import preview' })).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Preview' }));
    const again = await within(dialog).findByRole('table', { name: 'Import preview' });
    await userEvent.selectOptions(within(again).getByRole('combobox', { name: 'Decision for held.com' }), 'update_in_place');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Apply Import' }));

    await within(dialog).findByText('Import applied: 1 created, 1 updated, 0 skipped.');
    expect(onImported).toHaveBeenCalledOnce();
    const apply = calls.find((c) => c.name === 'importWhmcsDomains' && c.data.mode === 'apply')!;
    expect(apply.data).toMatchObject({ mode: 'apply', options: { move: false, update: true }, decisions: { 'held.com': 'update_in_place' }, verifyAfter: false });
    expect(apply.data.csvText).toBe('domain,email\nnew.com,a@example.test\n');
  });

  it('finds rows by name or by decision in a long preview', async () => {
    serve(() => json({}));
    renderWithProviders(<ImportWhmcsModal opened onClose={() => undefined} onImported={() => undefined} />);
    const dialog = await chooseAndPreview(csvFile('domain\nnew.com\n'));
    const table = await within(dialog).findByRole('table', { name: 'Import preview' });
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: 'Show' }), 'create');
    expect(within(table).queryByText('held.com')).toBeNull();
    expect(within(table).getByText('new.com')).toBeTruthy();
    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: 'Show' }), 'all');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Find a domain' }), 'nothing-like-it');
    await within(dialog).findByText('No row matches. Clear the search or show every row.');
  });

  it('shows the spec\'s "Apply failed" with the server\'s sentence when applying fails', async () => {
    serve(() => json({ error: { status: 'INVALID_ARGUMENT', message: 'The decisions name other.com, which is not a row of the file.' } }, 400));
    renderWithProviders(<ImportWhmcsModal opened onClose={() => undefined} onImported={() => undefined} />);
    const dialog = await chooseAndPreview(csvFile('domain\nnew.com\n'));
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Apply Import' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Apply failed: The decisions name other.com, which is not a row of the file.');
  });

  it('shows the spec\'s "Import failed" with the server\'s sentence when the preview is refused', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => json({ error: { status: 'INVALID_ARGUMENT', message: 'The file has no "domain" (or "domainname") column in its first line.' } }, 400)));
    renderWithProviders(<ImportWhmcsModal opened onClose={() => undefined} onImported={() => undefined} />);
    const dialog = await chooseAndPreview(csvFile('name\nnew.com\n'));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Import failed: The file has no "domain" (or "domainname") column in its first line.');
    expect(within(dialog).queryByRole('button', { name: 'Apply Import' })).toBeNull();
  });

  it('keeps following the run when the apply call times out, and shows how the run ended', async () => {
    let runReads = 0;
    vi.stubGlobal('fetch', vi.fn(async (url: string, init: RequestInit) => {
      const { data } = JSON.parse(String(init.body)) as { data: Record<string, unknown> };
      if (url.endsWith('getWhmcsImportRun')) {
        runReads += 1;
        // The latest run before the apply, then this apply's run running, then done.
        if (runReads === 1) return json({ result: { run: { id: 'run_old', status: 'succeeded', done: 5, total: 5, createdAt: '2026-11-27T00:00:00.000Z', finishedAt: null, error: null, result: null } } });
        const done = runReads > 3;
        return json({ result: { run: {
          id: 'run_new', status: done ? 'succeeded' : 'running', done: done ? 2 : 1, total: 2, createdAt: '2026-11-27T01:00:00.000Z', finishedAt: null, error: null,
          result: done ? { total: 2, created: 2, updated: 0, skipped: 0, errors: 0, firstErrors: [] } : null,
        } } });
      }
      if (data.mode === 'preview') return json({ result: { success: true, message: 'Preview', runId: null, summary: preview } });
      // The apply never answers: the client gives up at its 70 s time-out.
      return new Promise<Response>((_resolve, reject) => {
        init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
      });
    }));
    const onImported = vi.fn();
    renderWithProviders(<ImportWhmcsModal opened onClose={() => undefined} onImported={onImported} />);
    const dialog = await chooseAndPreview(csvFile('domain\nnew.com\n'));
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      await userEvent.click(await within(dialog).findByRole('button', { name: 'Apply Import' }));
      await within(dialog).findByText('Applying: 1 of 2 rows written');
      await vi.advanceTimersByTimeAsync(71_000);
      await within(dialog).findByText('Import applied: 2 created, 0 updated, 0 skipped.');
      expect(onImported).toHaveBeenCalledOnce();
      expect(within(dialog).queryByRole('alert')).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it('names the encoding of a file that is not UTF-8 and sends nothing', async () => {
    const calls = serve(() => json({}));
    renderWithProviders(<ImportWhmcsModal opened onClose={() => undefined} onImported={() => undefined} />);
    const dialog = await screen.findByRole('dialog', { name: 'Import WHMCS CSV' });
    await userEvent.upload(dialog.querySelector('input[type="file"]') as HTMLInputElement, csvFile(new Uint8Array([...Buffer.from('domain\nbücher.de\n', 'latin1')])));
    await within(dialog).findByText(T.notUtf8);
    expect(within(dialog).getByRole('button', { name: 'Preview' }).hasAttribute('disabled')).toBe(true);
    expect(calls).toEqual([]);
  });
});
