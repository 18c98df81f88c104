import { liveTopics } from '../../../../common/live.ts';
import type { BackOfficeWriteContext } from '../../../rpc/context.ts';

/** Open pages refetch after the commit (the events dashboard, the webhook and flow lists). */
export const announce = (ctx: BackOfficeWriteContext) => ctx.services.live.publish(ctx.tx, liveTopics.adminEvents(), 'events.changed');
