import type { FunctionHandler } from '../../rpc/registry.ts';

/** The delivery log handlers (issue 9). */
export const handlers: FunctionHandler[] = [];
