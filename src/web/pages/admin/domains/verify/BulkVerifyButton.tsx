import { Alert, Button, List, Modal, Progress, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { bulkVerifyDone, DOMAIN_DETAIL_TEXTS } from '../../../../../common/admin/domainDetail/texts.ts';
import { callFunction, type FnOutput, FunctionCallError } from '../../../../api/client.ts';
import { failureText } from '../../../../api/errorTexts.ts';

/** The spec shows the first 10 failures of a bulk action, then '...and N more'. */
const FAILURES_SHOWN = 10;
/** Domains per call: each call stays far inside the client's 70 s time-out however slow the registrar, and the bar moves. */
export const BULK_VERIFY_BATCH = 10;

type Result = FnOutput<'adminVerifyManagedDomainsBulk'>['results'][number];

interface Run {
  done: number;
  results: Result[];
  /** A batch the server refused or never answered: the run stops there. */
  error: string | null;
  finished: boolean;
}

/** The inventory footer's Bulk Verify: verifies the selected domains a batch at a time, then says what succeeded and what failed. */
export function BulkVerifyButton({ domains, onDone }: { domains: string[]; onDone: () => void }) {
  const [run, setRun] = useState<Run | null>(null);
  const [open, setOpen] = useState(false);
  const total = domains.length;
  const busy = run !== null && !run.finished;

  const start = async () => {
    setOpen(true);
    let state: Run = { done: 0, results: [], error: null, finished: false };
    setRun(state);
    for (let from = 0; from < total; from += BULK_VERIFY_BATCH) {
      const batch = domains.slice(from, from + BULK_VERIFY_BATCH);
      try {
        const answer = await callFunction('adminVerifyManagedDomainsBulk', { domains: batch });
        state = { ...state, done: state.done + batch.length, results: [...state.results, ...answer.results] };
      } catch (error) {
        // A batch of names none of which we hold (deleted meanwhile) is those names' failure; the run goes on.
        if (error instanceof FunctionCallError && error.code === 'not-found') {
          state = { ...state, done: state.done + batch.length, results: [...state.results, ...batch.map((domain) => ({ domain, success: false, summary: null, error: error.message }))] };
          continue;
        }
        state = { ...state, error: failureText(DOMAIN_DETAIL_TEXTS.verifyFailed, error) };
        break;
      } finally {
        setRun(state);
      }
    }
    setRun({ ...state, finished: true });
    onDone();
  };

  const failures = run?.results.filter((r) => !r.success) ?? [];
  const succeeded = (run?.results.length ?? 0) - failures.length;

  return (
    <>
      <Button variant="default" onClick={() => void start()} disabled={total === 0 || busy} loading={busy}>Bulk Verify</Button>
      <Modal opened={open} onClose={() => !busy && setOpen(false)} title="Bulk Verify" centered closeOnClickOutside={!busy} withCloseButton={!busy}>
        {run && (
          <Stack gap="sm">
            <Progress value={total ? (run.done / total) * 100 : 0} aria-label="Domains verified" animated={busy} />
            <Text size="sm" c="dimmed">{run.done} of {total} domain{total === 1 ? '' : 's'} asked at their suppliers and registries</Text>
            {run.error && <Alert color="red" role="alert">{run.error}</Alert>}
            {run.finished && (
              <Alert color={failures.length || run.error ? 'orange' : 'green'} role="status">{bulkVerifyDone(succeeded, failures.length)}</Alert>
            )}
            {failures.length > 0 && (
              <List size="sm" spacing={4}>
                {failures.slice(0, FAILURES_SHOWN).map((f) => <List.Item key={f.domain}><Text span fw={600} size="sm">{f.domain}</Text>: {f.error}</List.Item>)}
                {failures.length > FAILURES_SHOWN && <List.Item>...and {failures.length - FAILURES_SHOWN} more</List.Item>}
              </List>
            )}
            {run.finished && <Text size="xs" c="dimmed">Open a domain and choose Verify to review and apply what its sources say.</Text>}
            <Button variant="default" onClick={() => setOpen(false)} disabled={busy} style={{ alignSelf: 'flex-end' }}>Close</Button>
          </Stack>
        )}
      </Modal>
    </>
  );
}
