import { randomUUID } from 'node:crypto';
import type { contracts } from '../../../../src/common/admin/flows/contract.ts';
import { freshWebhook } from './webhooks.ts';
import type { SampleInput } from '../sampleInputs.ts';
import type { TestApp } from '../../testApp.ts';

/** A flow to a fresh webhook, written as rows. */
async function freshFlow(t: TestApp): Promise<string> {
  const id = randomUUID();
  const webhookId = await freshWebhook(t);
  const now = new Date().toISOString();
  await t.services.db.insertInto('event_flows').values({
    id, name: `Matrix flow ${id.slice(0, 8)}`, triggers: JSON.stringify([{ eventType: 'domain.*', conditions: [] }]),
    actions: JSON.stringify([{ type: 'webhook', name: 'Matrix', webhookId, conditions: [], config: { timeout: 30000, retries: 3 } }]),
    created_by_user_id: null, last_execution_at: null, created_at: now, updated_at: now,
  }).execute();
  return id;
}

/** The permission matrix's inputs for adminFlows (issue 9). */
export const adminFlowsSamples: Record<keyof typeof contracts, SampleInput> = {
  listFlows: async () => ({}),
  saveFlow: async ({ t }) => ({ name: 'Matrix flow', triggers: [{ eventType: 'user.*' }], actions: [{ webhookId: await freshWebhook(t) }] }),
  duplicateFlow: async ({ t }) => ({ flowId: await freshFlow(t) }),
  deleteFlow: async ({ t }) => ({ flowId: await freshFlow(t) }),
  setFlowActive: async ({ t }) => ({ flowId: await freshFlow(t), isActive: false }),
  setupQuickFlows: async ({ t }) => { await freshWebhook(t); return {}; },
  getEventCatalog: async () => ({}),
};
