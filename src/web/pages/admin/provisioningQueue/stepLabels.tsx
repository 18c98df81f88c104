import { Badge } from '@mantine/core';
import type { ATTEMPT_OUTCOMES, HOSTING_STEP_STATUSES } from '../../../../common/hosting/queueContract.ts';
import { OUTCOME_LABELS, STATUS_LABELS } from '../../../../common/hosting/queueTexts.ts';
import classes from '../../../components/StackedTable.module.css';

const STATUS_COLORS: Record<(typeof HOSTING_STEP_STATUSES)[number], string> = {
  queued: 'blue', running: 'blue', waiting: 'yellow', done: 'green', failed: 'red', resolved: 'teal', cancelled: 'gray',
};

const OUTCOME_COLORS: Record<(typeof ATTEMPT_OUTCOMES)[number], string> = {
  done: 'green', already: 'green', refused: 'red', unknown: 'yellow', unavailable: 'orange',
};

export function StepStatusBadge({ status }: { status: (typeof HOSTING_STEP_STATUSES)[number] }) {
  return <Badge color={STATUS_COLORS[status]} variant="light" className={classes.badge}>{STATUS_LABELS[status]}</Badge>;
}

/** An attempt that has not ended yet has no outcome. */
export function OutcomeBadge({ outcome }: { outcome: (typeof ATTEMPT_OUTCOMES)[number] | null }) {
  if (outcome === null) return <Badge color="gray" variant="light" className={classes.badge}>Unfinished</Badge>;
  return <Badge color={OUTCOME_COLORS[outcome]} variant="light" className={classes.badge}>{OUTCOME_LABELS[outcome]}</Badge>;
}

