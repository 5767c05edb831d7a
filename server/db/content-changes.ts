import type { Logger } from 'pino'
import { listenForNotifications, type Notifications } from './notifications'

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

/**
 * The `content_changed` channel, which the triggers of migration 0004 notify on
 * every write to a table public pages read, from any instance, script or psql
 * session, heard through the instance's listener (server/db/notifications.ts),
 * which must listen on CONTENT_CHANGES_CHANNEL. `close` closes the listener.
 */
export function contentChangesOf(notifications: Notifications): ContentChanges {
  let version = 0
  notifications.on(CONTENT_CHANGES_CHANNEL, () => version++)
  // Lost or back: whatever changed while nobody was listening is unknown, so the cache starts afresh.
  notifications.onListening(() => version++)
  return {
    version: () => version,
    listening: notifications.listening,
    bump: () => void version++,
    close: notifications.close,
  }
}

/** A listener of its own on the content channel alone (the page-cache tests). */
export function listenForContentChanges(connectionString: string, logger: Logger): ContentChanges {
  return contentChangesOf(listenForNotifications(connectionString, logger, [CONTENT_CHANGES_CHANNEL]))
}
