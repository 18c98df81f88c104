import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { type LiveTopic, livePath } from '../../common/live.ts';

const RETRY_FIRST_MS = 5_000;
const RETRY_MAX_MS = 60_000;

/**
 * Keeps a query fresh while a page shows it: subscribes to the topic over Server-Sent Events
 * and refetches the query on every message (messages carry no data; the function re-applies
 * its policy). It also refetches whenever the stream (re)opens, since whatever changed before
 * the subscription, or while it was down, was not announced. EventSource reconnects by itself
 * after a dropped stream but gives up on a refused one (a restart, too many tabs), so the hook
 * opens a new one later, backing off. Pass `null` to stay unsubscribed (e.g. until the first
 * read succeeded). Several queries read one topic (a page's overview and its list): pass each
 * key, they share one stream.
 */
export function useLiveTopic(topic: LiveTopic | null, ...queryKeys: QueryKey[]): void {
  const client = useQueryClient();
  const keys = useRef(queryKeys);
  keys.current = queryKeys;

  useEffect(() => {
    if (!topic || typeof EventSource === 'undefined') return undefined;
    let source: EventSource | null = null;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let delay = RETRY_FIRST_MS;
    const refresh = () => {
      for (const queryKey of keys.current) void client.invalidateQueries({ queryKey });
    };

    const connect = () => {
      const current = new EventSource(livePath(topic));
      source = current;
      current.onopen = () => {
        delay = RETRY_FIRST_MS;
        refresh();
      };
      current.onmessage = refresh;
      current.onerror = () => {
        if (current.readyState !== EventSource.CLOSED) return;
        retry = setTimeout(connect, delay);
        delay = Math.min(delay * 2, RETRY_MAX_MS);
      };
    };
    connect();
    return () => {
      clearTimeout(retry);
      source?.close();
    };
  }, [client, topic]);
}
