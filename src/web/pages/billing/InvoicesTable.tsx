import { Anchor, Badge, Button, Group, Table } from '@mantine/core';
import { Link } from 'react-router';
import { formatAmount } from '../../../common/billing/billing.ts';
import type { InvoiceSummary } from '../../../common/billing/contract.ts';
import { INVOICES_LOAD_FAILED } from '../../api/errorTexts.ts';
import { useKeysetPages } from '../../api/useKeysetPages.ts';
import { InvoiceStatusBadge } from '../../components/badges/BillingStatusBadges.tsx';
import { formatDate } from '../../components/dateFormat.ts';
import { RelativeTime } from '../../components/RelativeTime.tsx';
import { ResourceList } from '../../components/resourceList/ResourceList.tsx';
import { invoicePdfFileName, invoicePdfPath } from './invoicePdfPath.ts';

const COLUMNS = ['Number', 'Date', 'Amount', 'Status', 'Period', 'PDF'];
const NUMERIC = ['Amount'];

/** The key of every page of an account's invoices (whatever else the list asks): the live topic refreshes it with the overview. */
export const invoicesKey = (accountId: string) => ['listInvoices', 'pages', { accountId }];

const period = (invoice: InvoiceSummary) =>
  (invoice.periodStart || invoice.periodEnd ? `${formatDate(invoice.periodStart)} – ${formatDate(invoice.periodEnd)}` : '—');

function InvoiceRow({ invoice }: { invoice: InvoiceSummary }) {
  return (
    <Table.Tr>
      <Table.Td data-primary style={{ overflowWrap: 'anywhere' }}>{invoice.number}</Table.Td>
      <Table.Td data-label="Date"><RelativeTime value={invoice.invoiceDate} withTime={false} /></Table.Td>
      <Table.Td data-label="Amount" ta="right">{formatAmount(invoice.amountCents, invoice.currency)}</Table.Td>
      <Table.Td data-label="Status">
        <Group gap={4}>
          <InvoiceStatusBadge status={invoice.status} />
          {invoice.refundedCents > 0 && (
            <Badge color="gray" variant="light" title={`${formatAmount(invoice.refundedCents, invoice.currency)} refunded`}>
              {invoice.refundedCents >= invoice.amountCents ? 'Refunded' : 'Partly refunded'}
            </Badge>
          )}
        </Group>
      </Table.Td>
      <Table.Td data-label="Period">{period(invoice)}</Table.Td>
      <Table.Td data-label="PDF">
        <Anchor size="sm" href={invoicePdfPath(invoice.id)} download={invoicePdfFileName(invoice.number)} aria-label={`Download PDF of invoice ${invoice.number}`}>
          Download PDF
        </Anchor>
      </Table.Td>
    </Table.Tr>
  );
}

/** The account's invoices, newest first, a page at a time. */
export function InvoicesTable({ accountId }: { accountId: string }) {
  const invoices = useKeysetPages('listInvoices', { accountId }, 'cursor');
  const rows = invoices.data?.pages.flatMap((p) => p.invoices) ?? [];
  return (
    <ResourceList
      label="Invoices" columns={COLUMNS} numeric={NUMERIC}
      query={invoices} rows={rows} renderRow={(invoice) => <InvoiceRow key={invoice.id} invoice={invoice} />}
      skeleton={{ count: 2 }}
      failure={INVOICES_LOAD_FAILED}
      empty={{
        title: 'No invoices yet.',
        hint: 'Every payment for a plan gives an invoice here, ready to download as a PDF.',
        actions: <Button component={Link} to="/services" variant="light">See the plans</Button>,
      }}
    />
  );
}
