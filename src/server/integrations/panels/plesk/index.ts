/**
 * Plesk (XML API). The choices callers rely on, documented in full on createPleskPanel:
 * - suspend/unsuspend read first and write nothing when the account is already there;
 * - terminate of an account that is already gone throws PanelError('not_found') (Plesk's 1013),
 *   which the caller counts as terminated;
 * - createAccount is 'exists' for a login another service (or a person) holds, but resumes the
 *   customer an earlier attempt for the same service id made (its external-id), so a retry after
 *   a lost answer completes the account instead of failing on it.
 */
export { createPleskPanel } from './pleskPanel.ts';
