import type { FunctionContract } from '../protocol.ts';

/** The webhook functions (issue 9). */
export const contracts = {} satisfies Record<string, FunctionContract>;
