/** The sentences of the back office's Users screens and functions (issue 8); pages import these, never zod. */

export const USERS_PAGE_SIZE = 25;
export const USERS_PAGE_MAX = 100;
export const RECENT_ORDERS_SHOWN = 10;
export const REASON_MAX = 500;

export const USER_NOT_FOUND = 'User not found.';
export const EMAIL_TAKEN = 'Another user already uses this e-mail address.';
export const CANNOT_CHANGE_OWN_ROLE = 'You cannot change your own role.';
export const LAST_SUPER_ADMIN = 'There must be at least one super admin.';
export const CANNOT_DISABLE_SELF = 'You cannot disable your own account.';
export const ACCOUNT_DISABLED = 'This account has been disabled. Please contact support.';
export const NOTHING_TO_UPDATE = 'No changes to save';
export const REASON_REQUIRED = 'Please give a reason for this change.';
export const INVALID_USERS_CURSOR = 'The page cursor is not valid. Reload the list.';

export const NO_USERS = 'No users found matching your criteria';
export const FAILED_TO_LOAD_USERS = 'Failed to load users';
export const FAILED_TO_LOAD_USER = 'Failed to load user details';
export const FAILED_TO_UPDATE_ROLE = 'Failed to update user role';
export const FAILED_TO_UPDATE_DETAILS = 'Failed to update user details';
export const CHANGES_SAVED = 'Changes saved successfully';
export const RESET_SENT = (email: string) => `A password reset e-mail is on its way to ${email}.`;
export const CANNOT_RESET_OWN_SECOND_FACTOR = 'You cannot reset your own two-factor authentication: ask another operator.';
