import type { FunctionHandler } from '../../rpc/registry.ts';

export const handlers: FunctionHandler[] = [];
