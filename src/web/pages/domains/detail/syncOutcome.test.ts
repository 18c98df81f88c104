import { describe, expect, it } from 'vitest';
import type { SyncResult } from '../../../../common/domains/managementContract.ts';
import { fieldWords, syncOutcome } from './syncOutcome.ts';

const result = (over: Partial<SyncResult> = {}): SyncResult => ({
  domain: 'shop.com', success: true, registrar: null, registrarError: null, rdap: null, rdapError: null, changed: [], ...over,
});

describe('syncOutcome', () => {
  it('says what changed, each field in words once', () => {
    expect(syncOutcome(true, result({ changed: ['expirationDate', 'nameservers', 'autoRenew', 'autoRenewEnabled'] })))
      .toEqual({ kind: 'changed', text: 'Updated from the registrar: expiry date, nameservers, auto-renew.', notes: [] });
  });

  it('says Already up to date when nothing changed', () => {
    expect(syncOutcome(true, result())).toEqual({ kind: 'unchanged', text: 'Already up to date', notes: [] });
  });

  it('gives the registrar\'s reason for a failure, else the RDAP one, else a sentence of its own', () => {
    expect(syncOutcome(false, result({ registrarError: 'The registrar is not reachable right now.', rdapError: 'No RDAP.' })))
      .toEqual({ kind: 'failed', reason: 'The registrar is not reachable right now.' });
    expect(syncOutcome(false, result({ rdapError: 'No RDAP.' }))).toEqual({ kind: 'failed', reason: 'No RDAP.' });
    expect(syncOutcome(false, result())).toEqual({ kind: 'failed', reason: 'The domain could not be read at its registrar.' });
  });

  it('keeps a sync that half worked, with a note on the source that did not answer', () => {
    const outcome = syncOutcome(true, result({ rdapError: 'The RDAP server did not answer.' }));
    expect(outcome).toEqual({ kind: 'unchanged', text: 'Already up to date', notes: ['The public WHOIS (RDAP) record could not be read: The RDAP server did not answer.'] });
  });

  it('turns an unknown field name into words', () => {
    expect(fieldWords('transferLockUntil')).toBe('transfer lock until');
  });
});
