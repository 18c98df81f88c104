import type { FunctionContract } from '../protocol.ts';

/** The event flow functions (issue 9). */
export const contracts = {} satisfies Record<string, FunctionContract>;
