import { test } from '@playwright/test'
import pg from 'pg'
import { CONTENT_CHANGES_CHANNEL } from '../../server/db/content-changes'
// @ts-expect-error a plain ESM helper shared with the bench script
import { embeddedDatabaseUrl } from '../helpers/server-process.mjs'

/**
 * The data directory of the server the running test talks to: its project's
 * (playwright.config.ts; the floor-plan tests have a server of their own).
 */
export function serverDataDir(): string {
  const dataDir = test.info().project.metadata.dataDir as string | undefined
  if (!dataDir) throw new Error('No data directory for this project: run the browser tests through playwright.config.ts')
  return dataDir
}

/**
 * Runs `fn` with a client of the test server's own embedded PostgreSQL (in
 * serverDataDir), for data that no screen can make yet, such as an hour exception before the Hours panel exists.
 */
export async function withServerDatabase<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: embeddedDatabaseUrl(serverDataDir()) as string })
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
