import { type AccountRole, INVITE_ROLES } from '../../common/constants.ts';

/** How each account role reads on screen; the value sent to the server stays the role id. */
export const ACCOUNT_ROLE_LABELS: Record<AccountRole, string> = {
  account_owner: 'Account Owner',
  // The account-level administrator; never 'Super Admin', which names the platform operators.
  super_admin: 'Admin',
  member: 'Member',
};

/** Options for role selects: only the roles an invitation or a role change may grant. */
export const INVITE_ROLE_OPTIONS = INVITE_ROLES.map((role) => ({ value: role, label: ACCOUNT_ROLE_LABELS[role] }));
