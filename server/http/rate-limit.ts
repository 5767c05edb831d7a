import { sql } from 'drizzle-orm'
import type { Request, Response } from 'express'
import { rateLimit, type Options, type Store, type ClientRateLimitInfo } from 'express-rate-limit'
import type { Db } from '../db/client'

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
    const k = this.prefix + key
    const result = await this.db.execute(sql`
      insert into rate_limits (key, hits, reset_at)
      values (${k}, 1, now() + make_interval(secs => ${this.windowMs / 1000}))
      on conflict (key) do update set
        hits = case when rate_limits.reset_at <= now() then 1 else rate_limits.hits + 1 end,
        reset_at = case when rate_limits.reset_at <= now() then excluded.reset_at else rate_limits.reset_at end
      returning hits, reset_at`)
    const row = result.rows[0] as { hits: number; reset_at: string | Date }
    return { totalHits: Number(row.hits), resetTime: new Date(row.reset_at) }
  }

  async decrement(key: string) {
    await this.db.execute(sql`update rate_limits set hits = greatest(hits - 1, 0) where key = ${this.prefix + key}`)
  }

  async resetKey(key: string) {
    await this.db.execute(sql`delete from rate_limits where key = ${this.prefix + key}`)
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
