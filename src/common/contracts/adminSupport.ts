import type { FunctionContract } from '../protocol.ts';

/** The back office's support functions (issue 8). */
export const contracts = {} satisfies Record<string, FunctionContract>;
