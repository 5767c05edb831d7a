/**
 * Limits on attempts per client, counted in PostgreSQL so every app instance
 * shares them (DESIGN.md section 7) and windowed by the app's clock. The
 * count is a plain statement, so a transaction can send it with its own (the
 * booking batch, login); the middleware of server/http/rate-limit.ts counts
 * it on its own for other routes.
 */
import type pg from 'pg'
import type { Db } from '../db/client'
import { TooManyRequestsError } from '../domain-errors'

/** The row a counted attempt returns: hits in the current window and when it ends. */
export type AttemptCount = { hits: number; reset_at: Date }
/** One attempt to count: the limit's key for a client, the window's length and when it was made. */
export type Attempt = { key: string; windowSeconds: number; at: Date }

/**
 * Counts attempts in fixed windows (a new window starts once the last has
 * ended at `at`, the app's clock): one row per distinct key of the array,
 * returning `key, hits, reset_at` with every attempt of the array counted. A
 * plain node-postgres query, so a transaction can send it with its own
 * statements.
 */
export function countAttemptsQuery(keys: string[], windowSeconds: number, at: Date): pg.QueryConfig {
  return {
    name: 'rate-limit-count',
    // Keys in a fixed order, so two transactions counting the same keys never wait on each other in a circle.
    text: `insert into rate_limits (key, hits, reset_at)
      select key, count(*)::int, $3::timestamptz + make_interval(secs => $2)
        from unnest($1::text[]) as key group by key order by key
      on conflict (key) do update set
        hits = case when rate_limits.reset_at <= $3 then excluded.hits else rate_limits.hits + excluded.hits end,
        reset_at = case when rate_limits.reset_at <= $3 then excluded.reset_at else rate_limits.reset_at end
      returning key, hits, reset_at`,
    values: [keys, windowSeconds, at],
  }
}

/** Attempts counted for a key in its current window (0 when none or the window has ended). */
export async function attemptsSoFar(db: Db, key: string, at: Date): Promise<number> {
  const result = await db.$client.query<{ hits: number }>({
    name: 'rate-limit-read',
    text: 'select hits from rate_limits where key = $1 and reset_at > $2',
    values: [key, at],
  })
  return result.rows[0]?.hits ?? 0
}

/** 'in 1 minute' / 'in 14 minutes' / 'in 30 seconds', from a reset time. */
export function retryWhen(resetTime: Date | undefined, now = Date.now()): string {
  const seconds = Math.max(1, Math.ceil(((resetTime?.getTime() ?? now + 60_000) - now) / 1000))
  if (seconds < 60) return `in ${seconds} second${seconds === 1 ? '' : 's'}`
  const minutes = Math.ceil(seconds / 60)
  return `in ${minutes} minute${minutes === 1 ? '' : 's'}`
}

/**
 * A limit on attempts per client for a public endpoint whose handler counts
 * the attempt itself, inside its own transaction (the booking POST), instead
 * of through a middleware's separate round trip.
 */
export class AttemptLimit {
  constructor(
    private readonly o: { name: string; windowMs: number; limit: number; message: (retry: string) => string },
  ) {}

  /** What counts an attempt of `client` made at `at` (see countAttemptsQuery). */
  attempt(client: string, at: Date): Attempt {
    return { key: `${this.o.name}:${client}`, windowSeconds: this.o.windowMs / 1000, at }
  }

  /** Throws 429 when the counted attempt went over the limit. */
  check(count: AttemptCount, now: number) {
    if (Number(count.hits) <= this.o.limit) return
    const resetAt = new Date(count.reset_at)
    throw new TooManyRequestsError(this.o.message(retryWhen(resetAt, now)), Math.max(1, Math.ceil((resetAt.getTime() - now) / 1000)))
  }

  /** Counts an attempt on its own (a request refused before it reaches the transaction) and throws 429 over the limit. */
  async count(db: Db, client: string, at: Date) {
    const { key, windowSeconds } = this.attempt(client, at)
    const result = await db.$client.query<AttemptCount>(countAttemptsQuery([key], windowSeconds, at))
    this.check(result.rows[0]!, at.getTime())
  }
}
