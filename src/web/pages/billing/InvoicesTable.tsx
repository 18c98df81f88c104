import { Alert, Anchor, Button, Center, Paper, Stack, Table, Text } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { formatAmount } from '../../../common/billing.ts';
import type { InvoiceSummary } from '../../../common/contracts/billing.ts';
import { callFunction } from '../../api/client.ts';
import { INVOICES_LOAD_FAILED } from '../../api/errorTexts.ts';
import { InvoiceStatusBadge } from '../../components/BillingStatusBadges.tsx';
import { formatDate } from '../../components/dateFormat.ts';
import { SkeletonRows, StackedTable } from '../../components/StackedTable.tsx';
import { invoicePdfFileName, invoicePdfPath } from './invoicePdfPath.ts';
import { LoadFailedAlert } from '../../components/LoadFailedAlert.tsx';

const COLUMNS = ['Number', 'Date', 'Amount', 'Status', 'Period', 'PDF'];
const NUMERIC = ['Amount'];

/** The key of every page of an account's invoices: the live topic refreshes it with the overview. */
export const invoicesKey = (accountId: string) => ['listInvoices', 'pages', accountId];

function useInvoices(accountId: string) {
  return useInfiniteQuery({
    queryKey: invoicesKey(accountId),
    queryFn: ({ pageParam }) => callFunction('listInvoices', { accountId, cursor: pageParam }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

const period = (invoice: InvoiceSummary) =>
  (invoice.periodStart || invoice.periodEnd ? `${formatDate(invoice.periodStart)} – ${formatDate(invoice.periodEnd)}` : '—');

function InvoiceRow({ invoice }: { invoice: InvoiceSummary }) {
  return (
    <Table.Tr>
      <Table.Td data-primary style={{ overflowWrap: 'anywhere' }}>{invoice.number}</Table.Td>
      <Table.Td data-label="Date">{formatDate(invoice.invoiceDate)}</Table.Td>
      <Table.Td data-label="Amount" ta="right">{formatAmount(invoice.amountCents, invoice.currency)}</Table.Td>
      <Table.Td data-label="Status"><InvoiceStatusBadge status={invoice.status} /></Table.Td>
      <Table.Td data-label="Period">{period(invoice)}</Table.Td>
      <Table.Td data-label="PDF">
        <Anchor size="sm" href={invoicePdfPath(invoice.id)} download={invoicePdfFileName(invoice.number)} aria-label={`Download PDF of invoice ${invoice.number}`}>
          Download PDF
        </Anchor>
      </Table.Td>
    </Table.Tr>
  );
}

function NoInvoices() {
  return (
    <Paper withBorder p="lg">
      <Stack align="center" gap="xs" ta="center">
        <Text fw={600}>No invoices yet.</Text>
        <Text size="sm" c="dimmed">Every payment for a plan gives an invoice here, ready to download as a PDF.</Text>
        <Button component={Link} to="/services" variant="light" mt="xs">See the plans</Button>
      </Stack>
    </Paper>
  );
}

/** The account's invoices, newest first, a page at a time. */
export function InvoicesTable({ accountId }: { accountId: string }) {
  const invoices = useInvoices(accountId);
  const rows = invoices.data?.pages.flatMap((p) => p.invoices) ?? [];

  let body;
  if (invoices.isPending) body = <StackedTable label="Invoices" columns={COLUMNS} numeric={NUMERIC}><SkeletonRows columns={COLUMNS} count={2} /></StackedTable>;
  else if (invoices.isError && rows.length === 0) {
    body = (
      <LoadFailedAlert onRetry={() => invoices.refetch()}>{INVOICES_LOAD_FAILED}</LoadFailedAlert>
    );
  } else if (rows.length === 0) body = <NoInvoices />;
  else body = <StackedTable label="Invoices" columns={COLUMNS} numeric={NUMERIC}>{rows.map((invoice) => <InvoiceRow key={invoice.id} invoice={invoice} />)}</StackedTable>;

  return (
    <Stack gap="sm">
      {body}
      {invoices.isFetchNextPageError && <Alert color="red" role="alert">{INVOICES_LOAD_FAILED}</Alert>}
      {invoices.hasNextPage && (
        <Center>
          <Button variant="default" loading={invoices.isFetchingNextPage} onClick={() => invoices.fetchNextPage()}>Load more</Button>
        </Center>
      )}
    </Stack>
  );
}
