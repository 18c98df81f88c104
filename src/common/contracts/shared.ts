import { z } from 'zod';
import { ACCOUNT_ROLES, GLOBAL_ROLES } from '../constants.ts';

export const id = (what: string) =>
  z.string({ error: `${what} is required.` }).trim().min(1, `${what} is required.`).max(128, `${what} is not valid.`);

export const accountId = id('Account ID');
export const isoDate = z.string();
export const accountRole = z.enum(ACCOUNT_ROLES);
export const globalRole = z.enum(GLOBAL_ROLES);
/** An input that is not an object gets a sentence, not the validator's wording. */
export const asObject = { error: (issue: { code: string }) => (issue.code === 'invalid_type' ? 'The input must be an object of named fields.' : undefined) };

/** An optional filter text, trimmed and bounded (NUL bytes never get this far: the JSON body reader refuses them); blank means no filter. */
export const filterText = (what: string, max: number, { lowerCase = false } = {}) => z.string({ error: `${what} must be a text.` }).trim()
  .max(max, `${what} must be at most ${max} characters.`).transform((v) => (lowerCase ? v.toLowerCase() : v) || null).nullish();

export const empty = z.object({}).strict().optional().default({});

export const successMessage = z.object({ success: z.literal(true), message: z.string() });

/** A calendar day (UTC) that exists: "2024-02-30" is refused, not rolled over. */
export const day = (what: string) => z.string({ error: `${what} must be a date (YYYY-MM-DD).` }).trim()
  .refine((v) => {
    const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(v);
    if (!m) return false;
    const at = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
    return at.getUTCFullYear() === Number(m[1]) && at.getUTCMonth() === Number(m[2]) - 1 && at.getUTCDate() === Number(m[3]);
  }, `${what} must be a real date (YYYY-MM-DD).`)
  .nullish();
