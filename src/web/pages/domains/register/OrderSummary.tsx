import { Group, Skeleton, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { formatAmount } from '../../../../common/billing/billing.ts';
import { yearsText } from './registrationForm.ts';

interface OrderSummaryProps {
  domain: string;
  years: number;
  /** The period's total in cents, as the order will charge it; null while it loads or when there is none. */
  periodTotalCents: number | null;
  /** No price will come (the prices failed to load, the TLD is not sold): a dash instead of a placeholder. */
  priceUnavailable: boolean;
  privacyProtection: boolean;
  autoRenew: boolean;
}

function Line({ label, children, strong = false }: { label: string; children: ReactNode; strong?: boolean }) {
  return (
    <Group
      justify="space-between" wrap="nowrap" align="flex-start" gap="md"
      style={strong ? { borderTop: '1px solid var(--mantine-color-gray-3)', paddingTop: 10, marginTop: 4 } : undefined}
    >
      <Text component="dt" size="sm" c={strong ? undefined : 'dimmed'} fw={strong ? 700 : undefined}>{label}</Text>
      <Text component="dd" m={0} size="sm" fw={strong ? 700 : 500} ta="right" style={{ overflowWrap: 'anywhere' }}>{children}</Text>
    </Group>
  );
}


/**
 * What the order will be: the name, period, options and the period's total. The average per year
 * is shown beside it: a multi-year period costs the renew price after the first year, so it is
 * not the first year's price.
 */
export function OrderSummary({ domain, years, periodTotalCents, priceUnavailable, privacyProtection, autoRenew }: OrderSummaryProps) {
  const money = (cents: number | null) => {
    if (cents !== null) return formatAmount(cents);
    return priceUnavailable ? '—' : <Skeleton height={14} width={64} mt={3} aria-label="Loading price" />;
  };
  return (
    <Stack gap={8} component="dl" m={0}>
      <Line label="Domain">{domain}</Line>
      <Line label="Period">{yearsText(years)}</Line>
      <Line label={years === 1 ? 'Price per year' : 'Average per year'}>{money(periodTotalCents === null ? null : Math.ceil(periodTotalCents / years))}</Line>
      <Line label="Privacy protection">{privacyProtection ? 'On' : 'Off'}</Line>
      <Line label="Auto-renew">{autoRenew ? 'On' : 'Off'}</Line>
      <Line label="Total" strong>{money(periodTotalCents)}</Line>
    </Stack>
  );
}
