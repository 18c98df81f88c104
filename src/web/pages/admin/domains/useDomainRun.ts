import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { errorDetail } from '../../../api/errorTexts.ts';

export interface DomainRunFailure {
  domain: string;
  /** The server's sentence, or null when the call failed without one. */
  reason: string | null;
}

export interface DomainRunState {
  running: boolean;
  done: number;
  total: number;
  ok: number;
  failures: DomainRunFailure[];
}

const IDLE: DomainRunState = { running: false, done: 0, total: 0, ok: 0, failures: [] };

/**
 * One call per domain, one at a time (spec: Bulk Add's bar advances a domain at a time, bulk mapping
 * and Bulk Delete call once per domain), then the inventory lists are read again. A failure does
 * not stop the rest; each is kept with the server's reason.
 */
export function useDomainRun() {
  const client = useQueryClient();
  const [state, setState] = useState<DomainRunState>(IDLE);

  const run = useCallback(async (domains: readonly string[], call: (domain: string) => Promise<unknown>): Promise<DomainRunState> => {
    let current: DomainRunState = { running: true, done: 0, total: domains.length, ok: 0, failures: [] };
    setState(current);
    for (const domain of domains) {
      try {
        await call(domain);
        current = { ...current, done: current.done + 1, ok: current.ok + 1 };
      } catch (error) {
        const reason = errorDetail(error);
        current = { ...current, done: current.done + 1, failures: [...current.failures, { domain, reason: reason || null }] };
      }
      setState(current);
    }
    current = { ...current, running: false };
    setState(current);
    await client.invalidateQueries({ queryKey: ['listManagedDomains'] });
    return current;
  }, [client]);

  const reset = useCallback(() => setState(IDLE), []);
  return { state, run, reset };
}
