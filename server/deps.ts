import { AsyncLocalStorage } from 'node:async_hooks'
import type { RequestHandler } from 'express'
import type { Logger } from 'pino'
import type { Config } from './config'
import type { Db } from './db/client'
import type { MediaStorage } from './media/storage'

/** The clock is injected so tests can fix "now". */
export type Clock = { now: () => Date }
export const systemClock: Clock = { now: () => new Date() }

/**
 * For the browser tests only (TEST_CLOCK_HEADER=true): a request carrying
 * `X-Test-Now: <ISO instant>` sees that instant as "now", in its pages and API
 * answers alike, so a test can run the calendar on the 31st of a month or
 * across a clock change while other tests use the real time. Never enabled
 * in a real deployment.
 */
export function testClockFromHeader(base: Clock): { clock: Clock; middleware: RequestHandler } {
  const fixed = new AsyncLocalStorage<number>()
  return {
    clock: { now: () => new Date(fixed.getStore() ?? base.now().getTime()) },
    middleware: (req, _res, next) => {
      const header = req.get('x-test-now')
      const at = header ? Date.parse(header) : Number.NaN
      if (Number.isNaN(at)) return next()
      fixed.run(at, next)
    },
  }
}

/** Everything the app needs from outside, passed in (never imported as globals). */
export type Deps = {
  db: Db
  config: Config
  clock: Clock
  logger: Logger
  /** Where uploads are kept; local disk under DATA_DIR/uploads when not given. */
  storage?: MediaStorage
}
