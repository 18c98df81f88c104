import { Table } from '@mantine/core';
import type { FieldDiff } from '../../../../../common/admin/domainDetail/contract.ts';
import { PageSection } from '../../../../components/PageSection.tsx';
import { StackedTable } from '../../../../components/StackedTable.tsx';
import { comparedValueLabel, FIELD_LABELS, type SupplierNames } from './comparedValues.ts';
import { DiffBadges } from './DiffBadges.tsx';

/** Compare Data: our database beside the supplier's and the registry's answer, field by field. */
export function ComparisonTable({ diffs, suppliers }: { diffs: FieldDiff[]; suppliers: SupplierNames }) {
  return (
    <PageSection title="Compare Data">
      <StackedTable label="Our record compared with the supplier and WHOIS" columns={['Field', 'Our Database', 'Supplier', 'WHOIS', 'Result']}>
        {diffs.map((diff) => (
          <Table.Tr key={diff.field}>
            <Table.Td data-primary>{FIELD_LABELS[diff.field]}</Table.Td>
            <Table.Td data-label="Our Database">{comparedValueLabel(diff.field, diff.local, suppliers)}</Table.Td>
            <Table.Td data-label="Supplier">{comparedValueLabel(diff.field, diff.supplier, suppliers)}</Table.Td>
            <Table.Td data-label="WHOIS">{comparedValueLabel(diff.field, diff.whois, suppliers)}</Table.Td>
            <Table.Td data-label="Result"><DiffBadges diff={diff} /></Table.Td>
          </Table.Tr>
        ))}
      </StackedTable>
    </PageSection>
  );
}
