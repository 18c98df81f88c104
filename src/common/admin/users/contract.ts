import { z } from 'zod';
import { GLOBAL_ROLES } from '../../constants.ts';
import { allow, defineContract } from '../../protocol.ts';
import {
  NOTHING_TO_UPDATE, REASON_MAX, REASON_REQUIRED, USERS_PAGE_MAX, USERS_PAGE_SIZE,
} from './texts.ts';
import { displayName } from '../../profile/contract.ts';
import { asObject, globalRole, id, isoDate } from '../../contracts/shared.ts';

export const USER_SORT_FIELDS = ['createdAt', 'email', 'displayName'] as const;
export type UserSortField = (typeof USER_SORT_FIELDS)[number];
export const SORT_ORDERS = ['asc', 'desc'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

const reason = z.string({ error: REASON_REQUIRED }).trim().min(1, REASON_REQUIRED).max(REASON_MAX, `The reason must be at most ${REASON_MAX} characters.`);
const role = z.enum(GLOBAL_ROLES, { error: 'Global role must be user or super_admin.' });
const email = z.string({ error: 'E-mail is required.' }).trim().toLowerCase().max(254, 'E-mail must be at most 254 characters.')
  .pipe(z.email({ error: 'Please enter a valid e-mail address.' }));
const phoneNumber = z.string({ error: 'Phone number must be a text.' }).trim().max(32, 'Phone number must be at most 32 characters.')
  .refine((v) => v === '' || /^\+?[0-9 ()./-]{5,32}$/.test(v), 'Please enter a valid phone number (digits, spaces, + - ( ) only).')
  .transform((v) => (v === '' ? null : v));

export const adminUserSummary = z.object({
  id: z.string(),
  email: z.string(),
  displayName: z.string(),
  globalRole,
  createdAt: isoDate,
  disabled: z.boolean(),
  emailVerified: z.boolean(),
  accountCount: z.number().int(),
});
export type AdminUserSummary = z.infer<typeof adminUserSummary>;

export const getAllUsers = defineContract({
  name: 'getAllUsers',
  summary: 'Every user, 25 a page by default (keyset), filtered by global role and by e-mail prefix (case-insensitive), sorted by createdAt, email or displayName.',
  access: 'back_office',
  kind: 'read',
  permissions: allow.backOffice,
  input: z.object({
    limit: z.number({ error: 'Limit must be a whole number.' }).int('Limit must be a whole number.')
      .min(1, 'Limit must be at least 1.').max(USERS_PAGE_MAX, `Limit must be at most ${USERS_PAGE_MAX}.`).default(USERS_PAGE_SIZE),
    startAfter: z.string({ error: 'The page cursor is not valid. Reload the list.' }).max(400, 'The page cursor is not valid. Reload the list.').nullish(),
    globalRole: role.nullish(),
    /** The beginning of the address; upper and lower case are the same. */
    email: z.string({ error: 'E-mail filter must be a text.' }).trim().toLowerCase().max(254, 'E-mail filter must be at most 254 characters.')
      .refine((v) => !v.includes('\u0000'), 'E-mail filter is not valid.').nullish(),
    sortBy: z.enum(USER_SORT_FIELDS, { error: 'Sort must be createdAt, email or displayName.' }).default('createdAt'),
    sortOrder: z.enum(SORT_ORDERS, { error: 'Sort order must be asc or desc.' }).default('desc'),
  }, asObject).strict().optional().default({ limit: USERS_PAGE_SIZE, sortBy: 'createdAt', sortOrder: 'desc' }),
  output: z.object({ users: z.array(adminUserSummary), nextCursor: z.string().nullable() }),
});

export const adminUserDetails = z.object({
  id: z.string(),
  email: z.string(),
  displayName: z.string(),
  phoneNumber: z.string().nullable(),
  globalRole,
  createdAt: isoDate,
  updatedAt: isoDate,
  memberships: z.array(z.object({ accountId: z.string(), accountName: z.string(), role: z.string(), joinedAt: isoDate })),
  recentOrders: z.array(z.object({
    id: z.string(), accountId: z.string(), domain: z.string(), kind: z.string(), status: z.string(),
    totalCents: z.number().int(), currency: z.string(), createdAt: isoDate,
  })),
  auth: z.object({
    emailVerified: z.boolean(),
    disabled: z.boolean(),
    providers: z.array(z.string()),
    lastSignInAt: isoDate.nullable(),
    /** Sign-in asks for a second factor (issue 21); an operator may reset it. */
    secondFactor: z.boolean(),
  }),
});
export type AdminUserDetails = z.infer<typeof adminUserDetails>;

const userId = id('User ID');

export const getUserDetails = defineContract({
  name: 'getUserDetails',
  summary: 'One user: profile, account memberships, the last 10 domain orders across their accounts, and sign-in facts.',
  access: 'back_office',
  kind: 'read',
  permissions: allow.backOffice,
  input: z.object({ userId }, asObject).strict(),
  output: z.object({ user: adminUserDetails }),
});

export const updateUserDetails = defineContract({
  name: 'updateUserDetails',
  summary: 'Changes a user\'s display name, e-mail (unique) or phone number, with the reason; audited with before and after.',
  access: 'back_office',
  kind: 'write',
  permissions: allow.backOffice,
  input: z.object({
    userId,
    updates: z.object({ displayName: displayName.optional(), email: email.optional(), phoneNumber: phoneNumber.nullish() }, asObject).strict()
      .refine((u) => Object.values(u).some((v) => v !== undefined), NOTHING_TO_UPDATE),
    reason,
  }, asObject).strict(),
  output: z.object({ user: adminUserDetails }),
});

export const updateUserGlobalRole = defineContract({
  name: 'updateUserGlobalRole',
  summary: 'Makes a user a super admin or a plain user; never the caller, never the last super admin. Audited.',
  access: 'back_office',
  kind: 'write',
  permissions: allow.backOffice,
  input: z.object({ targetUserId: id('Target user ID'), newGlobalRole: role }, asObject).strict(),
  output: z.object({ userId: z.string(), globalRole }),
});

export const sendUserPasswordReset = defineContract({
  name: 'sendUserPasswordReset',
  summary: 'Sends the user the same password-reset e-mail as the public "forgot password". Audited.',
  access: 'back_office',
  kind: 'write',
  permissions: allow.backOffice,
  input: z.object({ userId }, asObject).strict(),
  output: z.object({ email: z.string() }),
});

export const setUserDisabled = defineContract({
  name: 'setUserDisabled',
  summary: 'Disables a user (every session ends at once, sign-in refused) or enables them again, with the reason. Audited.',
  access: 'back_office',
  kind: 'write',
  permissions: allow.backOffice,
  input: z.object({ userId, disabled: z.boolean({ error: 'Disabled must be true or false.' }), reason }, asObject).strict(),
  output: z.object({ userId: z.string(), disabled: z.boolean(), sessionsEnded: z.number().int() }),
});

export const endAllUserSessions = defineContract({
  name: 'endAllUserSessions',
  summary: 'Signs the user out everywhere: every session ends at once (open live updates close), sign-in stays allowed. Audited with the reason.',
  access: 'back_office',
  kind: 'write',
  permissions: allow.backOffice,
  input: z.object({ userId, reason }, asObject).strict(),
  output: z.object({ userId: z.string(), sessionsEnded: z.number().int() }),
});

export const resetUserSecondFactor = defineContract({
  name: 'resetUserSecondFactor',
  summary: 'Removes a user\'s authenticator (TOTP) and recovery codes, so they sign in with their password alone; mails them. Never the caller. Audited.',
  access: 'back_office',
  kind: 'write',
  permissions: allow.backOffice,
  input: z.object({ userId, reason }, asObject).strict(),
  output: z.object({ userId: z.string(), removed: z.boolean() }),
});

/** The back office's Users functions (issue 8); every one is a back_office contract, refused on the server to anyone but global super admins. */
export const contracts = {
  getAllUsers, getUserDetails, updateUserDetails, updateUserGlobalRole, sendUserPasswordReset, setUserDisabled, endAllUserSessions,
  resetUserSecondFactor,
};
