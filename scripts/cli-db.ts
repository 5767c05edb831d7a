import { pino } from 'pino'
import { openDatabase } from '../server/boot'
import { loadConfigOrExit, type Config } from '../server/config'

/**
 * Opens the configured database (embedded or DATABASE_URL) for a command-line script: the running app's own
 * embedded server when it runs on DATA_DIR, which is left running.
 */
export async function withDatabase<T>(fn: (db: Awaited<ReturnType<typeof openDatabase>>['db'], config: Config) => Promise<T>) {
  const config = loadConfigOrExit()
  const database = await openDatabase(config, pino({ level: 'warn' }), { shareRunning: true })
  if (database.sharedWith) console.error(`Using the database of the app running on ${config.dataDir} (pid ${database.sharedWith}), left running.`)
  try {
    return await fn(database.db, config)
  } finally {
    await database.close()
  }
}
