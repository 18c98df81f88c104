import { Alert, Button, Checkbox, FileInput, Group, Modal, Progress, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import type { ImportAction, WhmcsImportSummary } from '../../../../../common/admin/whmcsImport/contract.ts';
import { WHMCS_IMPORT_TEXTS as T } from '../../../../../common/admin/whmcsImport/texts.ts';
import { failureText } from '../../../../api/errorTexts.ts';
import { callFunction, FunctionCallError } from '../../../../api/client.ts';
import { useFnMutation } from '../../../../api/hooks.ts';
import { type ImportCounts, ImportSummaryView } from './ImportSummaryView.tsx';
import { PreviewTable } from './PreviewTable.tsx';
import { readCsvFile } from './readCsvFile.ts';
import { useImportRunProgress } from './useImportRunProgress.ts';

interface Options { move: boolean; update: boolean }
const NO_OPTIONS: Options = { move: false, update: false };

const countsOf = (s: WhmcsImportSummary): ImportCounts => ({
  total: s.total, created: s.createdDomains, updated: s.updatedDomains, skipped: s.skippedDomains, errors: s.errors,
});

/**
 * Import WHMCS CSV (spec section 2, the inventory's Import modal): choose the export, Preview what
 * each row would do (with the options and a per-row override), Apply Import with a progress row,
 * then the summary. Opened by the inventory page.
 */
export function ImportWhmcsModal({ opened, onClose, onImported }: { opened: boolean; onClose: () => void; onImported: () => void }) {
  const phone = useMediaQuery('(max-width: 48em)');
  const [file, setFile] = useState<File | null>(null);
  const [csvText, setCsvText] = useState<string | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [options, setOptions] = useState<Options>(NO_OPTIONS);
  const [preview, setPreview] = useState<WhmcsImportSummary | null>(null);
  const [overrides, setOverrides] = useState<Record<string, ImportAction>>({});
  const [result, setResult] = useState<ImportCounts | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  /**
   * An apply under way: starting (reading which run was latest before it, so as not to take that one
   * for this apply's), then running; timedOut once the browser gave up waiting and follows the run instead.
   */
  const [applyState, setApplyState] = useState<null | { phase: 'starting' } | { phase: 'running'; latestBefore: string | null; timedOut: boolean }>(null);
  const previewCall = useFnMutation('importWhmcsDomains');
  const applyCall = useFnMutation('importWhmcsDomains');
  const { run } = useImportRunProgress(applyState?.phase === 'running', applyState?.phase === 'running' ? applyState.latestBefore : null);

  // An apply whose answer never came (the 70 s client time-out) goes on on the server: the run says how it ended.
  const timedOut = applyState?.phase === 'running' && applyState.timedOut;
  useEffect(() => {
    if (!timedOut || !run || (run.status !== 'succeeded' && run.status !== 'failed')) return;
    setApplyState(null);
    if (run.status === 'succeeded' && run.result) {
      setResult({ ...run.result, errors: run.result.firstErrors, errorCount: run.result.errors });
      onImported();
    } else setFailure(failureText(T.applyFailed, new Error(run.error ?? 'unknown error')));
  }, [timedOut, run, onImported]);

  const resetPreview = () => { setPreview(null); setOverrides({}); setResult(null); setFailure(null); };
  const reset = () => { setFile(null); setCsvText(null); setFileError(null); setOptions(NO_OPTIONS); resetPreview(); setApplyState(null); };
  const close = () => { if (applyState !== null && !timedOut) return; reset(); onClose(); };

  const choose = async (chosen: File | null) => {
    resetPreview();
    setFile(chosen);
    setCsvText(null);
    setFileError(null);
    if (!chosen) return;
    const read = await readCsvFile(chosen);
    if ('error' in read) setFileError(read.error);
    else setCsvText(read.text);
  };

  const runPreview = () => {
    if (csvText === null) return;
    resetPreview();
    previewCall.mutate({ csvText, mode: 'preview', options }, {
      onSuccess: (answer) => setPreview(answer.summary),
      onError: (error) => setFailure(failureText(T.importFailed, error)),
    });
  };

  const runApply = async () => {
    if (csvText === null || applyState !== null) return;
    setFailure(null);
    setApplyState({ phase: 'starting' });
    const latestBefore = await callFunction('getWhmcsImportRun', {}).then((answer) => answer.run?.id ?? null, () => null);
    setApplyState({ phase: 'running', latestBefore, timedOut: false });
    applyCall.mutate({ csvText, mode: 'apply', options, decisions: overrides, verifyAfter: false }, {
      onSuccess: (answer) => {
        setApplyState(null);
        setResult(countsOf(answer.summary));
        onImported();
      },
      onError: (error) => {
        // Timed out: keep following the run instead of calling it a failure.
        if (error instanceof FunctionCallError && error.code === 'deadline-exceeded') {
          setApplyState({ phase: 'running', latestBefore, timedOut: true });
          return;
        }
        setApplyState(null);
        setFailure(failureText(T.applyFailed, error));
      },
    });
  };

  // From the click (the latest run is read first) until the answer, or until a timed-out apply's run ends.
  const applying = applyState !== null || applyCall.isPending;
  const busy = previewCall.isPending || applying;
  const changeOption = (key: keyof Options, value: boolean) => { setOptions((o) => ({ ...o, [key]: value })); resetPreview(); };
  const progress = run && run.total ? Math.round((run.done / run.total) * 100) : null;

  return (
    <Modal opened={opened} onClose={close} title="Import WHMCS CSV" size="80rem" fullScreen={phone} closeOnClickOutside={!applying}
      withCloseButton={!applying || timedOut}>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          A WHMCS domain export, UTF-8, whose first line names the columns: domain (required), email, registrar, status,
          registrationdate, expirydate, donotrenew, idprotection, notes. Clients are matched to accounts by e-mail (billing, then owner);
          domains of unknown clients stay unassigned until they are mapped on Bulk mapping.
        </Text>
        <FileInput
          label="WHMCS domain CSV"
          placeholder="Choose a .csv file"
          accept=".csv,text/csv"
          value={file}
          onChange={(chosen) => { void choose(chosen); }}
          error={fileError}
          disabled={busy}
          clearable
        />
        <Stack gap={6}>
          <Checkbox label="Move: give domains we hold to the file's account when it differs" checked={options.move}
            onChange={(e) => changeOption('move', e.currentTarget.checked)} disabled={busy} />
          <Checkbox label="Update: refresh domains we hold where they are" checked={options.update}
            onChange={(e) => changeOption('update', e.currentTarget.checked)} disabled={busy} />
          <Text size="xs" c="dimmed">With neither ticked, a domain moves when the account differs and is updated otherwise. New domains are always created.</Text>
        </Stack>

        {failure && <Alert color="red" role="alert">{failure}</Alert>}

        {!preview && !previewCall.isPending && !failure && (
          <Text size="sm" c="dimmed">{csvText === null ? 'Choose the export, then Preview to see what each row would do. Nothing is written before Apply Import.' : 'Preview to see what each row would do.'}</Text>
        )}
        {previewCall.isPending && <Text size="sm" role="status">Reading the file…</Text>}

        {preview && !result && (
          <>
            <ImportSummaryView counts={countsOf(preview)} applied={false} />
            {preview.rows.length === 0 ? (
              <Text size="sm" c="dimmed">The file holds no domain rows to import. Check that it is the domain export, then choose it again.</Text>
            ) : (
              <PreviewTable rows={preview.rows} accounts={preview.accounts} overrides={overrides} disabled={applying}
                onOverride={(domain, action) => setOverrides((o) => {
                  const next = { ...o };
                  if (action === null) delete next[domain];
                  else next[domain] = action;
                  return next;
                })} />
            )}
          </>
        )}

        {applying && (
          <Stack gap={4} role="status">
            <Text size="sm">{run && run.total !== null ? `Applying: ${run.done.toLocaleString()} of ${run.total.toLocaleString()} rows written` : 'Applying: starting…'}</Text>
            <Progress value={progress ?? 100} animated={progress === null || progress < 100} aria-label="Import progress"
              aria-valuetext={progress === null ? 'starting' : `${progress} %`} />
          </Stack>
        )}

        {result && (
          <>
            <Alert color={result.errors.length || result.errorCount ? 'yellow' : 'green'} role="status">
              Import applied: {result.created} created, {result.updated} updated, {result.skipped} skipped.
            </Alert>
            <ImportSummaryView counts={result} applied />
          </>
        )}

        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close} disabled={applying && !timedOut}>{result ? 'Close' : 'Cancel'}</Button>
          {!result && (
            <Button variant={preview ? 'default' : 'filled'} onClick={runPreview} loading={previewCall.isPending} disabled={csvText === null || applying}>
              Preview
            </Button>
          )}
          {!result && preview && (
            <Button onClick={() => { void runApply(); }} loading={applying} disabled={preview.rows.length === 0}>Apply Import</Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
