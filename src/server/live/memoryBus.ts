import type { LiveBus } from './bus.ts';
import type { FastifyBaseLogger } from 'fastify';
import { TopicListeners } from './topicListeners.ts';

/** The embedded mode's bus: one process, so subscribers are in this process's memory. */
export function createMemoryBus(deps: { log: Pick<FastifyBaseLogger, 'error'> }): LiveBus {
  const listeners = new TopicListeners(deps.log);
  return {
    kind: 'memory',
    publish(tx, topic, kind) {
      // Delivered on a later turn, in publish order: the writer's answer does not wait for the audience.
      tx.afterCommit(() => { setImmediate(() => listeners.deliver({ topic, kind })); });
    },
    async subscribe(topic, listener) {
      return listeners.add(topic, listener);
    },
    async close() {},
  };
}
