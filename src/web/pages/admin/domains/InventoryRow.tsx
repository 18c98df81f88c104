import { Badge, Button, Checkbox, Group, Table, Text } from '@mantine/core';
import type { ManagedDomainRow } from '../../../../common/admin/domainInventory/contract.ts';
import { MANAGEMENT_MODE_LABELS } from '../../../../common/admin/domainInventory/texts.ts';
import { formatDate } from '../../../components/dateFormat.ts';
import { domainStatusLabel } from '../../../components/labels.ts';
import { RowLink } from '../../../components/resourceList/RowLink.tsx';
import classes from '../../../components/StackedTable.module.css';
import { adminPath } from '../adminPaths.ts';
import { adminDomainPath } from './inventoryPaths.ts';

export const INVENTORY_COLUMNS = ['Select', 'Domain', 'Account', 'Registrar', 'Mode', 'Expiry', 'Auto-renew', 'Actions'] as const;
export const INVENTORY_COLUMN_WIDTHS = { Select: 48, Mode: 90, Expiry: 120, 'Auto-renew': 100, Actions: 200 };
/** The columns the list sorts by, with listManagedDomains' sort field of each. */
export const INVENTORY_SORTABLE = { Domain: 'domain', Expiry: 'expiryAt' };

interface InventoryRowProps {
  row: ManagedDomainRow;
  checked: boolean;
  onSelect(domain: string, selected: boolean): void;
  onVerify(domain: string): void;
  onChangeAccount(row: ManagedDomainRow): void;
}

export function InventoryRow({ row, checked, onSelect, onVerify, onChangeAccount }: InventoryRowProps) {
  return (
    <Table.Tr bg={checked ? 'var(--mantine-primary-color-light)' : undefined}>
      <Table.Td data-label="Select">
        <Checkbox aria-label={`Select ${row.domain}`} checked={checked} onChange={(e) => onSelect(row.domain, e.currentTarget.checked)} />
      </Table.Td>
      <Table.Td data-primary>
        <RowLink to={adminDomainPath(row.domain)}>{row.domain}</RowLink>
        {row.status !== 'active' && <Text size="xs" c="dimmed">{domainStatusLabel(row.status)}</Text>}
      </Table.Td>
      <Table.Td data-label="Account">
        {row.accountId
          ? <RowLink to={adminPath('accounts', row.accountId)} secondary>{row.accountName ?? row.accountId}</RowLink>
          : <Text size="sm" c="dimmed">Unassigned</Text>}
      </Table.Td>
      <Table.Td data-label="Registrar"><Text size="sm">{row.registrarName}</Text></Table.Td>
      <Table.Td data-label="Mode">
        <Badge variant="light" color={row.managementMode === 'api' ? 'blue' : 'gray'} className={classes.badge}>{MANAGEMENT_MODE_LABELS[row.managementMode]}</Badge>
      </Table.Td>
      <Table.Td data-label="Expiry" style={{ whiteSpace: 'nowrap' }}>{row.expiryAt ? formatDate(row.expiryAt) : '—'}</Table.Td>
      <Table.Td data-label="Auto-renew">
        <Badge variant="light" color={row.autoRenewEnabled ? 'green' : 'gray'} className={classes.badge}>{row.autoRenewEnabled ? 'On' : 'Off'}</Badge>
      </Table.Td>
      <Table.Td>
        <Group gap="xs" wrap="nowrap" justify="flex-end" w="100%">
          <Button size="compact-sm" variant="default" onClick={() => onVerify(row.domain)} aria-label={`Verify ${row.domain}`}>Verify</Button>
          <Button size="compact-sm" variant="light" onClick={() => onChangeAccount(row)} aria-label={`Change account of ${row.domain}`}>Change account</Button>
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}
