import pg from 'pg'
import { CONTENT_CHANGES_CHANNEL } from '../../server/db/content-changes'
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

/**
 * As withServerDatabase, for a write to content the public pages show (a table
 * of migration 0004): resolves once the database has announced the change, so
 * the test server has heard it too and a page asked for next is not one cached
 * before it. (The server drops cached pages when it hears the announcement, a
 * moment after the commit; a test that navigates at once could get in first.)
 */
export async function withAnnouncedChange<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  return withServerDatabase(async (client) => {
    await client.query(`LISTEN ${CONTENT_CHANGES_CHANNEL}`)
    const heard = new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('The database announced no content change within 5 s')), 5_000)
      client.once('notification', () => {
        clearTimeout(timer)
        resolve()
      })
    })
    const result = await fn(client)
    await heard
    return result
  })
}
