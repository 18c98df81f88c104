import type { FunctionHandler } from '../rpc/registry.ts';
import { handlers as accounts } from './accounts/functions.ts';

/** Every callable function, by area. */
export const handlers: FunctionHandler[] = [
  ...accounts,
] as FunctionHandler[];
