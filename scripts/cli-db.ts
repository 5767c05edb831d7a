import { pino } from 'pino'
import { openDatabase } from '../server/boot'
import { loadConfigOrExit, type Config } from '../server/config'

/** Opens the configured database (embedded or DATABASE_URL) for a command-line script. */
export async function withDatabase<T>(fn: (db: Awaited<ReturnType<typeof openDatabase>>['db'], config: Config) => Promise<T>) {
  const config = loadConfigOrExit()
  const database = await openDatabase(config, pino({ level: 'warn' }))
  try {
    return await fn(database.db, config)
  } finally {
    await database.close()
  }
}
