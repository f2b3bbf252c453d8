// The one place that decides whether an error means "the database cannot be
// reached right now" (restarting, refusing connections, connection lost)
// rather than a bug: those are answered 503 with Retry-After and logged at
// warn, and background loops back off and try again.

/** Seconds a client is asked to wait: about how long a PostgreSQL restart takes. */
export const DATABASE_RETRY_AFTER_S = 5;

/** postgres.js's own connection error codes (errors.js `Errors.connection`). */
const CLIENT_CODES = new Set(['CONNECTION_CLOSED', 'CONNECTION_ENDED', 'CONNECTION_DESTROYED', 'CONNECT_TIMEOUT']);
/** Socket errors on the way to PostgreSQL. */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ENOENT',
]);
/** admin_shutdown, crash_shutdown, cannot_connect_now (starting up, recovering). */
const SERVER_STATES = new Set(['57P01', '57P02', '57P03']);

function codeOf(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' ? code : undefined;
}

export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (typeof error !== 'object' || error === null || depth > 3) return false;
  const code = codeOf(error);
  if (code !== undefined) {
    // ENOENT only counts for a socket path (postgres.js connects to one when the URL names a directory).
    if (code === 'ENOENT' && (error as { syscall?: unknown }).syscall !== 'connect') return false;
    if (CLIENT_CODES.has(code) || SOCKET_CODES.has(code) || SERVER_STATES.has(code)) return true;
    // Class 08: connection exception (SQLSTATEs are five characters).
    if (code.length === 5 && code.startsWith('08')) return true;
  }
  // Node reports a refused connection to every address of a host as an AggregateError.
  if (error instanceof AggregateError && error.errors.some((e) => isDatabaseUnavailable(e, depth + 1))) return true;
  return isDatabaseUnavailable((error as { cause?: unknown }).cause, depth + 1);
}

/** The short reason for logs: the code, and the message. */
export function unavailableReason(error: unknown): { code: string | undefined; error: string } {
  return { code: codeOf(error), error: error instanceof Error ? error.message : String(error) };
}
