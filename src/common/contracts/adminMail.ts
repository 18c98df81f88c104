import type { FunctionContract } from '../protocol.ts';

/** The back office's mail functions (issue 8). */
export const contracts = {} satisfies Record<string, FunctionContract>;
