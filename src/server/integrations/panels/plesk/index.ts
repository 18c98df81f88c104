/**
 * Plesk (XML API). The choices callers rely on, documented in full on createPleskPanel:
 * suspend/unsuspend read first and write nothing when the account is already there; terminate of
 * an account that is already gone throws PanelError('not_found') (Plesk's 1013), which the caller
 * counts as terminated.
 */
export { createPleskPanel } from './pleskPanel.ts';
