import fs from 'node:fs'
import path from 'node:path'
import pg from 'pg'

/**
 * Runs `fn` with a client of the test server's own embedded PostgreSQL (its data
 * directory is E2E_DATA_DIR, set in playwright.config.ts), for data that no screen
 * can make yet, such as an hour exception before the Hours panel exists.
 */
export async function withServerDatabase<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const dataDir = process.env.E2E_DATA_DIR
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set: run the browser tests through playwright.config.ts')
  // postmaster.pid: pid, data directory, start time, port, ...
  const port = fs.readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[3]
  const password = fs.readFileSync(path.join(dataDir, 'postgres-password'), 'utf8').trim()
  const client = new pg.Client({ host: '127.0.0.1', port: Number(port), user: 'postgres', password, database: 'pub' })
  await client.connect()
  try {
    return await fn(client)
  } finally {
    await client.end()
  }
}
