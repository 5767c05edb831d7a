import { pino } from 'pino'
import { openDatabase } from '../server/boot'
import { ConfigError, loadConfig, type Config } from '../server/config'

/** Opens the configured database (embedded or DATABASE_URL) for a command-line script. */
export async function withDatabase<T>(fn: (db: Awaited<ReturnType<typeof openDatabase>>['db'], config: Config) => Promise<T>) {
  let config: Config
  try {
    config = loadConfig()
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message)
      process.exit(1)
    }
    throw error
  }
  const database = await openDatabase(config, pino({ level: 'warn' }))
  try {
    return await fn(database.db, config)
  } finally {
    await database.close()
  }
}
