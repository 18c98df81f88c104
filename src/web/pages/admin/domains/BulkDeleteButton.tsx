import { Button } from '@mantine/core';
import { CONFIRM_BULK_DELETE } from '../../../../common/admin/domainInventory/texts.ts';
import { callFunction } from '../../../api/client.ts';
import type { DomainRunState } from './useDomainRun.ts';

/** Bulk Delete: asks the spec's question, then one deleteDomain per selected domain. */
export function BulkDeleteButton({ domains, running, run }: {
  domains: string[];
  running: boolean;
  run(domains: readonly string[], call: (domain: string) => Promise<unknown>): Promise<DomainRunState>;
}) {
  const remove = () => {
    // A native confirm: the spec's exact question, answered before anything is sent.
    if (!window.confirm(CONFIRM_BULK_DELETE)) return;
    void run(domains, (domain) => callFunction('deleteDomain', { domain }));
  };
  return <Button color="red" variant="light" disabled={domains.length === 0} loading={running} onClick={remove}>Bulk Delete</Button>;
}
