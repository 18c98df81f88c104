import type { FastifyBaseLogger } from 'fastify';
import type { LiveMessage } from '../../common/live.ts';
import type { LiveListener } from './bus.ts';

/** The listeners of this process, by topic; both buses fan out through one of these. */
export class TopicListeners {
  private readonly byTopic = new Map<string, Set<LiveListener>>();

  constructor(private readonly log: Pick<FastifyBaseLogger, 'error'>) {}

  add(topic: string, listener: LiveListener): () => void {
    let listeners = this.byTopic.get(topic);
    if (!listeners) this.byTopic.set(topic, (listeners = new Set()));
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
      if (listeners.size === 0 && this.byTopic.get(topic) === listeners) this.byTopic.delete(topic);
    };
  }

  deliver(message: LiveMessage): void {
    // A copy: a listener may unsubscribe (its stream ended) while we go through them.
    for (const listener of [...(this.byTopic.get(message.topic) ?? [])]) {
      try {
        listener(message);
      } catch (error) {
        this.log.error({ err: error, topic: message.topic }, 'live listener failed');
      }
    }
  }

  topics(): string[] {
    return [...this.byTopic.keys()];
  }

  get size(): number {
    return this.byTopic.size;
  }
}
