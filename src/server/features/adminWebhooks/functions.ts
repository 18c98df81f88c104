import * as flows from '../../../common/contracts/adminFlows.ts';
import * as webhooks from '../../../common/contracts/adminWebhooks.ts';
import { implement } from '../../rpc/registry.ts';
import { eventCatalog } from './eventCatalog.ts';
import { deleteFlow, duplicateFlow, listFlows, saveFlow, setFlowActive, setupQuickFlows } from './flowService.ts';
import { requireEventsOperator } from './policy.ts';
import { deleteWebhooks, duplicateWebhook, listWebhooks, rotateWebhookSecret, saveWebhook, setWebhooksActive } from './webhookService.ts';

/** The webhook and flow handlers (issue 9). */
export const handlers = [
  implement(webhooks.listWebhooks, async (input, { caller, services }) => {
    requireEventsOperator(caller);
    return listWebhooks(services.db, input);
  }),
  implement(webhooks.saveWebhook, async (input, ctx) => {
    requireEventsOperator(ctx.caller);
    return saveWebhook(ctx, input);
  }),
  implement(webhooks.duplicateWebhook, async ({ webhookId }, ctx) => {
    requireEventsOperator(ctx.caller);
    return duplicateWebhook(ctx, webhookId);
  }),
  implement(webhooks.setWebhooksActive, async (input, ctx) => {
    requireEventsOperator(ctx.caller);
    return setWebhooksActive(ctx, input);
  }),
  implement(webhooks.deleteWebhooks, async (input, ctx) => {
    requireEventsOperator(ctx.caller);
    return deleteWebhooks(ctx, input);
  }),
  implement(webhooks.rotateWebhookSecret, async ({ webhookId }, ctx) => {
    requireEventsOperator(ctx.caller);
    return rotateWebhookSecret(ctx, webhookId);
  }),

  implement(flows.listFlows, async (_input, { caller, services }) => {
    requireEventsOperator(caller);
    return listFlows(services.db);
  }),
  implement(flows.saveFlow, async (input, ctx) => {
    requireEventsOperator(ctx.caller);
    return saveFlow(ctx, input);
  }),
  implement(flows.duplicateFlow, async ({ flowId }, ctx) => {
    requireEventsOperator(ctx.caller);
    return duplicateFlow(ctx, flowId);
  }),
  implement(flows.deleteFlow, async ({ flowId }, ctx) => {
    requireEventsOperator(ctx.caller);
    return deleteFlow(ctx, flowId);
  }),
  implement(flows.setFlowActive, async (input, ctx) => {
    requireEventsOperator(ctx.caller);
    return setFlowActive(ctx, input);
  }),
  implement(flows.setupQuickFlows, async (_input, ctx) => {
    requireEventsOperator(ctx.caller);
    return setupQuickFlows(ctx);
  }),
  implement(flows.getEventCatalog, async (_input, { caller }) => {
    requireEventsOperator(caller);
    return eventCatalog();
  }),
];
