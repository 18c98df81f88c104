import { type ReactNode, Suspense, useState } from 'react';

/**
 * Renders a lazily fetched dialog once it has first been opened, and keeps it mounted after, so
 * it can run its closing transition. Pages thus fetch their dialogs' code on first use.
 */
export function OnceOpened({ opened, children }: { opened: boolean; children: ReactNode }) {
  const [seen, setSeen] = useState(opened);
  if (opened && !seen) setSeen(true);
  return seen ? <Suspense fallback={null}>{children}</Suspense> : null;
}
