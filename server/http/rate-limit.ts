import type { Request, Response } from 'express'
import { rateLimit, type Options, type Store, type ClientRateLimitInfo } from 'express-rate-limit'
import type pg from 'pg'
import type { Db } from '../db/client'
import { TooManyRequestsError } from './errors'

/** The row a counted attempt returns: hits in the current window and when it ends. */
export type AttemptCount = { hits: number; reset_at: Date }
/** One attempt to count: the limit's key for a client and the window's length. */
export type Attempt = { key: string; windowSeconds: number }

/**
 * Counts attempts in fixed windows (a new window starts once the last has
 * ended): one row per distinct key of the array, returning `key, hits,
 * reset_at` with every attempt of the array counted. A plain node-postgres
 * query, so a transaction can send it with its own statements.
 */
export function countAttemptsQuery(keys: string[], windowSeconds: number): pg.QueryConfig {
  return {
    name: 'rate-limit-count',
    // Keys in a fixed order, so two transactions counting the same keys never wait on each other in a circle.
    text: `insert into rate_limits (key, hits, reset_at)
      select key, count(*)::int, now() + make_interval(secs => $2)
        from unnest($1::text[]) as key group by key order by key
      on conflict (key) do update set
        hits = case when rate_limits.reset_at <= now() then excluded.hits else rate_limits.hits + excluded.hits end,
        reset_at = case when rate_limits.reset_at <= now() then excluded.reset_at else rate_limits.reset_at end
      returning key, hits, reset_at`,
    values: [keys, windowSeconds],
  }
}

/**
 * A rate-limit store in PostgreSQL, so every app instance shares one count
 * (DESIGN.md section 7: nothing that must be shared lives in memory).
 */
export class PgRateLimitStore implements Store {
  localKeys = false
  private windowMs = 60_000
  constructor(
    private readonly db: Db,
    readonly prefix: string,
  ) {}

  init(options: Options) {
    this.windowMs = options.windowMs
  }

  async increment(key: string): Promise<ClientRateLimitInfo> {
    const result = await this.db.$client.query<AttemptCount>(countAttemptsQuery([this.prefix + key], this.windowMs / 1000))
    const row = result.rows[0]!
    return { totalHits: row.hits, resetTime: new Date(row.reset_at) }
  }

  async decrement(key: string) {
    await this.db.$client.query('update rate_limits set hits = greatest(hits - 1, 0) where key = $1', [this.prefix + key])
  }

  async resetKey(key: string) {
    await this.db.$client.query('delete from rate_limits where key = $1', [this.prefix + key])
  }
}

/** 'in 1 minute' / 'in 14 minutes' / 'in 30 seconds', from a reset time. */
export function retryWhen(resetTime: Date | undefined, now = Date.now()): string {
  const seconds = Math.max(1, Math.ceil(((resetTime?.getTime() ?? now + 60_000) - now) / 1000))
  if (seconds < 60) return `in ${seconds} second${seconds === 1 ? '' : 's'}`
  const minutes = Math.ceil(seconds / 60)
  return `in ${minutes} minute${minutes === 1 ? '' : 's'}`
}

type LimiterOptions = {
  db: Db
  name: string
  windowMs: number
  limit: number
  message: (retry: string) => string
  key?: (req: Request) => string | undefined
  skipSuccessfulRequests?: boolean
}

/** A limiter answering 429 `{ message }` that says when to retry. */
export function createLimiter(o: LimiterOptions) {
  return rateLimit({
    windowMs: o.windowMs,
    limit: o.limit,
    standardHeaders: 'draft-7',
    legacyHeaders: false,
    skipSuccessfulRequests: o.skipSuccessfulRequests ?? false,
    // A handler may mark a failure it answers without an error status (a redirect back to a form).
    requestWasSuccessful: (_req: Request, res: Response) => res.statusCode < 400 && res.locals.failedAttempt !== true,
    store: new PgRateLimitStore(o.db, `${o.name}:`),
    ...(o.key
      ? {
          keyGenerator: (req: Request) => o.key!(req) ?? 'unknown',
          skip: (req: Request) => o.key!(req) === undefined,
        }
      : {}),
    validate: { trustProxy: false, xForwardedForHeader: false, keyGeneratorIpFallback: false },
    handler: (req: Request, res: Response) => {
      const info = (req as Request & { rateLimit?: { resetTime?: Date } }).rateLimit
      res.status(429).json({ message: o.message(retryWhen(info?.resetTime)) })
    },
  })
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

  /** What counts an attempt of `client` (see countAttemptsQuery). */
  attempt(client: string): Attempt {
    return { key: `${this.o.name}:${client}`, windowSeconds: this.o.windowMs / 1000 }
  }

  /** Throws 429 when the counted attempt went over the limit. */
  check(count: AttemptCount, now = Date.now()) {
    if (Number(count.hits) <= this.o.limit) return
    const resetAt = new Date(count.reset_at)
    throw new TooManyRequestsError(this.o.message(retryWhen(resetAt, now)), Math.max(1, Math.ceil((resetAt.getTime() - now) / 1000)))
  }

  /** Counts an attempt on its own (a request refused before it reaches the transaction) and throws 429 over the limit. */
  async count(db: Db, client: string) {
    const { key, windowSeconds } = this.attempt(client)
    const result = await db.$client.query<AttemptCount>(countAttemptsQuery([key], windowSeconds))
    this.check(result.rows[0]!)
  }
}
