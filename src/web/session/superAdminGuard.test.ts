import { describe, expect, it } from 'vitest';
import { ADMIN_GUARD_TEXTS } from '../../common/admin/dashboard/texts.ts';
import { guardState } from './superAdminGuard.ts';

const answered = (isSuperAdmin: boolean) => ({ pending: false, error: null, isSuperAdmin });
const failedWith = (code: string, message = 'Server said no.') => ({ pending: false, error: { code, message }, isSuperAdmin: undefined });
const pending = { pending: true, error: null, isSuperAdmin: undefined };

describe('the back-office guard', () => {
  it('verifies while the session is not known yet, and while the server has not answered', () => {
    expect(guardState({ sessionLoading: true, signedIn: false, check: pending })).toEqual({ kind: 'verifying' });
    expect(guardState({ sessionLoading: false, signedIn: true, check: pending })).toEqual({ kind: 'verifying' });
  });

  it('sends a signed-out visitor to sign in, also when their session ended since the page loaded', () => {
    expect(guardState({ sessionLoading: false, signedIn: false, check: pending })).toEqual({ kind: 'signedOut' });
    expect(guardState({ sessionLoading: false, signedIn: true, check: failedWith('unauthenticated') })).toEqual({ kind: 'signedOut' });
  });

  it('lets a super admin in and shows anyone else the Access Denied card', () => {
    expect(guardState({ sessionLoading: false, signedIn: true, check: answered(true) })).toEqual({ kind: 'allowed' });
    expect(guardState({ sessionLoading: false, signedIn: true, check: answered(false) })).toEqual({ kind: 'denied' });
  });

  it('says the check failed when the server answered with an error, and that it could not verify when unreachable', () => {
    expect(guardState({ sessionLoading: false, signedIn: true, check: failedWith('internal', 'Boom.') }))
      .toEqual({ kind: 'failed', text: ADMIN_GUARD_TEXTS.checkFailed, detail: 'Boom.' });
    expect(guardState({ sessionLoading: false, signedIn: true, check: failedWith('unavailable') }))
      .toMatchObject({ kind: 'failed', text: ADMIN_GUARD_TEXTS.checkError });
    expect(guardState({ sessionLoading: false, signedIn: true, check: failedWith('deadline-exceeded') }))
      .toMatchObject({ kind: 'failed', text: ADMIN_GUARD_TEXTS.checkError });
  });

  it('never lets anyone in on a failure, even with an earlier answer cached', () => {
    const stale = { pending: false, error: { code: 'internal', message: 'x' }, isSuperAdmin: true };
    expect(guardState({ sessionLoading: false, signedIn: true, check: stale }).kind).toBe('failed');
  });
});
