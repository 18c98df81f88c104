import { EVENT_CATEGORIES, EVENT_CATEGORY_LABELS } from '../../../../common/admin/webhooks/texts.ts';
import { type CatalogueEntry, eventCatalogue } from '../../../events/catalogue.ts';

/** The catalogue the flow designer reads, by category in the spec's order, types sorted, each with its documented payload. */
export function eventCatalog() {
  const entries: [string, CatalogueEntry][] = Object.entries(eventCatalogue);
  return {
    categories: EVENT_CATEGORIES.map((category) => ({
      category,
      label: EVENT_CATEGORY_LABELS[category],
      types: entries.filter(([, e]) => e.category === category).sort(([a], [b]) => a.localeCompare(b))
        .map(([type, e]) => ({ type, description: e.description, payload: { ...e.payload } })),
    })),
  };
}
