import type { Services } from '../../rpc/context.ts';

/** On first start in test mode, a catalogue to start from (three hosting plans, monthly and yearly). */
export async function ensureStarterCatalog(_services: Services): Promise<void> {
}
