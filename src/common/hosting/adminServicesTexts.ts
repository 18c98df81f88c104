/** What operators read on /super-admin/services and in its functions' refusals (issue 22). */

import { ACTION_LABELS } from './queueTexts.ts';

export const ADMIN_SERVICE_NOT_FOUND = 'No such hosting service. It may have been removed, or the link is wrong.';
export const OPERATOR_SSO_NOT_ACTIVE = 'The control panel can be opened once the service is active.';
export const OPERATOR_SSO_SUSPENDED = 'The control panel cannot be opened while the service is suspended: unsuspend it first.';
export const OPERATOR_SSO_UNSUPPORTED = 'This server\'s panel has no single sign-on. Log in on the panel with the reseller or root account instead.';

export const FAILED_TO_LOAD_SERVICES = 'Could not load the hosting services.';
export const FAILED_TO_LOAD_SERVICE = 'Could not load the hosting service.';
export const NO_SERVICES = 'No hosting services yet';
export const NO_SERVICES_HINT = 'A service appears here once a customer pays for a product mapped to a panel package. Map a plan on Products, or add a server on Servers.';
export const NO_MATCHING_SERVICES = 'No hosting services match these filters.';
export const NO_STEPS = 'Nothing has run on the panel for this service yet.';

export const SERVICE_STATUS_LABELS = { pending: 'Pending', active: 'Active', suspended: 'Suspended', terminated: 'Terminated' } as const;
export const SUSPEND_REASON_LABELS = { overdue: 'Overdue', operator: 'By the provider' } as const;

export const TERMINATE_WARNING = 'This removes the account and its files from the panel.';
export const TERMINATE_CONFIRM_LABEL = 'Type the username to confirm';
/** What an operator types to terminate a service by hand: its username, or its id while it has none. */
export const terminateConfirmText = (service: { id: string; username: string | null }): string => service.username ?? service.id;

export const serviceCountLabel = (total: number) => (total === 1 ? '1 service' : `${total.toLocaleString()} services`);
/** The green alert after an action was queued. */
export const queuedLabel = (action: keyof typeof ACTION_LABELS) => `Queued: ${ACTION_LABELS[action].toLowerCase()}. The history below shows when the panel has done it.`;
