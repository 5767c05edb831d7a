import pg from 'pg'
import type { Logger } from 'pino'
import type { Config } from './config'
import { createDb, type Db } from './db/client'
import { embeddedUrl, runningEmbeddedServer, startEmbeddedPostgres, type EmbeddedDatabase } from './db/embedded'
import { runMigrations } from './db/migrate'
import { seed } from './db/seed'
import type { Clock } from './deps'

const APP_DATABASE = 'pub'

/** Creates the app's database on the embedded server if it is not there yet. */
async function ensureDatabase(adminUrl: string, name: string) {
  const client = new pg.Client({ connectionString: adminUrl })
  await client.connect()
  try {
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [name])
    if (!rowCount) await client.query(`create database "${name}"`)
  } finally {
    await client.end()
  }
}

export type Database = {
  db: Db
  embedded?: EmbeddedDatabase
  /** The running process whose embedded server this uses (`shareRunning`). */
  sharedWith?: number
  close: () => Promise<void>
}

/**
 * Connects to DATABASE_URL, or starts the embedded PostgreSQL in DATA_DIR,
 * then applies the migrations. With `shareRunning` (the command-line scripts),
 * an embedded server that a running app started is used as it is, and left
 * running on close: stopping it would take the site's database away.
 */
export async function openDatabase(config: Config, logger: Logger, { shareRunning = false } = {}): Promise<Database> {
  let embedded: EmbeddedDatabase | undefined
  let sharedWith: number | undefined
  let url = config.databaseUrl
  if (!url) {
    const running = shareRunning ? runningEmbeddedServer(config.dataDir) : undefined
    if (running?.owner !== undefined) {
      sharedWith = running.owner
      await ensureDatabase(embeddedUrl(config.dataDir, running.port), APP_DATABASE)
      url = embeddedUrl(config.dataDir, running.port, APP_DATABASE)
    } else {
      const pgLog = logger.child({ component: 'postgres' })
      embedded = await startEmbeddedPostgres({ dataDir: config.dataDir, log: (m) => pgLog.debug(m) })
      await ensureDatabase(embedded.url(), APP_DATABASE)
      url = embedded.url(APP_DATABASE)
    }
  }
  const db = createDb(url)
  await runMigrations(db)
  return {
    db,
    embedded,
    sharedWith,
    close: async () => {
      await db.$client.end().catch(() => {})
      await embedded?.stop()
    },
  }
}

/** Seeds an empty database with the demo venue and creates the first admin. */
export async function prepareData(db: Db, config: Config, clock: Clock, logger: Logger) {
  await seed(db, { now: clock.now(), timeZone: config.venueTimezone, demoPlan: config.demoPlan })
  const { createUserService } = await import('./auth/users')
  const result = await createUserService(db).bootstrapAdmin({
    username: config.adminUsername,
    password: config.adminPassword,
  })
  if (result.created && result.generatedPassword) {
    // Printed once, on the run that created the account; it is not stored anywhere.
    const line = '='.repeat(64)
    console.log(
      `\n${line}\n  Staff account created. Sign in at /login with:\n    username: ${result.username}\n    password: ${result.generatedPassword}\n  Change it with: npm run users -- reset-password ${result.username}\n${line}\n`,
    )
  } else if (result.created) {
    logger.info({ username: result.username }, 'Created the admin account from ADMIN_USERNAME')
  }
}
