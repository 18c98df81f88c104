import { TICKET_PRIORITIES, TICKET_STATUS_LABELS, TICKET_STATUSES } from '../../../../common/constants.ts';

export const STATUS_OPTIONS = TICKET_STATUSES.map((value) => ({ value, label: TICKET_STATUS_LABELS[value] }));
export const PRIORITY_OPTIONS = TICKET_PRIORITIES.map((value) => ({ value, label: value[0].toUpperCase() + value.slice(1) }));
