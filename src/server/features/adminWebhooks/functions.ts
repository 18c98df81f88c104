import type { FunctionHandler } from '../../rpc/registry.ts';

/** The webhook and flow handlers (issue 9). */
export const handlers: FunctionHandler[] = [];
