import pg from 'pg'
import type { Logger } from 'pino'

/**
 * What the page cache needs to know about public content: a number that moves
 * whenever it may have changed, and whether this instance is hearing changes at all.
 */
export type ContentChanges = {
  /** Changes on every announced change, on every reconnection, and on `bump()`. */
  version: () => number
  /** False while the listening connection is down: nothing cached may be trusted then. */
  listening: () => boolean
  /** This instance changed content itself: drop what is cached without waiting for the announcement. */
  bump: () => void
  close: () => Promise<void>
}

/** The channel the triggers of migration 0004 notify on. */
export const CONTENT_CHANGES_CHANNEL = 'content_changed'
const RETRY_MS = 1_000

/**
 * Listens on the `content_changed` channel that the triggers of migration 0004
 * notify on every write to a table public pages read, from any instance, script
 * or psql session. One connection per instance, reconnecting by itself (a
 * restarted database must not leave pages stale or the cache off for good).
 */
export function listenForContentChanges(connectionString: string, logger: Logger): ContentChanges {
  let version = 0
  let current: pg.Client | undefined
  let closed = false
  let retry: NodeJS.Timeout | undefined

  const lost = (client: pg.Client) => {
    if (current !== client) return
    current = undefined
    version++
    client.end().catch(() => {})
    if (!closed) {
      logger.warn('Lost the content-change listener: pages are rendered fresh until it is back')
      retry = setTimeout(() => void connect(), RETRY_MS)
    }
  }

  const connect = async () => {
    const client = new pg.Client({ connectionString })
    client.on('notification', () => version++)
    client.on('error', () => lost(client))
    client.on('end', () => lost(client))
    try {
      await client.connect()
      await client.query(`LISTEN ${CONTENT_CHANGES_CHANNEL}`)
    } catch {
      client.end().catch(() => {})
      if (!closed) retry = setTimeout(() => void connect(), RETRY_MS)
      return
    }
    if (closed) return void client.end().catch(() => {})
    current = client
    // Whatever changed while nobody was listening is unknown: start afresh.
    version++
  }
  const ready = connect()

  return {
    version: () => version,
    listening: () => current !== undefined,
    bump: () => void version++,
    close: async () => {
      closed = true
      clearTimeout(retry)
      await ready
      const client = current
      current = undefined
      await client?.end().catch(() => {})
    },
  }
}
