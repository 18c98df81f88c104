import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../config.ts';

const load = (env: Record<string, string> = {}) => loadConfig({ DATA_DIR: mkdtempSync(join(tmpdir(), 'portal-hosting-config-')), ...env });

describe('the lifecycle\'s timings in the configuration', () => {
  it('suspend after 3 days past due and terminate 14 days after the end, unless told', () => {
    expect(load()).toMatchObject({ HOSTING_SUSPEND_GRACE_DAYS: 3, HOSTING_TERMINATE_AFTER_DAYS: 14 });
    expect(load({ HOSTING_SUSPEND_GRACE_DAYS: '0', HOSTING_TERMINATE_AFTER_DAYS: '30' }))
      .toMatchObject({ HOSTING_SUSPEND_GRACE_DAYS: 0, HOSTING_TERMINATE_AFTER_DAYS: 30 });
  });

  it('refuses what is not a whole number of days in range, naming the variable', () => {
    const cases: [Record<string, string>, string][] = [
      [{ HOSTING_SUSPEND_GRACE_DAYS: '-1' }, 'HOSTING_SUSPEND_GRACE_DAYS must be a whole number from 0 to 365'],
      [{ HOSTING_SUSPEND_GRACE_DAYS: '2.5' }, 'HOSTING_SUSPEND_GRACE_DAYS must be a whole number from 0 to 365'],
      [{ HOSTING_TERMINATE_AFTER_DAYS: 'two weeks' }, 'HOSTING_TERMINATE_AFTER_DAYS must be a whole number from 0 to 3650'],
      [{ HOSTING_TERMINATE_AFTER_DAYS: '4000' }, 'HOSTING_TERMINATE_AFTER_DAYS must be a whole number from 0 to 3650'],
    ];
    for (const [env, message] of cases) expect(() => load(env)).toThrow(`Invalid configuration: ${message}`);
  });
});
