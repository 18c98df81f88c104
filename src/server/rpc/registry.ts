import type { z } from 'zod';
import type { FunctionContract } from '../../common/protocol.ts';
import type { BackOfficeCallContext, BackOfficeWriteContext, FunctionContext, SignedInContext } from './context.ts';

type Ctx<C extends FunctionContract> = C['access'] extends 'public' ? FunctionContext
  : C['access'] extends 'back_office' ? (C['kind'] extends 'write' ? BackOfficeWriteContext : SignedInContext)
    : SignedInContext;

export interface FunctionHandler<C extends FunctionContract = FunctionContract> {
  contract: C;
  handle(input: z.output<C['input']>, ctx: Ctx<C>): Promise<z.input<C['output']>>;
  /** A back-office write that opens its own audited units of work around an outside call (BackOfficeCallContext). */
  ownUnitsOfWork?: true;
}

/** Binds a handler to its contract so input and output types follow the contract. */
export function implement<C extends FunctionContract>(
  contract: C,
  handle: (input: z.output<C['input']>, ctx: Ctx<C>) => Promise<z.input<C['output']>>,
): FunctionHandler<C> {
  return { contract, handle };
}

/**
 * A back-office write whose handler calls an outside system: the protocol opens no transaction
 * around it, and the handler records in `ctx.unitOfWork` once the call answered.
 */
export function implementWithOutsideCalls<C extends FunctionContract & { access: 'back_office'; kind: 'write' }>(
  contract: C,
  handle: (input: z.output<C['input']>, ctx: BackOfficeCallContext) => Promise<z.input<C['output']>>,
): FunctionHandler<C> {
  return { contract, handle: (input, ctx) => handle(input, ctx as unknown as BackOfficeCallContext), ownUnitsOfWork: true };
}
