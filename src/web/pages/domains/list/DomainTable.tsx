import { Anchor, Badge, Button, Checkbox, Group, Paper, Table, UnstyledButton } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { DomainListItem } from '../../../../common/contracts/domainManagement.ts';
import type { DomainSortField } from '../../../../common/domains.ts';
import { formatDate } from '../../../components/dateFormat.ts';
import classes from '../../../components/StackedTable.module.css';
import { SkeletonRows } from '../../../components/StackedTable.tsx';
import { domainPath } from './domainPath.ts';
import { DomainStatusBadge } from './DomainStatusBadge.tsx';
import type { DomainSort } from './domainListQuery.ts';

const COLUMNS = ['Domain', 'Status', 'Expires', 'Registered', 'Auto-renew', 'Actions'] as const;
/** Fixed widths beside the name, so skeletons, pages and sorts keep the columns where they were. */
const WIDTHS: Partial<Record<(typeof COLUMNS)[number], number>> = { Status: 190, Expires: 120, Registered: 130, 'Auto-renew': 110, Actions: 170 };
const SORTABLE: Partial<Record<(typeof COLUMNS)[number], DomainSortField>> = {
  Domain: 'domain', Status: 'status', Expires: 'expirationDate', Registered: 'registrationDate',
};

function SortHeader({ label, field, sort, onSort, width, children }: { label: string; field: DomainSortField; sort: DomainSort; onSort(field: DomainSortField): void; width?: number; children?: ReactNode }) {
  const active = sort.sortBy === field;
  const ariaSort = active ? (sort.sortOrder === 'asc' ? 'ascending' : 'descending') : 'none';
  return (
    <Table.Th aria-sort={ariaSort} w={width}>
      <Group gap="xs" wrap="nowrap">
        {children}
        <UnstyledButton onClick={() => onSort(field)} aria-label={`Sort by ${label}`} fw={700} fz="sm">
          {label}
          <span aria-hidden style={{ marginLeft: 4, opacity: active ? 1 : 0.35 }}>{active && sort.sortOrder === 'desc' ? '▼' : '▲'}</span>
        </UnstyledButton>
      </Group>
    </Table.Th>
  );
}

interface DomainTableProps {
  /** null while the first page loads. */
  rows: DomainListItem[] | null;
  sort: DomainSort;
  onSort(field: DomainSortField): void;
  selected: ReadonlySet<string>;
  onSelect(domain: string, selected: boolean): void;
  onSelectAll(selected: boolean): void;
  onRenew(domain: string): void;
  /** A new search or sort is loading: the rows shown are the previous ones. */
  stale: boolean;
}

/** The domains as a table with sortable columns; on a phone each row becomes a card. */
export function DomainTable({ rows, sort, onSort, selected, onSelect, onSelectAll, onRenew, stale }: DomainTableProps) {
  const loaded = rows ?? [];
  const selectedCount = loaded.filter((r) => selected.has(r.domain)).length;
  const allSelected = loaded.length > 0 && selectedCount === loaded.length;

  return (
    <Paper withBorder style={{ opacity: stale ? 0.6 : 1, transition: 'opacity 120ms' }} aria-busy={stale || rows === null}>
      <Table verticalSpacing="sm" aria-label="Domains" className={classes.table} highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <SortHeader label="Domain" field="domain" sort={sort} onSort={onSort}>
              <Checkbox
                aria-label="Select all loaded domains"
                checked={allSelected}
                indeterminate={selectedCount > 0 && !allSelected}
                disabled={loaded.length === 0}
                onChange={(e) => onSelectAll(e.currentTarget.checked)}
              />
            </SortHeader>
            {COLUMNS.slice(1).map((c) => {
              const field = SORTABLE[c];
              return field ? <SortHeader key={c} label={c} field={field} sort={sort} onSort={onSort} width={WIDTHS[c]} /> : <Table.Th key={c} w={WIDTHS[c]} style={{ whiteSpace: 'nowrap' }}>{c}</Table.Th>;
            })}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows === null ? <SkeletonRows columns={COLUMNS} count={6} wide={['Domain']} /> : rows.map((row) => (
            <DomainRow key={row.id} row={row} checked={selected.has(row.domain)} onSelect={onSelect} onRenew={onRenew} />
          ))}
        </Table.Tbody>
      </Table>
    </Paper>
  );
}

function DomainRow({ row, checked, onSelect, onRenew }: { row: DomainListItem; checked: boolean; onSelect(domain: string, selected: boolean): void; onRenew(domain: string): void }) {
  return (
    <Table.Tr bg={checked ? 'var(--mantine-primary-color-light)' : undefined}>
      <Table.Td data-primary>
        <Group gap="sm" wrap="nowrap">
          <Checkbox aria-label={`Select ${row.domain}`} checked={checked} onChange={(e) => onSelect(row.domain, e.currentTarget.checked)} />
          <Anchor component={Link} to={domainPath(row.domain)} fw={600} style={{ overflowWrap: 'anywhere' }}>{row.domain}</Anchor>
        </Group>
      </Table.Td>
      <Table.Td data-label="Status"><DomainStatusBadge status={row.status} expirationDate={row.expirationDate} /></Table.Td>
      <Table.Td data-label="Expires">{formatDate(row.expirationDate)}</Table.Td>
      <Table.Td data-label="Registered">{formatDate(row.registrationDate)}</Table.Td>
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
