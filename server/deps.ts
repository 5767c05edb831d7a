import type { Logger } from 'pino'
import type { Config } from './config'
import type { Db } from './db/client'
import type { MediaStorage } from './media/storage'

/** The clock is injected so tests can fix "now". */
export type Clock = { now: () => Date }
export const systemClock: Clock = { now: () => new Date() }

/** Everything the app needs from outside, passed in (never imported as globals). */
export type Deps = {
  db: Db
  config: Config
  clock: Clock
  logger: Logger
  /** Where uploads are kept; local disk under DATA_DIR/uploads when not given. */
  storage?: MediaStorage
}
