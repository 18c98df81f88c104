import type { FunctionContract } from '../protocol.ts';

/** The event functions: collect, catalogue, lists, dashboard, test sender (issue 9). */
export const contracts = {} satisfies Record<string, FunctionContract>;
