import { describe, expect, it } from 'vitest';
import { supersedes } from './invoiceSync.ts';

describe('which invoice report wins', () => {
  it('a later stage wins whenever it arrives; an earlier stage never undoes paid or void', () => {
    expect(supersedes({ status: 'open', clock: 200 }, { status: 'paid', clock: 100 })).toBe(true);
    expect(supersedes({ status: 'paid', clock: 100 }, { status: 'open', clock: 200 })).toBe(false);
    expect(supersedes({ status: 'void', clock: 100 }, { status: 'draft', clock: 300 })).toBe(false);
    expect(supersedes({ status: 'uncollectible', clock: 100 }, { status: 'paid', clock: 100 })).toBe(true);
  });

  it('within a stage, the newer report wins and a repeat of the same one is harmless', () => {
    expect(supersedes({ status: 'open', clock: 100 }, { status: 'open', clock: 101 })).toBe(true);
    expect(supersedes({ status: 'open', clock: 100 }, { status: 'open', clock: 100 })).toBe(true);
    expect(supersedes({ status: 'open', clock: 100 }, { status: 'open', clock: 99 })).toBe(false);
    expect(supersedes({ status: 'paid', clock: 100 }, { status: 'void', clock: 99 })).toBe(false);
  });
});
