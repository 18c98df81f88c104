/**
 * Wakes the webhook delivery engine of this process when there is new work: an event committed
 * (recordEvent), or deliveries put back to pending (resend, replay). Other processes find the
 * work by polling, at most a second later; a wake is only a shortcut.
 */
type Listener = () => void;
const listeners = new Set<Listener>();

export function onDeliveryWork(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function signalDeliveryWork(): void {
  for (const listener of listeners) listener();
}
