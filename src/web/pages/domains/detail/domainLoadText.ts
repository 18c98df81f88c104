import { DOMAIN_LOAD_FAILED, DOMAIN_NOT_FOUND } from '../../../../common/domains/domains.ts';

/**
 * Not found, and a name that cannot be a domain at all (a mistyped address), both mean there is
 * no such domain here; anything else is a load failure worth retrying.
 */
export function domainLoadText(code: string): { text: string; retry: boolean } {
  if (code === 'not-found' || code === 'invalid-argument') return { text: DOMAIN_NOT_FOUND, retry: false };
  return { text: DOMAIN_LOAD_FAILED, retry: true };
}
