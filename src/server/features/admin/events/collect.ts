import { EVENT_COLLECTED, TEST_EVENT_SOURCE, TEST_EVENT_TEMPLATES, type TestEventTemplate, UNKNOWN_EVENT_TYPE } from '../../../../common/admin/events/texts.ts';
import { liveTopics } from '../../../../common/live.ts';
import { record } from '../../../audit/record.ts';
import { type EventSeverity, isEventType } from '../../../events/catalogue.ts';
import { byCaller, recordEvent } from '../../../events/recordEvent.ts';
import { type BackOfficeWriteContext, operatorOf } from '../../../rpc/context.ts';
import { invalidArgument } from '../../../rpc/errors.ts';
import { countActiveFlowsMatching } from '../../events/index.ts';

export interface CollectInput {
  eventType: string;
  payload: Record<string, unknown>;
  context: Record<string, unknown>;
  source?: string | null;
  correlationId?: string | null;
  severity: EventSeverity;
}

/** An operator's event: recorded like the platform's own (flows deliver it), audited in the same unit of work. */
export async function collect(ctx: BackOfficeWriteContext, input: CollectInput) {
  const { eventType } = input;
  if (!isEventType(eventType)) throw invalidArgument(UNKNOWN_EVENT_TYPE);
  const source = input.source ?? 'back-office';
  const at = ctx.services.clock.nowIso();
  const eventId = await recordEvent(ctx.tx, {
    type: eventType, actor: byCaller(ctx.caller), severity: input.severity, source,
    correlationId: input.correlationId ?? null, payload: input.payload, context: input.context, at,
  });
  await record(ctx.tx, {
    actor: operatorOf(ctx), actingAs: null, action: 'event.collected',
    target: { type: 'event', id: eventId },
    after: { eventType, severity: input.severity, source, correlationId: input.correlationId ?? null },
    requestId: ctx.requestId, at,
  });
  ctx.services.live.publish(ctx.tx, liveTopics.adminEvents(), 'events.changed');
  return { success: true as const, eventId, requestId: ctx.requestId, message: EVENT_COLLECTED };
}

/** Sends a template as a real event; answers how many active flows have a trigger it matches. */
export async function sendTest(ctx: BackOfficeWriteContext, template: TestEventTemplate) {
  const { eventType, payload, label } = TEST_EVENT_TEMPLATES[template];
  const at = ctx.services.clock.nowIso();
  const eventId = await recordEvent(ctx.tx, {
    type: eventType, actor: byCaller(ctx.caller), severity: 'info', source: TEST_EVENT_SOURCE,
    payload: { ...payload }, context: { test: true, template }, at,
  });
  const flowsMatched = await countActiveFlowsMatching(ctx.tx.db, eventType);
  await record(ctx.tx, {
    actor: operatorOf(ctx), actingAs: null, action: 'event.test_sent',
    target: { type: 'event', id: eventId }, after: { template, eventType, flowsMatched }, requestId: ctx.requestId, at,
  });
  ctx.services.live.publish(ctx.tx, liveTopics.adminEvents(), 'events.changed');
  return { success: true as const, eventId, eventType, flowsMatched, message: `${label} sent` };
}
