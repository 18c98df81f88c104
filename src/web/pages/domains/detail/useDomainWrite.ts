import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DomainDetail } from '../../../../common/domains/managementContract.ts';
import { callFunction, type FnInput, type FnOutput, type FunctionCallError } from '../../../api/client.ts';
import { fnKey } from '../../../api/hooks.ts';

type DomainWrite = 'updateDomainContacts' | 'updateDomainNameservers' | 'updateDomainAutoRenew' | 'setDomainLock' | 'setDomainPrivacy' | 'verifyManagedDomain';

export const domainDetailKey = (domain: string) => fnKey('getDomainDetails', { domain });

/**
 * A write on one domain. Each answers with the domain as now held (`local`), which replaces the
 * page's copy at once; the list is refreshed for when the customer goes back to it.
 */
export function useDomainWrite<N extends DomainWrite>(name: N, domain: string) {
  const client = useQueryClient();
  return useMutation<FnOutput<N>, FunctionCallError, Omit<FnInput<N>, 'domain'>>({
    mutationFn: (data) => callFunction(name, { ...data, domain } as FnInput<N>),
    onSuccess: async (answer) => {
      const local: DomainDetail = (answer as { local: DomainDetail }).local;
      client.setQueryData(domainDetailKey(domain), { success: true, local, message: null });
      await client.invalidateQueries({ queryKey: ['listDomains'] });
    },
  });
}
