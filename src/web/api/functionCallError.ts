/** A failed server function call: the spec's lower-case code and the text to show. */
export class FunctionCallError extends Error {
  constructor(readonly code: string, message: string, readonly details?: unknown) {
    super(message);
  }
}
