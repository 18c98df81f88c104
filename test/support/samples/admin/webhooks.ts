import { randomUUID } from 'node:crypto';
import type { contracts } from '../../../../src/common/admin/webhooks/contract.ts';
import type { SampleInput } from '../sampleInputs.ts';
import type { TestApp } from '../../testApp.ts';

/** A webhook written as a row (the matrix must not depend on the functions it checks). */
export async function freshWebhook(t: TestApp, over: { isActive?: boolean; name?: string } = {}): Promise<string> {
  const id = randomUUID();
  const now = new Date().toISOString();
  await t.services.db.insertInto('webhooks').values({
    id, name: over.name ?? `Matrix ${id.slice(0, 8)}`, url: 'https://hooks.example.com/matrix', secret: `whsec_${Buffer.from(id).toString('base64')}`,
    previous_secret: null, previous_secret_expires_at: null, transform_template: null, created_by_user_id: null,
    last_delivery_at: null, last_success_at: null, last_failure_at: null, health_checked_at: null, failing_since: null, disabled_reason: null,
    is_active: over.isActive ?? true, created_at: now, updated_at: now,
  }).execute();
  return id;
}

/** The permission matrix's inputs for adminWebhooks (issue 9). */
export const adminWebhooksSamples: Record<keyof typeof contracts, SampleInput> = {
  listWebhooks: async () => ({ search: 'matrix', status: 'all' }),
  saveWebhook: async () => ({ name: `Matrix saved ${randomUUID().slice(0, 8)}`, url: 'https://hooks.example.com/saved' }),
  duplicateWebhook: async ({ t }) => ({ webhookId: await freshWebhook(t) }),
  setWebhooksActive: async ({ t }) => ({ webhookIds: [await freshWebhook(t)], isActive: false }),
  deleteWebhooks: async ({ t }) => ({ webhookIds: [await freshWebhook(t)] }),
  rotateWebhookSecret: async ({ t }) => ({ webhookId: await freshWebhook(t) }),
};
