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

/**
 * graphile-worker 0.16 leaves promises of its own without a handler when its cron cannot reach the
 * database as a minute turns (`cron.promise.finally(…)` in its runner.js), and Node ends a process
 * on an unhandled rejection. A database that is away is a state the app answers (503) and recovers
 * from (the job queue restarts itself, jobs/worker.ts): such a rejection is logged. Any other still
 * ends the process, as Node's default does (decision 47).
 */
export function survivesTheDatabaseAway(logger: { warn: (fields: object, message: string) => void }) {
  process.on('unhandledRejection', (reason) => {
    if (!isDatabaseUnavailable(reason)) throw reason
    logger.warn({ err: reason }, 'A call to the database failed while it was away, and nothing was waiting for it: carrying on')
  })
}
