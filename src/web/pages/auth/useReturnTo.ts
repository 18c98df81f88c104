import { useLocation, useSearchParams } from 'react-router';
import { safeReturnPath } from '../../../common/returnPath.ts';

/**
 * Where to go once signed in: `?next=` (a deep link survives a reload and the e-mail round trip)
 * or the page a route guard came from. Only paths on this site; anything else is home.
 */
export function useReturnTo(): { returnTo: string; nextQuery: string } {
  const [params] = useSearchParams();
  const location = useLocation();
  const fromState = (location.state as { from?: unknown } | null)?.from;
  const returnTo = safeReturnPath(params.get('next') ?? fromState);
  return { returnTo, nextQuery: returnTo === '/' ? '' : `?next=${encodeURIComponent(returnTo)}` };
}
