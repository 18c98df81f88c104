import { describe, expect, it } from 'vitest';
import { timeOrderedUuid } from './inventory.ts';

describe('timeOrderedUuid', () => {
  it('is a version 7 UUID, ascending even within one millisecond and past 4,096 of them', () => {
    const ids = Array.from({ length: 5000 }, () => timeOrderedUuid(1_800_000_000_000));
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
