/** Texts of the back-office guard and dashboard (back-office spec, sections 2 and 8). */
export const ADMIN_GUARD_TEXTS = {
  verifying: 'Verifying administrator access...',
  deniedTitle: 'Access denied',
  deniedBody: 'This area is for platform administrators. If you should have access, ask another administrator to grant it, then retry.',
  returnToDashboard: 'Return to Dashboard',
  retry: 'Retry',
  /** The server answered, but not with a verdict. */
  checkFailed: 'Failed to verify admin status',
  /** The server could not be asked (network, time-out). */
  checkError: 'Error verifying admin access',
} as const;

export const ADMIN_DASHBOARD_TEXTS = {
  statsFailed: 'Failed to load system statistics',
  statsFailedWith: (message: string) => `Failed to load statistics: ${message}`,
  syncFailed: 'Failed to sync TLDs',
  syncFailedWith: (message: string) => `TLD sync failed: ${message}`,
  syncCompleted: 'TLD sync completed. Check logs for details.',
  syncStarted: 'TLD sync started. Check logs for details.',
} as const;
