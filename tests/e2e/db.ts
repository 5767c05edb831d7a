import pg from 'pg'
// @ts-expect-error a plain ESM helper shared with the bench script
import { embeddedDatabaseUrl } from '../helpers/server-process.mjs'

/**
 * Runs `fn` with a client of the test server's own embedded PostgreSQL (its data
 * directory is E2E_DATA_DIR, set in playwright.config.ts), for data that no screen
 * can make yet, such as an hour exception before the Hours panel exists.
 */
export async function withServerDatabase<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const dataDir = process.env.E2E_DATA_DIR
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set: run the browser tests through playwright.config.ts')
  const client = new pg.Client({ connectionString: embeddedDatabaseUrl(dataDir) as string })
  await client.connect()
  try {
    return await fn(client)
  } finally {
    await client.end()
  }
}
