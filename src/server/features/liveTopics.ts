import type { LiveTopicDefinition } from '../live/topics.ts';
import { adminEventsTopic } from './admin/events/live.ts';
import { billingTopic } from './billing/live.ts';
import { domainOrderTopic } from './domains/orders/live.ts';
import { ticketTopic } from './tickets/live.ts';

/** Every live topic a page may subscribe to, by area, each authorised like the function that reads it. */
export const liveTopics: LiveTopicDefinition[] = [
  ticketTopic,
  billingTopic,
  domainOrderTopic,
  adminEventsTopic,
];
