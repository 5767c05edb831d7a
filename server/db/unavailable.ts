/** Socket errors of a database that is not there (stopped, restarting, unreachable). */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN'])

/**
 * PostgreSQL's own: connection exceptions (class 08) and a server shutting
 * down or starting up (57P01 admin shutdown, 57P02 crash shutdown, 57P03
 * cannot connect now).
 */
const SERVER_CODE_RE = /^(?:08\w{3}|57P0[123])$/

/** node-postgres's words for a connection that went away under a query or never came. */
const CLIENT_MESSAGE_RE = /Connection terminated|timeout exceeded when trying to connect|not queryable|Client was closed/i

/**
 * Whether an error means the database is unavailable rather than that the
 * request or the code is wrong: the answer is then 503, and the same request
 * may succeed in a moment. Looks through `cause` (Drizzle wraps driver errors).
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e = error as { code?: unknown; message?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 5; depth++) {
    if (typeof e.code === 'string' && (NETWORK_CODES.has(e.code) || SERVER_CODE_RE.test(e.code))) return true
    if (typeof e.message === 'string' && CLIENT_MESSAGE_RE.test(e.message)) return true
    e = e.cause as typeof e
  }
  return false
}
