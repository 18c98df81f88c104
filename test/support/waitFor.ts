/**
 * Polls until the probe finds something; the deadline only ends a test that would otherwise hang.
 * `explain` says what the state was when it gave up, so a failure on CI can be read without a rerun.
 */
export async function waitFor<T>(
  probe: () => T | undefined | Promise<T | undefined>,
  deadlineMs = 15_000,
  explain?: () => string | Promise<string>,
): Promise<T> {
  const deadline = Date.now() + deadlineMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(explain ? `timed out waiting: ${await explain()}` : 'timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
