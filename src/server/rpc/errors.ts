import { type ErrorCode, errorStatusByCode, type WireError } from '../../common/protocol.ts';

/** The one error type handlers throw; anything else becomes INTERNAL with a request id. */
export class FunctionError extends Error {
  constructor(readonly code: ErrorCode, message: string, readonly details?: unknown) {
    super(message);
  }
  get httpStatus(): number {
    return errorStatusByCode[this.code];
  }
  toWire(): WireError {
    return this.details === undefined
      ? { status: this.code, message: this.message }
      : { status: this.code, message: this.message, details: this.details };
  }
}

export const invalidArgument = (message: string, details?: unknown) => new FunctionError('INVALID_ARGUMENT', message, details);
export const failedPrecondition = (message: string) => new FunctionError('FAILED_PRECONDITION', message);
export const unauthenticated = (message = 'You must be signed in.') => new FunctionError('UNAUTHENTICATED', message);
export const permissionDenied = (message = 'You do not have permission to do this.') => new FunctionError('PERMISSION_DENIED', message);
export const notFound = (message = 'Not found.') => new FunctionError('NOT_FOUND', message);
export const alreadyExists = (message: string) => new FunctionError('ALREADY_EXISTS', message);
export const aborted = (message: string) => new FunctionError('ABORTED', message);
export const resourceExhausted = (message = 'Too many requests. Please wait and try again.') => new FunctionError('RESOURCE_EXHAUSTED', message);
export const internal = (message: string) => new FunctionError('INTERNAL', message);
export const unavailable = (message: string) => new FunctionError('UNAVAILABLE', message);
