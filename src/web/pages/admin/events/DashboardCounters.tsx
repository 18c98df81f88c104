import { RECENT_EVENTS_HOURS } from '../../../../common/admin/events/texts.ts';
import { formatCount, StatCardGrid, StatCardGridSkeleton } from '../../../components/StatCards.tsx';

export interface EventCounts {
  recentEvents: number;
  webhooks: number;
  activeWebhooks: number;
  flows: number;
  activeFlows: number;
  averageResponseMs: number;
}

export function DashboardCountersSkeleton() {
  return <StatCardGridSkeleton label="Loading counters" />;
}

/** Spec: recent events, webhooks, active and total flows, average response in ms. */
export function DashboardCounters({ counts }: { counts: EventCounts }) {
  return (
    <StatCardGrid cards={[
      { label: 'Recent events', value: formatCount(counts.recentEvents), detail: `In the last ${RECENT_EVENTS_HOURS} hours` },
      { label: 'Webhooks', value: formatCount(counts.webhooks), detail: `${formatCount(counts.activeWebhooks)} active` },
      { label: 'Flows', value: `${formatCount(counts.activeFlows)} / ${formatCount(counts.flows)}`, detail: 'Active / total' },
      { label: 'Average response', value: `${formatCount(counts.averageResponseMs)} ms`, detail: 'Mean of every delivery attempt' },
    ]} />
  );
}
