import pg from 'pg'
import type { Logger } from 'pino'

/**
 * One instance's ear on the database: a dedicated connection that LISTENs on
 * every channel the app follows (the page cache's `content_changed`, the staff
 * screens' `service_changed`), one connection per instance however many
 * channels and screens. It reconnects by itself with back-off: a restarted
 * database must not leave pages stale or screens silent for good.
 */
export type Notifications = {
  /** Calls `handler` with each payload announced on `channel` (one of those listened on). Returns the unsubscribe. */
  on: (channel: string, handler: (payload: string) => void) => () => void
  /** Calls `handler(false)` when the connection is lost and `handler(true)` once it listens again. */
  onListening: (handler: (listening: boolean) => void) => () => void
  /** False while the connection is down: whatever was announced meanwhile is lost. */
  listening: () => boolean
  close: () => Promise<void>
}

/** Reconnection delays: 250 ms, doubling, at most 10 s (a few seconds of missed changes, not a storm of connects). */
const RETRY_FIRST_MS = 250
const RETRY_MAX_MS = 10_000

export function listenForNotifications(connectionString: string, logger: Logger, channels: readonly string[]): Notifications {
  const handlers = new Map<string, Set<(payload: string) => void>>(channels.map((channel) => [channel, new Set()]))
  const stateHandlers = new Set<(listening: boolean) => void>()
  let current: pg.Client | undefined
  let closed = false
  let retry: NodeJS.Timeout | undefined
  let attempt = 0

  const tell = (listening: boolean) => {
    for (const handler of stateHandlers) handler(listening)
  }
  const again = () => {
    if (closed) return
    retry = setTimeout(() => void connect(), Math.min(RETRY_MAX_MS, RETRY_FIRST_MS * 2 ** attempt++))
  }

  const lost = (client: pg.Client) => {
    if (current !== client) return
    current = undefined
    client.end().catch(() => {})
    if (closed) return
    logger.warn({ channels }, 'Lost the database listener: pages are rendered fresh and staff screens are told, until it is back')
    tell(false)
    again()
  }

  const connect = async () => {
    const client = new pg.Client({ connectionString })
    client.on('notification', (message) => {
      for (const handler of handlers.get(message.channel) ?? []) handler(message.payload ?? '')
    })
    client.on('error', () => lost(client))
    client.on('end', () => lost(client))
    try {
      await client.connect()
      for (const channel of channels) await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`)
    } catch {
      client.end().catch(() => {})
      again()
      return
    }
    if (closed) return void client.end().catch(() => {})
    current = client
    attempt = 0
    // Whatever changed while nobody was listening is unknown: those following start afresh.
    tell(true)
  }
  const ready = connect()

  return {
    on: (channel, handler) => {
      const set = handlers.get(channel)
      if (!set) throw new Error(`Not listening on ${channel}: name it when the listener is made`)
      set.add(handler)
      return () => void set.delete(handler)
    },
    onListening: (handler) => {
      stateHandlers.add(handler)
      return () => void stateHandlers.delete(handler)
    },
    listening: () => current !== undefined,
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
