import type { Request, RequestHandler } from 'express'
import type { Db } from '../db/client'
import type { Clock } from '../deps'
import { AttemptLimit, countAttemptsQuery, type AttemptCount } from '../rate-limits/attempts'

/**
 * A limit on attempts per client, as middleware, counted in PostgreSQL so every
 * app instance shares it (DESIGN.md section 7) and windowed by the app's clock.
 * Each request counts before its handler runs; over `limit` it gets 429 with
 * Retry-After and a message saying when. With `failuresOnly`, an attempt that
 * succeeds is taken back once answered (a handler may mark a failure it
 * answers without an error status with `res.locals.failedAttempt`).
 */
export function limitAttempts(o: {
  db: Db
  clock: Clock
  name: string
  windowMs: number
  limit: number
  message: (retry: string) => string
  /** The client a request counts for; undefined skips the limit. The caller's address by default. */
  key?: (req: Request) => string | undefined
  failuresOnly?: boolean
}): RequestHandler {
  const limit = new AttemptLimit(o)
  return async (req, res, next) => {
    const client = o.key ? o.key(req) : (req.ip ?? 'unknown')
    if (client === undefined) return next()
    const attempt = limit.attempt(client, o.clock.now())
    const result = await o.db.$client.query<AttemptCount>(countAttemptsQuery([attempt.key], attempt.windowSeconds, attempt.at))
    if (o.failuresOnly) {
      res.once('finish', () => {
        if (res.statusCode >= 400 || res.locals.failedAttempt === true) return
        void o.db.$client
          .query('update rate_limits set hits = greatest(hits - 1, 0) where key = $1 and reset_at > $2', [attempt.key, o.clock.now()])
          .catch(() => undefined)
      })
    }
    limit.check(result.rows[0]!, attempt.at.getTime())
    next()
  }
}
