import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { BULK_DOMAINS_MAX } from '../../../../common/domains/domains.ts';
import { callFunction } from '../../../api/client.ts';
import { errorDetail } from '../../../api/errorTexts.ts';
import { type BulkItemResult, type BulkOutcome, chunk, runPooled, summarise } from './bulkRun.ts';

export type BulkAction = 'sync' | 'autoRenew';

export const BULK_ACTION_LABELS: Record<BulkAction, string> = { sync: 'Bulk Sync WHOIS', autoRenew: 'Enable Auto-Renew' };

/** Auto-renew is one call per domain; a few at a time keeps the registrars and the server unhurried. */
const AUTO_RENEW_CONCURRENCY = 4;

export interface BulkProgress {
  action: BulkAction;
  done: number;
  total: number;
}

export interface BulkReport {
  action: BulkAction;
  outcome: BulkOutcome;
}

/**
 * The function takes up to 100 names, but one call for all of them would leave the progress bar
 * at zero until the end: batches of 10, two at a time, show it moving at little extra cost.
 */
const SYNC_BATCH = Math.min(10, BULK_DOMAINS_MAX);
const SYNC_CONCURRENCY = 2;

async function syncAll(domains: string[], onDone: (done: number) => void): Promise<BulkItemResult[]> {
  let done = 0;
  const batches = await runPooled(chunk(domains, SYNC_BATCH), SYNC_CONCURRENCY, async (batch): Promise<BulkItemResult[]> => {
    let results: BulkItemResult[];
    try {
      results = (await callFunction('verifyManagedDomainsBulk', { domains: batch })).results;
    } catch (error) {
      results = batch.map((domain) => ({ domain, success: false, error: errorDetail(error) }));
    }
    done += batch.length;
    onDone(done);
    return results;
  });
  return batches.flat();
}

function enableAutoRenewAll(domains: string[], onDone: (done: number) => void): Promise<BulkItemResult[]> {
  return runPooled(domains, AUTO_RENEW_CONCURRENCY, async (domain) => {
    try {
      await callFunction('updateDomainAutoRenew', { domain, autoRenew: true });
      return { domain, success: true, error: null };
    } catch (error) {
      return { domain, success: false, error: errorDetail(error) };
    }
  }, onDone);
}

/**
 * Runs a bulk action over the selected domains with its progress, and keeps its report
 * (what succeeded, what failed and why) until the next action or until dismissed.
 */
export function useBulkActions(onFinished: (succeeded: string[]) => void) {
  const client = useQueryClient();
  const [progress, setProgress] = useState<BulkProgress | null>(null);
  const [report, setReport] = useState<BulkReport | null>(null);

  const run = useCallback(async (action: BulkAction, domains: string[]) => {
    if (domains.length === 0) return;
    setReport(null);
    setProgress({ action, done: 0, total: domains.length });
    const onDone = (done: number) => setProgress({ action, done, total: domains.length });
    const results = action === 'sync' ? await syncAll(domains, onDone) : await enableAutoRenewAll(domains, onDone);
    setProgress(null);
    setReport({ action, outcome: summarise(results) });
    onFinished(results.filter((r) => r.success).map((r) => r.domain));
    await client.invalidateQueries({ queryKey: ['listDomains'] });
    await client.invalidateQueries({ queryKey: ['getDomainDetails'] });
  }, [client, onFinished]);

  return { run, progress, report, dismiss: useCallback(() => setReport(null), []) };
}
