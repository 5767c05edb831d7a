import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { migrate } from 'drizzle-orm/node-postgres/migrator'
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

/** Applies the committed SQL migrations that have not run yet. */
export async function runMigrations(db: Db): Promise<void> {
  await migrate(db, { migrationsFolder: migrationsFolder() })
}
