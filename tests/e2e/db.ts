import { expect, test } from '@playwright/test'
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
 * of migration 0004): resolves once the database has announced the change on
 * this test's connection. The server hears it on its own connection, whose
 * PostgreSQL backend is woken after the commit and may come later on a busy
 * machine; until then it serves the pages it had cached. A test that then reads
 * a page waits for the change there with `untilServed`.
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

/**
 * Resolves once the test server answers `path` with `text` in it (or, with `present: false`, without it):
 * the server has heard a change written straight into its database (withAnnouncedChange). A page asked
 * for sooner can be the one cached before the change (events.spec.ts failed so once in a clean-clone
 * run: the new event was not on /events, and a page's HTML does not fetch again).
 */
export async function untilServed(path: string, text: string, { present = true } = {}): Promise<void> {
  const url = new URL(path, test.info().project.use.baseURL)
  await expect
    .poll(async () => (await (await fetch(url)).text()).includes(text), {
      message: `${path} ${present ? 'with' : 'without'} ${JSON.stringify(text)}`,
      timeout: 10_000,
    })
    .toBe(present)
}
