/**
 * A slow outside system for ordering tests (a payment provider or a registrar that has not
 * answered yet): whatever reaches the hold waits until the test releases it, or until
 * `releaseAfterMs`, a safety net so code that waits on the hold fails its assertions instead of
 * hanging the test.
 */
export interface Hold {
  /** Resolves once something has reached the hold. */
  arrived: Promise<void>;
  readonly released: boolean;
  release(): void;
  /** The held side: waits while the hold is on, and passes at once after its release. */
  pass(): Promise<void>;
}

export function createHold(releaseAfterMs?: number): Hold {
  let arrive = () => {};
  let open = () => {};
  const arrived = new Promise<void>((resolve) => { arrive = resolve; });
  const opened = new Promise<void>((resolve) => { open = resolve; });
  let released = false;
  const release = () => {
    clearTimeout(timer);
    released = true;
    open();
  };
  const timer = releaseAfterMs === undefined ? undefined : setTimeout(release, releaseAfterMs);
  return {
    arrived,
    get released() { return released; },
    release,
    async pass() {
      arrive();
      await opened;
    },
  };
}
