// Mantine's CSS is per component (src/web/mantineStyles.ts): the legend's swatches and the charts' own, loaded with the chart.
import '@mantine/core/styles/ColorSwatch.css';
import '@mantine/charts/styles.css';
import { LineChart } from '@mantine/charts';
import { Paper, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import type { SystemStatsDay } from '../../../../common/admin/dashboard/contract.ts';

const dayLabel = (date: string) => new Date(`${date}T00:00:00Z`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });

/** Orders and sign-ups per UTC day; the same figures as a table for screen readers. */
export function ActivityChart({ series }: { series: SystemStatsDay[] }) {
  const data = series.map((d) => ({ day: dayLabel(d.date), orders: d.orders, signUps: d.signUps }));
  const totalOrders = series.reduce((n, d) => n + d.orders, 0);
  const totalSignUps = series.reduce((n, d) => n + d.signUps, 0);
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="sm">
        <div>
          <Title order={2} size="h4">Last 30 days</Title>
          <Text size="sm" c="dimmed">{totalOrders} domain orders and {totalSignUps} sign-ups, per day (UTC).</Text>
        </div>
        <div aria-hidden>
          <LineChart
            h={260}
            data={data}
            dataKey="day"
            withLegend
            curveType="linear"
            withDots={false}
            yAxisProps={{ allowDecimals: false }}
            series={[{ name: 'orders', label: 'Domain orders', color: 'indigo.6' }, { name: 'signUps', label: 'Sign-ups', color: 'teal.6' }]}
          />
        </div>
        <VisuallyHidden>
          <Table>
            <caption>Domain orders and sign-ups per day over the last 30 days (UTC)</caption>
            <thead><tr><th scope="col">Day</th><th scope="col">Domain orders</th><th scope="col">Sign-ups</th></tr></thead>
            <tbody>
              {series.map((d) => <tr key={d.date}><th scope="row">{d.date}</th><td>{d.orders}</td><td>{d.signUps}</td></tr>)}
            </tbody>
          </Table>
        </VisuallyHidden>
      </Stack>
    </Paper>
  );
}
