import { Skeleton, Table, Text } from '@mantine/core';
import { formatAmount } from '../../../../common/billing/billing.ts';
import { PRICING_PANEL_SIZE, pricingPanel, tldLabel } from '../../../../common/domains/search.ts';
import { LoadFailedAlert } from '../../../components/LoadFailedAlert.tsx';
import { PageSection } from '../../../components/PageSection.tsx';
import { PRICING_LOAD_FAILED } from './resultDisplay.ts';

interface PricingPanelProps {
  /** TLD to cents per year; null while loading or after a failure. */
  pricedTlds: Readonly<Record<string, number>> | null;
  failed: boolean;
  onRetry(): void;
}

/** Our registration prices per year: the first 10 in priority order and how many more we sell. */
export function PricingPanel({ pricedTlds, failed, onRetry }: PricingPanelProps) {
  let body;
  if (failed) body = <LoadFailedAlert onRetry={onRetry}>{PRICING_LOAD_FAILED}</LoadFailedAlert>;
  else if (!pricedTlds) {
    body = (
      <Table aria-hidden verticalSpacing={6}>
        <Table.Tbody>
          {Array.from({ length: PRICING_PANEL_SIZE }, (_, i) => (
            <Table.Tr key={i}>
              <Table.Td><Skeleton height={14} width={48} /></Table.Td>
              <Table.Td><Skeleton height={14} width={64} ml="auto" /></Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    );
  } else {
    const { shown, moreCount } = pricingPanel(pricedTlds);
    body = shown.length === 0 ? <Text size="sm">No extensions can be registered right now.</Text> : (
      <>
        <Table aria-label="Prices per year" verticalSpacing={6}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Extension</Table.Th>
              <Table.Th ta="right">Per year</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {shown.map(({ tld, priceCents }) => (
              <Table.Tr key={tld}>
                <Table.Td>{tldLabel(tld)}</Table.Td>
                <Table.Td ta="right">{formatAmount(priceCents)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        {moreCount > 0 && <Text size="sm" c="dimmed">and {moreCount} more</Text>}
      </>
    );
  }
  return <PageSection title="Pricing" gap="sm">{body}</PageSection>;
}
