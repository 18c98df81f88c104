import type { FunctionCallError } from '../../api/client.ts';

/** The spec's dashboard texts (section 8), by what went wrong. */
export function dashboardErrorMessage(error: FunctionCallError): string {
  switch (error.code) {
    case 'not-found':
    case 'permission-denied':
      return 'Could not load account details for your membership.';
    case 'unavailable':
    case 'deadline-exceeded':
      return 'Failed to load dashboard services. Please refresh.';
    default:
      return 'Could not load all dashboard data.';
  }
}
