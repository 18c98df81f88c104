/**
 * A registrar's answer as operators read it. The adapters already keep credentials out of their
 * messages; this is the second lock, for an answer that quotes the request back (some registrars
 * echo the query string in an error): any `name=value` whose name says secret loses its value.
 */
const SECRET_PARAMETER = /\b(api[_-]?key|apikey|key|pw|pass(?:word)?|token|secret|auth[_-]?code)(\s*[=:]\s*)("[^"]*"|'[^']*'|[^\s&,;"'()]+)/gi;

export function maskCredentials(text: string): string {
  return text.replace(SECRET_PARAMETER, (_match, name: string, separator: string) => `${name}${separator}••••`);
}
