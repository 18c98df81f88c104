/**
 * Bulk actions on the selected domains: run the calls a few at a time, report progress, and end
 * with what succeeded and what failed and why (the old app swallowed these errors; spec §8).
 */

export interface BulkItemResult {
  domain: string;
  success: boolean;
  /** Why it failed, in the server's words; null on success. */
  error: string | null;
}

export interface BulkOutcome {
  succeeded: number;
  failed: { domain: string; reason: string }[];
}

/** Runs `work` over every item with at most `limit` in flight; results keep the items' order. */
export async function runPooled<T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>, onDone?: (done: number) => void): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  let done = 0;
  const lane = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]);
      done += 1;
      onDone?.(done);
    }
  };
  await Promise.all(Array.from({ length: Math.min(Math.max(1, limit), items.length) }, lane));
  return results;
}

export function chunk<T>(items: readonly T[], size: number): T[][] {
  const chunks: T[][] = [];
  for (let i = 0; i < items.length; i += size) chunks.push(items.slice(i, i + size));
  return chunks;
}

export function summarise(results: readonly BulkItemResult[]): BulkOutcome {
  return {
    succeeded: results.filter((r) => r.success).length,
    failed: results.filter((r) => !r.success).map((r) => ({ domain: r.domain, reason: r.error || 'Unknown error' })),
  };
}

/** 'N succeeded', with the failures counted when there are some. */
export function outcomeHeadline(outcome: BulkOutcome): string {
  const succeeded = `${outcome.succeeded} succeeded`;
  return outcome.failed.length === 0 ? succeeded : `${succeeded}, ${outcome.failed.length} failed`;
}
