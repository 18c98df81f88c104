import type { FunctionHandler } from '../../rpc/registry.ts';

/** The back office's support handlers (issue 8). */
export const handlers: FunctionHandler[] = [];
