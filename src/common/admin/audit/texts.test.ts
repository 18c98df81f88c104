import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AUDIT_ACTION_LABELS, AUDIT_TARGET_TYPES } from './texts.ts';

const SERVER = join(import.meta.dirname, '..', '..', '..', 'server');

/** The server's source files that write audit entries (tests left out). */
function auditWriters(): string[] {
  return readdirSync(SERVER, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
    .map((file) => readFileSync(join(SERVER, file), 'utf8'));
}

describe('audit log labels', () => {
  const sources = auditWriters().join('\n');

  it('names every action the server records, so the operator never reads a raw code alone', () => {
    const actions = [...sources.matchAll(/\baction: '([a-z_]+\.[a-z_]+)'/g)].map((m) => m[1]);
    expect(actions.length).toBeGreaterThan(20);
    expect([...new Set(actions)].filter((action) => !(action in AUDIT_ACTION_LABELS))).toEqual([]);
  });

  it('offers every target type the server records in the target filter', () => {
    const types = [...sources.matchAll(/target: \{ type: '([a-z_]+)'/g)].map((m) => m[1]);
    expect(types.length).toBeGreaterThan(20);
    expect([...new Set(types)].filter((type) => !(AUDIT_TARGET_TYPES as readonly string[]).includes(type))).toEqual([]);
  });
});
