import { z } from 'zod';
import { allow, defineContract } from '../../protocol.ts';
import { empty, globalRole } from '../../contracts/shared.ts';

/** Days in the dashboard's series of orders and sign-ups, today (UTC) included. */
export const STATS_SERIES_DAYS = 30;

export const checkSuperAdminStatus = defineContract({
  name: 'checkSuperAdminStatus',
  summary: 'Whether the signed-in caller is a global super admin: the back-office guard asks before showing any /super-admin page.',
  // Any signed-in user may ask about themselves; the answer is what decides the guard's page.
  access: 'user',
  kind: 'read',
  permissions: allow.signedIn,
  input: empty,
  output: z.object({ isSuperAdmin: z.boolean(), globalRole }),
});

export const systemStatsDay = z.object({
  /** The UTC day, YYYY-MM-DD. */
  date: z.string(),
  orders: z.number().int(),
  signUps: z.number().int(),
});
export type SystemStatsDay = z.infer<typeof systemStatsDay>;

export const systemStats = z.object({
  users: z.object({ total: z.number().int(), superAdmins: z.number().int() }),
  accounts: z.object({ total: z.number().int() }),
  orders: z.object({
    total: z.number().int(),
    last24h: z.number().int(),
    failed: z.number().int(),
    /** completed / (completed + failed) in percent with one decimal; null while no order has finished either way. */
    successRate: z.number().nullable(),
  }),
  /** The last 30 UTC days, oldest first, days without any as zero. */
  series: z.array(systemStatsDay),
  generatedAt: z.string(),
});
export type SystemStats = z.infer<typeof systemStats>;

export const getSystemStats = defineContract({
  name: 'getSystemStats',
  summary: 'The back-office dashboard\'s figures: users, accounts, domain orders, success rate, and orders and sign-ups per UTC day over 30 days.',
  access: 'back_office',
  kind: 'read',
  permissions: allow.backOffice,
  input: empty,
  output: systemStats,
});

/** The back office's Dashboard functions (issue 8). getSystemStats is back_office, refused on the server to anyone but global super admins. */
export const contracts = { checkSuperAdminStatus, getSystemStats };
