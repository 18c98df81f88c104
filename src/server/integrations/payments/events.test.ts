import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { HANDLED_PAYMENT_EVENTS } from './events.ts';

describe('the events to select when registering the Stripe webhook', () => {
  it('README.md lists exactly the events the portal handles', () => {
    const readme = readFileSync(join(import.meta.dirname, '..', '..', '..', '..', 'README.md'), 'utf8');
    const listed = /select these events:([\s\S]*?)\. Its signing secret/.exec(readme)?.[1] ?? '';
    expect([...listed.matchAll(/`([a-z_.]+)`/g)].map((m) => m[1])).toEqual([...HANDLED_PAYMENT_EVENTS]);
  });
});
