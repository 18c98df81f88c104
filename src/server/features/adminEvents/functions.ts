import type { FunctionHandler } from '../../rpc/registry.ts';

/** The event handlers (issue 9). */
export const handlers: FunctionHandler[] = [];
