import type { FunctionContract } from '../protocol.ts';

/** The delivery log and its operator actions: list, open, resend, replay (issue 9). */
export const contracts = {} satisfies Record<string, FunctionContract>;
