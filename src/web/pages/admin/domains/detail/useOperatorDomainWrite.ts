import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ManagedDomain } from '../../../../../common/admin/domainDetail/contract.ts';
import { callFunction, type FnInput, type FnOutput, type FunctionCallError } from '../../../../api/client.ts';
import { fnKey } from '../../../../api/hooks.ts';

type OperatorWrite = 'adminUpdateDomainContacts' | 'adminUpdateDomainNameservers' | 'applyDomainCorrections';

export const adminDomainDetailKey = (domain: string) => fnKey('adminGetDomainDetails', { domain });

/**
 * A write on one domain from the back office. Each answers with our record as now held, which
 * replaces the page's copy without asking the registrar and the registry again.
 */
export function useOperatorDomainWrite<N extends OperatorWrite>(name: N, domain: string) {
  const client = useQueryClient();
  return useMutation<FnOutput<N>, FunctionCallError, Omit<FnInput<N>, 'domain'>>({
    mutationFn: (data) => callFunction(name, { ...data, domain } as FnInput<N>),
    onSuccess: (answer) => {
      const local: ManagedDomain = (answer as { local: ManagedDomain }).local;
      client.setQueryData(adminDomainDetailKey(domain), (held: FnOutput<'adminGetDomainDetails'> | undefined) => (held ? { ...held, local } : held));
    },
  });
}
