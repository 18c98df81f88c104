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
 * public: anyone; user: any signed-in user; back_office: global super admins only, refused to
 * everyone else before the handler runs.
 */
export type Access = 'public' | 'user' | 'back_office';

/**
 * read: changes nothing. write: changes data; a back-office write runs in one unit of work that
 * commits only with an audit entry, and a customer write by an impersonating operator is audited.
 */
export type FunctionKind = 'read' | 'write';

/** The kinds of caller the permission matrix calls every function as (test/integration/permissionMatrix.test.ts). */
export const CALLER_KINDS = ['signedOut', 'member', 'admin', 'owner', 'outsider', 'superAdmin'] as const;
export type CallerKind = (typeof CALLER_KINDS)[number];

/**
 * The HTTP status each kind of caller gets with a valid input, around one account: signedOut,
 * its plain member, its admin (account role super_admin), its owner, a member of another
 * account, and a global super admin who is not a member (an outsider to customer functions).
 */
export type Permissions = Record<CallerKind, number>;

export interface FunctionContract<I extends z.ZodType = z.ZodType, O extends z.ZodType = z.ZodType> {
  name: string;
  summary: string;
  access: Access;
  kind: FunctionKind;
  /**
   * Expected answer per kind of caller. The permission matrix asserts it for every registered
   * function and fails on one without it (optional here only for the protocol's own test contracts).
   */
  permissions?: Permissions;
  input: I;
  output: O;
  /** Text for a signed-out caller where the spec words it (e.g. acceptInvitation). */
  unauthenticatedMessage?: string;
  /** A request body limit of its own (a file upload); every other function keeps the app's 1 MB. */
  bodyLimitBytes?: number;
}

/** Keeps the literal access and kind, so a handler's context type follows them (registry.ts). */
export function defineContract<I extends z.ZodType, O extends z.ZodType, A extends Access, K extends FunctionKind>(
  c: FunctionContract<I, O> & { access: A; kind: K },
): FunctionContract<I, O> & { access: A; kind: K } {
  return c;
}

/** Shorthands for the common shapes of the matrix. */
export const allow = {
  /** Anyone, signed in or not. */
  everyone: { signedOut: 200, member: 200, admin: 200, owner: 200, outsider: 200, superAdmin: 200 },
  /** Any signed-in user (the function acts on the caller's own data). */
  signedIn: { signedOut: 401, member: 200, admin: 200, owner: 200, outsider: 200, superAdmin: 200 },
  /** Members of the account, whatever their role. */
  members: { signedOut: 401, member: 200, admin: 200, owner: 200, outsider: 403, superAdmin: 403 },
  /** The account's owner and admins. */
  accountAdmins: { signedOut: 401, member: 403, admin: 200, owner: 200, outsider: 403, superAdmin: 403 },
  /** Global super admins only (back office). */
  backOffice: { signedOut: 401, member: 403, admin: 403, owner: 403, outsider: 403, superAdmin: 200 },
} as const satisfies Record<string, Permissions>;

export type InputOf<C> = C extends FunctionContract<infer I, z.ZodType> ? z.input<I> : never;
export type OutputOf<C> = C extends FunctionContract<z.ZodType, infer O> ? z.output<O> : never;
