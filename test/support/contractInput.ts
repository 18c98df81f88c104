import { contracts, type FunctionName } from '../../src/common/contracts/index.ts';
import type { FunctionContract } from '../../src/common/protocol.ts';
import { FunctionError } from '../../src/server/rpc/errors.ts';
import { parseInput } from '../../src/server/rpc/plugin.ts';

/**
 * The INVALID_ARGUMENT message the protocol answers an input with, read from the function's
 * contract as the protocol reads it, without an app; null when the contract takes the input.
 * What the HTTP layer refuses before any contract (body size and depth, NUL characters) and what
 * handlers refuse (cursors, unknown ids) is only seen through `t.call`.
 */
export function inputRefusal(name: FunctionName, data: unknown): string | null {
  const contract: FunctionContract = contracts[name];
  try {
    parseInput(contract, data);
    return null;
  } catch (error) {
    if (error instanceof FunctionError && error.code === 'INVALID_ARGUMENT') return error.message;
    throw error;
  }
}
