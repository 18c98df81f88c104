import { Text, Timeline } from '@mantine/core';
import type { DomainOrder } from '../../../../common/domains/ordersContract.ts';
import { formatDateTime } from '../../../components/dateFormat.ts';
import { PageSection } from '../../../components/PageSection.tsx';
import { lastReachedStep, orderTimeline, type TimelineState } from './orderTimeline.ts';

const BULLET_COLOR: Record<TimelineState, string | undefined> = { done: undefined, failed: 'red', waiting: 'gray' };

export function OrderTimelineCard({ order }: { order: DomainOrder }) {
  const steps = orderTimeline(order);
  return (
    <PageSection title="Timeline">
      <Timeline active={lastReachedStep(steps)} bulletSize={16} lineWidth={2}>
        {steps.map((step) => (
          <Timeline.Item key={step.title} title={step.title} color={BULLET_COLOR[step.state]}>
            <Text size="sm" c="dimmed">{step.at ? formatDateTime(step.at) : step.state === 'waiting' ? 'Not yet' : ''}</Text>
            {step.detail && <Text size="sm" c={step.state === 'failed' ? 'red.9' : undefined} mt={2}>{step.detail}</Text>}
          </Timeline.Item>
        ))}
      </Timeline>
    </PageSection>
  );
}
