import { useFn } from '../../../../api/hooks.ts';

/** How often the modal reads the run while an apply is under way. */
export const RUN_POLL_MS = 1000;

/**
 * The import run this apply started, read every second while `following`: the apply call answers
 * only at the end, so the progress row comes from the run's row (written as each batch of 1,000
 * commits). A run is this apply's when it is not the one that was latest before it was asked for
 * (ids, not times: the browser's clock is not the server's).
 */
export function useImportRunProgress(following: boolean, latestBefore: string | null) {
  const state = useFn('getWhmcsImportRun', {}, { enabled: following, refetchInterval: following ? RUN_POLL_MS : false, gcTime: 0 });
  const run = state.data?.run ?? null;
  return { run: following && run && run.id !== latestBefore ? run : null };
}
