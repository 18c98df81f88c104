import type { z } from 'zod';
import type { FunctionContract } from '../../common/protocol.ts';
import type { BackOfficeWriteContext, FunctionContext, SignedInContext } from './context.ts';

type Ctx<C extends FunctionContract> = C['access'] extends 'public' ? FunctionContext
  : C['access'] extends 'back_office' ? (C['kind'] extends 'write' ? BackOfficeWriteContext : SignedInContext)
    : SignedInContext;

export interface FunctionHandler<C extends FunctionContract = FunctionContract> {
  contract: C;
  handle(input: z.output<C['input']>, ctx: Ctx<C>): Promise<z.input<C['output']>>;
}

/** Binds a handler to its contract so input and output types follow the contract. */
export function implement<C extends FunctionContract>(
  contract: C,
  handle: (input: z.output<C['input']>, ctx: Ctx<C>) => Promise<z.input<C['output']>>,
): FunctionHandler<C> {
  return { contract, handle };
}
