import type { FastifyRequest } from 'fastify';

const CENSOR = '[Redacted]';

/**
 * Query parameters that carry a one-time link's secret or a credential: the password-reset and
 * e-mail verification tokens, Google's sign-in code and state, a checkout's session id, and the
 * usual names of keys and signatures. Matched without regard to case.
 */
const SECRET_QUERY_PARAMETERS = new Set([
  'token', 'code', 'state', 'session_id', 'password', 'secret', 'key', 'api_key', 'apikey', 'access_token', 'refresh_token',
  'id_token', 'signature', 'sig', 'otp',
]);

/** Paths whose last segment is itself the secret of a one-time link (an invitation's id). */
const SECRET_PATH_PREFIXES = ['/accept-invitation/'];

/**
 * A request URL as logs may keep it: the values of secret query parameters and the secret
 * segment of one-time link paths replaced, the rest as sent, so the line still says which page
 * or endpoint was asked.
 */
export function maskUrl(url: string): string {
  const queryAt = url.indexOf('?');
  const path = queryAt === -1 ? url : url.slice(0, queryAt);
  const prefix = SECRET_PATH_PREFIXES.find((p) => path.startsWith(p) && path.length > p.length);
  const maskedPath = prefix ? `${prefix}${CENSOR}` : path;
  if (queryAt === -1) return maskedPath;
  const query = url.slice(queryAt + 1).split('&').map((pair) => {
    const eq = pair.indexOf('=');
    const name = eq === -1 ? pair : pair.slice(0, eq);
    let decoded = name;
    try {
      decoded = decodeURIComponent(name.replace(/\+/g, ' '));
    } catch {
      // A name that does not decode is kept as sent; it is compared as it is.
    }
    return eq !== -1 && SECRET_QUERY_PARAMETERS.has(decoded.toLowerCase()) ? `${name}=${CENSOR}` : pair;
  });
  return `${maskedPath}?${query.join('&')}`;
}

/**
 * Fields no log line may carry, wherever a caller puts them: credentials in headers (a request
 * or an outside call logged with its headers), passwords, tokens, keys and secrets one level
 * down (`{ user: { password } }`), and URLs, which are masked rather than removed.
 */
const REDACTED_PATHS = [
  'req.headers.authorization', 'req.headers.cookie', 'req.headers["x-api-key"]', 'res.headers["set-cookie"]',
  'headers.authorization', 'headers.cookie', 'headers["set-cookie"]', 'headers["x-api-key"]',
  '*.headers.authorization', '*.headers.cookie', '*.headers["set-cookie"]',
  ...['password', 'newPassword', 'currentPassword', 'token', 'accessToken', 'refreshToken', 'apiKey', 'secret', 'authorization', 'cookie']
    .flatMap((field) => [field, `*.${field}`]),
  'url', '*.url',
];

function censor(value: unknown, path: string[]): unknown {
  return path.at(-1) === 'url' && typeof value === 'string' ? maskUrl(value) : CENSOR;
}

/** What Fastify logs of each request: its own serializer's fields, with the URL masked. */
function requestSerializer(request: FastifyRequest) {
  return {
    method: request.method,
    url: typeof request.url === 'string' ? maskUrl(request.url) : undefined,
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/**
 * The app's logger options: the level, the redaction and the request serializer. Options a
 * caller passes (a test's stream, a process name) are laid over them; `false` logs nothing.
 */
export function appLoggerOptions(level: string, given?: boolean | object): false | object {
  if (given === false) return false;
  return {
    level,
    redact: { paths: REDACTED_PATHS, censor },
    serializers: { req: requestSerializer },
    ...(typeof given === 'object' ? given : {}),
  };
}
