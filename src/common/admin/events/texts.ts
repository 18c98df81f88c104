/** The sentences and constants of the events dashboard, the events list and the test sender (issue 9); pages import these, never zod. */
import { PRODUCT_NAME } from '../../constants.ts';

export const EVENTS_PAGE_SIZE = 25;
export const EVENTS_PAGE_MAX = 100;
/** Spec §9: the dashboard reads the 10 latest events and 20 latest deliveries, and shows 5 of each. */
export const DASHBOARD_EVENTS_READ = 10;
export const DASHBOARD_DELIVERIES_READ = 20;
export const DASHBOARD_SHOWN = 5;
/** "Recent events" on the dashboard: those of the last 24 hours. */
export const RECENT_EVENTS_HOURS = 24;

/** Limits of an event's free JSON (collectEvent's payload and context), each on its own. */
export const EVENT_JSON_MAX_BYTES = 64 * 1024;
export const EVENT_JSON_MAX_DEPTH = 16;

export const INVALID_EVENTS_CURSOR = 'The page cursor is not valid. Reload the list.';
export const INVALID_EVENT_DATE_RANGE = 'The start date must not be after the end date.';
export const UNKNOWN_EVENT_TYPE = 'Unknown event type: use a type from the event catalogue (e.g. domain.registered).';
export const INVALID_TYPE_FILTER = 'Event type filter must be a type or a pattern such as domain.* (lower-case segments separated by dots).';
export const EVENT_COLLECTED = 'Event collected';
export const jsonTooLarge = (what: string) => `${what} must be at most ${EVENT_JSON_MAX_BYTES / 1024} KB of JSON.`;
export const jsonTooDeep = (what: string) => `${what} must not be nested more than ${EVENT_JSON_MAX_DEPTH} levels deep.`;

/** Spec §8 (test events). */
export const TEST_FAILED = 'Test failed';
export const SEND_FAILED = 'Failed to send event';

export const FAILED_TO_LOAD_EVENTS = 'Failed to load events';
export const FAILED_TO_LOAD_DASHBOARD = 'Failed to load data';
export const NO_EVENTS = 'No events found matching your criteria';
export const NO_EVENTS_HINT = 'Events are recorded as things happen on the platform. Send a test event to see one arrive.';
export const NO_RECENT_EVENTS = 'No events yet';
export const NO_DELIVERIES = 'No deliveries yet';
export const NO_DELIVERIES_HINT = 'A delivery is made when an event matches an active flow with a webhook.';
export const QUICK_SETUP_TITLE = 'Quick Setup Flows';
export const QUICK_SETUP_TEXT = 'You have webhooks but no flows, so no event is delivered yet. Create the standard flows (domain, user, order, system and every event) in one step.';

/** What `{product}` becomes in the test sender's source: the product name as a lower-case slug. */
export const PRODUCT_SLUG = PRODUCT_NAME.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
/** Spec §9: test sends use source '{product}.test-system' and severity info. */
export const TEST_EVENT_SOURCE = `${PRODUCT_SLUG}.test-system`;
/** Spec §9: the results list keeps the last 10. */
export const TEST_RESULTS_MAX = 10;

export const EVENT_STATUSES = ['processed', 'pending'] as const;
export type EventStatus = (typeof EVENT_STATUSES)[number];

/**
 * Spec §9: the test sender's four templates, each a catalogue type of a different category with
 * a payload of that type's documented fields (a test holds them to the catalogue).
 */
export const TEST_EVENT_TEMPLATES = {
  domainRegistered: {
    label: 'Domain registered',
    eventType: 'domain.registered',
    payload: {
      orderId: 'ord_test_3f9a2c', domain: 'example-test.com', domainId: 'dom_test_81b2', supplierId: 'sandbox',
      expirationDate: '2027-11-22T00:00:00.000Z',
    },
  },
  invoicePaid: {
    label: 'Invoice paid',
    eventType: 'payment.invoice.paid',
    payload: { invoiceId: 'inv_test_5521', number: 'TEST-0042', amountCents: 1299, currency: 'USD' },
  },
  userSignedUp: {
    label: 'User signed up',
    eventType: 'user.signed_up',
    payload: { userId: 'usr_test_7c10', email: 'new.customer@example.com', name: 'New Customer', emailVerified: false },
  },
  orderCreated: {
    label: 'Domain order created',
    eventType: 'order.domain.created',
    payload: {
      orderId: 'ord_test_9d41e7', kind: 'registration', domain: 'my-new-site.net', years: 1, totalCents: 1499, currency: 'USD',
    },
  },
} as const;
export type TestEventTemplate = keyof typeof TEST_EVENT_TEMPLATES;
export const TEST_EVENT_TEMPLATE_KEYS = Object.keys(TEST_EVENT_TEMPLATES) as TestEventTemplate[];

export const SEVERITY_COLORS: Record<string, string> = { info: 'blue', warning: 'yellow', error: 'red', critical: 'grape' };
