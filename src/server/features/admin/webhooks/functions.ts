import * as webhooks from '../../../../common/admin/webhooks/contract.ts';
import { implement } from '../../../rpc/registry.ts';
import { requireOperator } from '../policy.ts';
import { deleteWebhooks, duplicateWebhook, listWebhooks, rotateWebhookSecret, saveWebhook, setWebhooksActive } from './service.ts';

/** The webhook handlers (issue 9). */
export const handlers = [
  implement(webhooks.listWebhooks, async (input, { caller, services }) => {
    requireOperator(caller);
    return listWebhooks(services.db, input, services.clock.now());
  }),
  implement(webhooks.saveWebhook, async (input, ctx) => {
    requireOperator(ctx.caller);
    return saveWebhook(ctx, input);
  }),
  implement(webhooks.duplicateWebhook, async ({ webhookId }, ctx) => {
    requireOperator(ctx.caller);
    return duplicateWebhook(ctx, webhookId);
  }),
  implement(webhooks.setWebhooksActive, async (input, ctx) => {
    requireOperator(ctx.caller);
    return setWebhooksActive(ctx, input);
  }),
  implement(webhooks.deleteWebhooks, async (input, ctx) => {
    requireOperator(ctx.caller);
    return deleteWebhooks(ctx, input);
  }),
  implement(webhooks.rotateWebhookSecret, async ({ webhookId }, ctx) => {
    requireOperator(ctx.caller);
    return rotateWebhookSecret(ctx, webhookId);
  }),
];
