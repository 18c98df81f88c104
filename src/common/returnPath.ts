/**
 * Where a person may be sent back to after signing in, signing up or verifying their e-mail:
 * a path on this site only. Anything that a browser could read as another origin ("//host",
 * "/\host", "https://...", "javascript:") is refused, so a link cannot turn the portal into an
 * open redirect.
 */
export function isSafeReturnPath(value: unknown): value is string {
  if (typeof value !== 'string' || value.length === 0 || value.length > 2048) return false;
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return false;
  // Browsers drop tabs and newlines inside URLs and read a backslash as a slash.
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused here
  return !/[\u0000-\u001f\u007f\\]/.test(value);
}

/** The return path to use: the given one when it is safe, else the home page. */
export function safeReturnPath(value: unknown, fallback = '/'): string {
  return isSafeReturnPath(value) ? value : fallback;
}
