import { Anchor, Badge, Button, Checkbox, Group, Table } from '@mantine/core';
import { Link } from 'react-router';
import type { DomainListItem } from '../../../../common/domains/managementContract.ts';
import { RelativeTime } from '../../../components/RelativeTime.tsx';
import classes from '../../../components/StackedTable.module.css';
import { domainPath } from './domainPath.ts';
import { DomainStatusBadge } from './DomainStatusBadge.tsx';

export const DOMAIN_COLUMNS = ['Domain', 'Status', 'Expires', 'Registered', 'Auto-renew', 'Actions'] as const;
/** Fixed widths beside the name, so skeletons, pages and sorts keep the columns where they were. */
export const DOMAIN_COLUMN_WIDTHS = { Status: 190, Expires: 120, Registered: 130, 'Auto-renew': 110, Actions: 170 };
/** The columns the list sorts by, with listDomains' sort field of each. */
export const DOMAIN_SORTABLE = { Domain: 'domain', Status: 'status', Expires: 'expirationDate', Registered: 'registrationDate' };

interface DomainRowProps {
  row: DomainListItem;
  checked: boolean;
  onSelect(domain: string, selected: boolean): void;
  onRenew(domain: string): void;
}

/** One domain of the list; on a phone a card, its box and name on the first line. */
export function DomainRow({ row, checked, onSelect, onRenew }: DomainRowProps) {
  return (
    <Table.Tr bg={checked ? 'var(--mantine-primary-color-light)' : undefined}>
      <Table.Td data-primary>
        <Group gap="sm" wrap="nowrap">
          <Checkbox aria-label={`Select ${row.domain}`} checked={checked} onChange={(e) => onSelect(row.domain, e.currentTarget.checked)} />
          <Anchor component={Link} to={domainPath(row.domain)} fw={600} style={{ overflowWrap: 'anywhere' }}>{row.domain}</Anchor>
        </Group>
      </Table.Td>
      <Table.Td data-label="Status"><DomainStatusBadge status={row.status} expirationDate={row.expirationDate} /></Table.Td>
      <Table.Td data-label="Expires"><RelativeTime value={row.expirationDate} withTime={false} /></Table.Td>
      <Table.Td data-label="Registered"><RelativeTime value={row.registrationDate} withTime={false} /></Table.Td>
      <Table.Td data-label="Auto-renew">
        <Badge variant="light" color={row.autoRenew ? 'green' : 'gray'} className={classes.badge}>{row.autoRenew ? 'On' : 'Off'}</Badge>
      </Table.Td>
      <Table.Td>
        <Group gap="xs" wrap="nowrap" justify="flex-end" w="100%">
          <Button component={Link} to={domainPath(row.domain)} size="compact-sm" variant="default" aria-label={`Manage ${row.domain}`}>Manage</Button>
          <Button size="compact-sm" variant="light" disabled={row.status !== 'active'} onClick={() => onRenew(row.domain)} aria-label={`Renew ${row.domain}`}>Renew</Button>
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}
