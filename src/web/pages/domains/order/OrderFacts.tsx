import { DataList } from '@mantine/core';
import type { ReactNode } from 'react';
import { formatAmount } from '../../../../common/billing/billing.ts';
import type { DomainOrder } from '../../../../common/domains/ordersContract.ts';
import { COUNTRY_NAMES, type ContactCountry } from '../../../../common/domains/orders.ts';
import { formatDate } from '../../../components/dateFormat.ts';
import { PageSection } from '../../../components/PageSection.tsx';

function Facts({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <DataList labelWidth={140} withDivider>
      {rows.map(([label, value]) => (
        <DataList.Item key={label}>
          <DataList.ItemLabel>{label}</DataList.ItemLabel>
          <DataList.ItemValue style={{ overflowWrap: 'anywhere' }}>{value}</DataList.ItemValue>
        </DataList.Item>
      ))}
    </DataList>
  );
}

const yesNo = (on: boolean) => (on ? 'Yes' : 'No');
const years = (n: number) => `${n} ${n === 1 ? 'year' : 'years'}`;

export function OrderDomainInfo({ order }: { order: DomainOrder }) {
  return (
    <PageSection title="Domain">
      <Facts rows={[
        ['Domain', order.domain],
        ['Order type', order.kind === 'renewal' ? 'Renewal' : 'Registration'],
        ['Period', years(order.registrationYears)],
        ['Privacy protection', yesNo(order.privacyProtection)],
        ['Auto-renew', yesNo(order.autoRenew)],
        ['Ordered by', order.orderedBy ?? 'N/A'],
      ]} />
    </PageSection>
  );
}

export function OrderSummary({ order }: { order: DomainOrder }) {
  const paid = order.paymentStatus === 'paid';
  return (
    <PageSection title="Summary">
      <Facts rows={[
        ['Price per year', formatAmount(order.priceCents, order.currency)],
        ['Period', years(order.registrationYears)],
        [paid ? 'Total paid' : 'Total due', <strong key="total">{formatAmount(order.totalCents, order.currency)}</strong>],
        ['Registrar', order.registrar ?? 'N/A'],
        ['Expires', formatDate(order.expirationDate)],
      ]} />
    </PageSection>
  );
}

/** The registration form's contact; a renewal keeps the domain's contacts and has none of its own. */
export function OrderContact({ order }: { order: DomainOrder }) {
  const c = order.contactInfo;
  if (!c) return null;
  const country = COUNTRY_NAMES[c.country as ContactCountry] ?? c.country;
  return (
    <PageSection title="Contact information">
      <Facts rows={[
        ['Name', `${c.firstName} ${c.lastName}`],
        ...(c.organization ? [['Organization', c.organization] as [string, string]] : []),
        ['Email', c.email],
        ['Phone', c.phone],
        ['Address', [c.address, c.city, `${c.state} ${c.postalCode}`.trim(), country].filter(Boolean).join(', ')],
      ]} />
    </PageSection>
  );
}
