import { useEffect, useRef, useState } from 'react';
import { useFnMutation } from '../../../api/hooks.ts';
import type { FnOutput } from '../../../api/client.ts';

/** The spec's panel: 0 % when started, 10 % once the call is on its way, 100 % when answered. */
export const SYNC_PROGRESS = { started: 0, sent: 10, answered: 100 } as const;
/** The progress panel clears this long after the answer (spec section 9). */
export const SYNC_PANEL_RESET_MS = 3000;

export type SyncedSuppliers = FnOutput<'syncSupplierTlds'>['suppliers'];

export function useTldSync() {
  const sync = useFnMutation('syncSupplierTlds', ['getTldPricing', 'listHeldCostChanges']);
  const [progress, setProgress] = useState<number | null>(null);
  const [suppliers, setSuppliers] = useState<SyncedSuppliers | null>(null);
  const [error, setError] = useState<string | null>(null);
  const resetTimer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(() => () => { if (resetTimer.current) clearTimeout(resetTimer.current); }, []);

  const run = async () => {
    if (resetTimer.current) clearTimeout(resetTimer.current);
    setError(null);
    setSuppliers(null);
    setProgress(SYNC_PROGRESS.started);
    const answer = sync.mutateAsync({});
    setProgress(SYNC_PROGRESS.sent);
    try {
      setSuppliers((await answer).suppliers);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    }
    setProgress(SYNC_PROGRESS.answered);
    resetTimer.current = setTimeout(() => setProgress(null), SYNC_PANEL_RESET_MS);
  };

  return { run, running: sync.isPending, progress, suppliers, error };
}
