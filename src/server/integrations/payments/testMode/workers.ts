import type { Services } from '../../../rpc/context.ts';

/** The test-mode provider's own jobs (its event deliveries, its renewals). */
export async function registerTestModeWorkers(_services: Services): Promise<void> {
}
