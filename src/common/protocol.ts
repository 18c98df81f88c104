import type { z } from 'zod';

/** Error codes of the callable-function wire protocol and their HTTP statuses. */
export const errorStatusByCode = {
  INVALID_ARGUMENT: 400,
  FAILED_PRECONDITION: 400,
  OUT_OF_RANGE: 400,
  UNAUTHENTICATED: 401,
  PERMISSION_DENIED: 403,
  NOT_FOUND: 404,
  ALREADY_EXISTS: 409,
  ABORTED: 409,
  RESOURCE_EXHAUSTED: 429,
  CANCELLED: 499,
  INTERNAL: 500,
  DATA_LOSS: 500,
  UNKNOWN: 500,
  UNIMPLEMENTED: 501,
  UNAVAILABLE: 503,
  DEADLINE_EXCEEDED: 504,
} as const;

export type ErrorCode = keyof typeof errorStatusByCode;

export interface WireError {
  status: ErrorCode;
  message: string;
  details?: unknown;
}

/**
 * Who may call a function at all; finer rules live in each area's policy.
 * public: anyone; user: any signed-in user; super_admin: global super admins only.
 */
export type Access = 'public' | 'user' | 'super_admin';

export interface FunctionContract<I extends z.ZodType = z.ZodType, O extends z.ZodType = z.ZodType> {
  name: string;
  summary: string;
  access: Access;
  input: I;
  output: O;
  /** Text for a signed-out caller where the spec words it (e.g. acceptInvitation). */
  unauthenticatedMessage?: string;
}

export function defineContract<I extends z.ZodType, O extends z.ZodType>(c: FunctionContract<I, O>): FunctionContract<I, O> {
  return c;
}

export type InputOf<C> = C extends FunctionContract<infer I, z.ZodType> ? z.input<I> : never;
export type OutputOf<C> = C extends FunctionContract<z.ZodType, infer O> ? z.output<O> : never;
