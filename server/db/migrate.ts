import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { migrate } from 'drizzle-orm/node-postgres/migrator'
import { Logger, runMigrations as runQueueMigrations } from 'graphile-worker'
import pg from 'pg'
import type { Db } from './client'

/** The project root: the nearest folder upward that holds package.json. */
export function projectRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url))
  while (!fs.existsSync(path.join(dir, 'package.json'))) {
    const parent = path.dirname(dir)
    if (parent === dir) return process.cwd()
    dir = parent
  }
  return dir
}

export const migrationsFolder = () => path.join(projectRoot(), 'server/db/migrations')

/**
 * Applies the committed SQL migrations that have not run yet, then the job
 * queue's own (graphile-worker's schema): a booking's transaction queues its
 * emails, so the queue's tables must exist before the first booking.
 */
export async function runMigrations(db: Db): Promise<void> {
  await migrate(db, { migrationsFolder: migrationsFolder() })
  const pool = new pg.Pool({ connectionString: db.$client.options.connectionString, max: 1 })
  try {
    await runQueueMigrations({ pgPool: pool, logger: new Logger(() => () => {}) })
  } finally {
    await pool.end()
  }
}
