import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { TEST_EVENT_TEMPLATES } from '../../common/admin/events/texts.ts';
import { EVENT_CATEGORIES } from '../../common/admin/webhooks/texts.ts';
import { eventCatalogue, isEventType } from './catalogue.ts';

const SERVER = join(import.meta.dirname, '..');
const TYPE = /'((?:user|payment|order|domain|hosting|system|support|admin)\.[a-z_]+(?:\.[a-z_]+)*)'/g;

/** The server's source files that record events (tests left out). */
function eventWriters(): string[] {
  return readdirSync(SERVER, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && !file.endsWith('catalogue.ts'))
    .map((file) => readFileSync(join(SERVER, file), 'utf8'))
    .filter((source) => source.includes('recordEvent('));
}

/**
 * Every event type literal in those files: `type: '…'`, either side of a `type: x ? '…' : '…'`,
 * and types handed to a helper that records them (e.g. billing's report(…, 'payment.subscription.created', …)).
 * Lines naming an audit action are left out: those are audit codes, not event types.
 */
function recordedTypes(): string[] {
  return eventWriters().flatMap((source) => source.split('\n')
    .filter((line) => !/\baction:/.test(line))
    .flatMap((line) => [...line.matchAll(TYPE)].map((m) => m[1])));
}

describe('event catalogue', () => {
  it('lists every type the server records, so flows, the designer and receivers know each one', () => {
    const types = [...new Set(recordedTypes())];
    expect(types.length).toBeGreaterThan(30);
    expect(types.filter((type) => !isEventType(type))).toEqual([]);
  });

  it('documents each type: a category of the spec\'s seven (and hosting), a description and every payload field', () => {
    for (const [type, entry] of Object.entries(eventCatalogue)) {
      expect(EVENT_CATEGORIES, type).toContain(entry.category);
      expect(type.startsWith(`${entry.category}.`), `${type} is named after its category`).toBe(true);
      expect(entry.description.length, type).toBeGreaterThan(10);
      const fields = Object.entries(entry.payload);
      expect(fields.length, `${type} has payload docs`).toBeGreaterThan(0);
      for (const [field, text] of fields) expect(text.trim().length, `${type}.${field}`).toBeGreaterThan(3);
    }
    expect(new Set(Object.values(eventCatalogue).map((e) => e.category))).toEqual(new Set(EVENT_CATEGORIES));
  });

  it('gives the test sender four templates of catalogue types in different categories, with documented fields only', () => {
    const templates = Object.values(TEST_EVENT_TEMPLATES);
    expect(templates).toHaveLength(4);
    const categories = new Set<string>();
    for (const template of templates) {
      expect(isEventType(template.eventType), template.eventType).toBe(true);
      const entry = eventCatalogue[template.eventType];
      categories.add(entry.category);
      expect(Object.keys(template.payload).filter((field) => !(field in entry.payload)), template.eventType).toEqual([]);
    }
    expect(categories.size).toBe(4);
  });
});
