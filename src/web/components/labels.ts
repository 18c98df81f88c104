import { ACCOUNT_STATUSES, type AccountStatus, TICKET_PRIORITIES, TICKET_STATUS_LABELS, type TicketPriority, type TicketStatus } from '../../common/constants.ts';
import { DOMAIN_STATUSES, type DomainStatus } from '../../common/domains/domains.ts';
import { ORDER_STATUS_LABELS, type OrderStatus } from '../../common/domains/orders.ts';
import { ACCOUNT_ROLE_LABELS } from './accountRoles.ts';

/**
 * A stored word as a person reads it: 'customer-reply' → 'Customer reply', 'past_due' → 'Past due'.
 * For values without a label of their own; a screen never shows the stored form.
 */
export function humanize(value: string): string {
  const words = value.replace(/[_-]+/g, ' ').trim().toLowerCase();
  return words ? words[0].toUpperCase() + words.slice(1) : value;
}

function labelled<T extends string>(labels: Record<T, string>) {
  return (value: string | null | undefined): string => {
    if (!value) return '—';
    return Object.hasOwn(labels, value) ? labels[value as T] : humanize(value);
  };
}

const byHumanizing = <T extends string>(values: readonly T[]) => Object.fromEntries(values.map((v) => [v, humanize(v)])) as Record<T, string>;

/** Account role: the account-level 'super_admin' reads 'Admin' (never the operators' 'Super Admin'). */
export const accountRoleLabel = labelled(ACCOUNT_ROLE_LABELS);
export const ticketStatusLabel = labelled<TicketStatus>(TICKET_STATUS_LABELS);
export const ticketPriorityLabel = labelled<TicketPriority>(byHumanizing(TICKET_PRIORITIES));
export const orderStatusLabel = labelled<OrderStatus>(ORDER_STATUS_LABELS);
export const domainStatusLabel = labelled<DomainStatus>(byHumanizing(DOMAIN_STATUSES));
export const accountStatusLabel = labelled<AccountStatus>(byHumanizing(ACCOUNT_STATUSES));
/** Anything else with a stored word: an order's kind, a run's or a held change's status. */
export const valueLabel = labelled<string>({});
