import { accessTopic } from '../../common/live.ts';
import type { Tx } from '../db/transaction.ts';
import type { LiveBus } from './bus.ts';

/**
 * Tells every instance that what these users may see changed (a session ended, the user was
 * disabled, removed from an account or demoted): after the commit, their open streams are
 * authorised again and those that no longer pass end (liveRoutes.ts). A bus message rather than a
 * local call, so that a stream held by another app process hears it too.
 */
export function announceAccessChanged(tx: Tx, live: Pick<LiveBus, 'publish'>, ...userIds: string[]): void {
  for (const userId of new Set(userIds)) live.publish(tx, accessTopic(userId), 'access.changed');
}
