/**
 * Live topics and the messages on them, shared by the server (which publishes and authorises)
 * and the web (which subscribes). A message names only the topic and what happened: the page
 * refetches through the function that reads the data, which applies the policy again.
 */

/**
 * Builders of every topic a page may subscribe to, `GET /api/live/{topic}`. Adding one (an
 * order, the events dashboard): its builder here, its kinds below, and in its area a
 * `defineLiveTopic` naming the reading function and its policy check, listed in
 * `src/server/features/liveTopics.ts`.
 */
export const liveTopics = {
  /** One ticket's conversation; read through getTicket. */
  ticket: (ticketId: string) => `ticket/${ticketId}` as const,
  /** An account's billing: subscriptions, invoices, customer; read through getBillingOverview. */
  billing: (accountId: string) => `billing/${accountId}` as const,
  /** One domain order: payment, registration, completion; read through getDomainOrder. */
  domainOrder: (orderId: string) => `domain-order/${orderId}` as const,
  /** The event system: new events, deliveries, webhook health; read through getEventsDashboard. */
  adminEvents: () => 'admin/events' as const,
};

/**
 * Server-internal, never subscribable over HTTP (no topic definition matches it): "what this user
 * may see changed" (signed out elsewhere, disabled, removed from an account, demoted). Every
 * instance's live layer hears it and re-checks that user's open streams.
 */
export const accessTopic = (userId: string) => `access/${userId}` as const;

export type LiveTopic = ReturnType<(typeof liveTopics)[keyof typeof liveTopics]> | ReturnType<typeof accessTopic>;

/**
 * What happened on a topic. `resync` means messages may have been missed (the server lost its
 * bus connection for a while): refetch as for any other message.
 */
export const LIVE_EVENT_KINDS = ['ticket.replied', 'ticket.status_changed', 'billing.changed', 'domain_order.changed', 'events.changed', 'access.changed', 'resync'] as const;
export type LiveEventKind = (typeof LIVE_EVENT_KINDS)[number];

/** The `data:` of every Server-Sent Event on a topic stream. */
export interface LiveMessage {
  topic: LiveTopic;
  kind: LiveEventKind;
}

export const livePath = (topic: LiveTopic) => `/api/live/${topic.split('/').map(encodeURIComponent).join('/')}`;
