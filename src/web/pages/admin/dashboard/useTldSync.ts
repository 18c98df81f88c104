import { useEffect, useRef, useState } from 'react';
import { useFnMutation } from '../../../api/hooks.ts';
import type { FnOutput } from '../../../api/client.ts';
import { FunctionCallError } from '../../../api/functionCallError.ts';

/** The spec's panel: 0 % when started, 10 % once the call is on its way, 100 % when answered. */
export const SYNC_PROGRESS = { started: 0, sent: 10, answered: 100 } as const;
/** The progress panel clears this long after the answer (spec section 9). */
export const SYNC_PANEL_RESET_MS = 3000;

export type TldSyncAnswer = FnOutput<'syncSupplierTlds'>;

export function useTldSync() {
  const sync = useFnMutation('syncSupplierTlds', ['getTldPricing', 'listHeldCostChanges', 'getRegistrarHealth']);
  const [progress, setProgress] = useState<number | null>(null);
  const [answer, setAnswer] = useState<TldSyncAnswer | null>(null);
  const [error, setError] = useState<string | null>(null);
  const resetTimer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(() => () => { if (resetTimer.current) clearTimeout(resetTimer.current); }, []);

  const run = async () => {
    if (resetTimer.current) clearTimeout(resetTimer.current);
    setError(null);
    setAnswer(null);
    setProgress(SYNC_PROGRESS.started);
    const call = sync.mutateAsync({});
    setProgress(SYNC_PROGRESS.sent);
    try {
      setAnswer(await call);
    } catch (failure) {
      // The alert sends the operator here for the whole failure (code, details, request id).
      console.error('TLD sync failed', failure);
      const details = failure instanceof FunctionCallError && failure.details !== undefined ? ` (${JSON.stringify(failure.details)})` : '';
      setError(`${failure instanceof Error ? failure.message : String(failure)}${details}`);
    }
    setProgress(SYNC_PROGRESS.answered);
    resetTimer.current = setTimeout(() => setProgress(null), SYNC_PANEL_RESET_MS);
  };

  return { run, running: sync.isPending, progress, answer, error };
}
