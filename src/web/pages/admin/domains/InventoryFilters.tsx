import { Button, Checkbox, Select, Stack, TextInput } from '@mantine/core';
import { DOMAIN_STATUSES } from '../../../../common/domains/domains.ts';
import { MANAGEMENT_MODE_LABELS, MANAGEMENT_MODES, UNASSIGNED } from '../../../../common/admin/domainInventory/texts.ts';
import { domainStatusLabel } from '../../../components/labels.ts';
import { ListToolbar } from '../../../components/resourceList/ListToolbar.tsx';
import type { UrlFilters } from '../../../components/resourceList/useUrlFilters.ts';
import { AccountFilter } from '../accounts/AccountFilter.tsx';
import { useRegistrarOptions } from './RegistrarSelect.tsx';

export const INVENTORY_FILTER_KEYS = ['search', 'registrar', 'mode', 'status', 'account', 'sortBy', 'sortOrder'] as const;
type Key = (typeof INVENTORY_FILTER_KEYS)[number];

const MODE_OPTIONS = MANAGEMENT_MODES.map((value) => ({ value, label: MANAGEMENT_MODE_LABELS[value] }));
const STATUS_OPTIONS = DOMAIN_STATUSES.map((value) => ({ value, label: domainStatusLabel(value) }));

/** Search, registrar, mode, status and account, kept in the address; Reset puts them all back. */
export function InventoryFilters({ filters }: { filters: UrlFilters<Key> }) {
  const registrars = useRegistrarOptions();
  const unassigned = filters.values.account === UNASSIGNED;
  return (
    <Stack gap="xs">
      <ListToolbar label="Filter domains">
        <TextInput label="Search" placeholder="Domain starts with" type="search" style={{ flex: '2 1 200px' }} {...filters.input('search')} />
        <Select label="Registrar" placeholder="All registrars" data={registrars} clearable style={{ flex: '1 1 160px' }} {...filters.choice('registrar')} />
        <Select label="Mode" placeholder="All modes" data={MODE_OPTIONS} clearable style={{ flex: '1 1 120px' }} {...filters.choice('mode')} />
        <Select label="Status" placeholder="All statuses" data={STATUS_OPTIONS} clearable style={{ flex: '1 1 130px' }} {...filters.choice('status')} />
      </ListToolbar>
      <div style={{ maxWidth: 420 }}>
        {!unassigned && <AccountFilter accountId={filters.values.account} onChange={(id) => filters.set('account', id)} />}
      </div>
      <Checkbox label="Unassigned only" checked={unassigned} onChange={(e) => filters.set('account', e.currentTarget.checked ? UNASSIGNED : null)} />
      <div>
        <Button variant="default" size="xs" onClick={filters.clear} disabled={!filters.filtered}>Reset</Button>
      </div>
    </Stack>
  );
}
