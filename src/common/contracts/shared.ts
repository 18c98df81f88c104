import { z } from 'zod';
import { ACCOUNT_ROLES, GLOBAL_ROLES } from '../constants.ts';

export const id = (what: string) =>
  z.string({ error: `${what} is required.` }).trim().min(1, `${what} is required.`).max(128, `${what} is not valid.`);

export const accountId = id('Account ID');
export const isoDate = z.string();
export const accountRole = z.enum(ACCOUNT_ROLES);
export const globalRole = z.enum(GLOBAL_ROLES);
export const empty = z.object({}).strict().optional().default({});

export const successMessage = z.object({ success: z.literal(true), message: z.string() });
