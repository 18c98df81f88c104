import { useFn } from '../../../../api/hooks.ts';

/** How often the modal reads the run while an apply is under way. */
export const RUN_POLL_MS = 1000;

/**
 * The latest import run, read every second while `following`: the apply call answers only at the
 * end, so the progress row comes from the run's row (written as each batch of 1,000 commits).
 * `since` ignores a run that ended before this apply was asked for.
 */
export function useImportRunProgress(following: boolean, since: string | null) {
  const state = useFn('getWhmcsImportRun', {}, { enabled: following, refetchInterval: following ? RUN_POLL_MS : false, gcTime: 0 });
  const run = state.data?.run ?? null;
  const ours = run && since !== null && run.createdAt >= since ? run : null;
  return { run: ours };
}
