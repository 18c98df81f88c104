import { EVENT_CATEGORIES, EVENT_CATEGORY_LABELS } from '../../../common/adminWebhooksTexts.ts';
import { eventCatalogue } from '../../events/catalogue.ts';

/**
 * The catalogue the flow designer reads, by category in the spec's order, types sorted. Each
 * entry's documented payload (field → what it holds) is read defensively: entries without one
 * show no fields rather than failing.
 */
export function eventCatalog() {
  const entries = Object.entries(eventCatalogue) as [string, { category: string; description: string; payload?: Record<string, string> }][];
  return {
    categories: EVENT_CATEGORIES.map((category) => ({
      category,
      label: EVENT_CATEGORY_LABELS[category],
      types: entries.filter(([, e]) => e.category === category).sort(([a], [b]) => a.localeCompare(b))
        .map(([type, e]) => ({ type, description: e.description, payload: 'payload' in e && e.payload ? { ...e.payload } : {} })),
    })),
  };
}
