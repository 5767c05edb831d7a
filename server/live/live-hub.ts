/**
 * The staff screens' live channel on one app instance (issue 35,
 * docs/decisions/0033): Server-Sent Events streams fed by the instance's one
 * database listener (server/db/notifications.ts). Guarantees:
 *
 * - every change heard is written to every open stream as an event `change`
 *   whose data is the database's payload, re-serialised from its schema;
 * - a stream whose client has gone is removed at once (its `close`); a client
 *   that reads too slowly to keep its buffer under MAX_BUFFERED_BYTES is cut
 *   off rather than let the instance's memory grow (its browser reconnects
 *   and refetches);
 * - at most `perSession` streams per signed-in session and `perInstance` in
 *   all; more are refused with 429;
 * - while the listener is down every stream is told `stale`, and `ready`
 *   once it listens again; a new stream hears which of the two holds first;
 * - a stream whose session is deleted (signed out, ended from another screen
 *   or by an owner, expired and swept) is closed once the database announces
 *   it (migration 0030), and when the listener is back (it may have missed
 *   one): a signed-out screen hears no more changes, and its browser, refused
 *   when it reconnects, says it is signed out;
 * - a stream whose session has passed its idle expiry, which no row's
 *   deletion announces until housekeeping sweeps it, is closed within
 *   `sessionCheckMs` of it.
 */
import type { Request, Response } from 'express'
import type { Logger } from 'pino'
import { LIVE_EVENTS, LIVE_MESSAGES, LIVE_RETRY_FIRST_MS, parseServiceChange, SERVICE_CHANGES_CHANNEL, SESSION_ENDED_CHANNEL } from '#common/live'
import type { Notifications } from '../db/notifications'

export type LiveLimits = {
  /** Streams one session may hold: a member of staff with Tonight, All Reservations and a spare tab. */
  perSession: number
  /** Streams one instance serves: far above a pub's devices, far below what its memory would mind. */
  perInstance: number
  /** How long a stream may outlive its session's idle expiry: how often the open streams' sessions are checked. */
  sessionCheckMs: number
}
/**
 * Four per session: a browser opens at most six HTTP/1.1 connections to one site, so a fifth live tab
 * would start taking the connections its own pages need. 200 per instance: each stream costs a socket
 * and a few kilobytes (docs/performance.md), and a pub has a handful of devices. A minute's check of
 * the open streams' sessions is one indexed query a minute, whatever the number of streams.
 */
export const DEFAULT_LIVE_LIMITS: LiveLimits = { perSession: 4, perInstance: 200, sessionCheckMs: 60_000 }

/** A comment every 20 s keeps proxies and load balancers from closing an idle stream (most cut at 60 s). */
export const HEARTBEAT_MS = 20_000
/** About 500 unsent events: a client this far behind is not reading; it reconnects and refetches. */
export const MAX_BUFFERED_BYTES = 64 * 1024

type Stream = { res: Response; session: string }

export type LiveHub = ReturnType<typeof createLiveHub>

export function createLiveHub({
  logger,
  limits = DEFAULT_LIVE_LIMITS,
  sessionsLeft,
}: {
  logger: Logger
  limits?: LiveLimits
  /** Which of these session ids are still in the session table and unexpired. */
  sessionsLeft: (sids: string[]) => Promise<Set<string>>
}) {
  const streams = new Set<Stream>()
  let notifications: Notifications | undefined
  let heartbeat: NodeJS.Timeout | undefined
  let sessionCheck: NodeJS.Timeout | undefined

  const remove = (stream: Stream) => {
    if (!streams.delete(stream)) return
    if (streams.size === 0) {
      clearInterval(heartbeat)
      clearInterval(sessionCheck)
      heartbeat = sessionCheck = undefined
    }
  }

  /** Writes to one stream, or cuts it off when its client has stopped reading. */
  const send = (stream: Stream, chunk: string) => {
    const { res } = stream
    if (res.writableLength + chunk.length > MAX_BUFFERED_BYTES) {
      logger.warn({ buffered: res.writableLength }, 'A live stream fell behind: cut off')
      remove(stream)
      res.destroy()
      return
    }
    res.write(chunk)
  }
  const broadcast = (chunk: string) => {
    for (const stream of streams) send(stream, chunk)
  }
  /** Closes the streams of sessions that are no more or have expired: their browsers reconnect, are refused, and say signed out. */
  const endSignedOut = async () => {
    if (streams.size === 0) return
    try {
      const left = await sessionsLeft([...new Set([...streams].map((s) => s.session))])
      for (const stream of [...streams]) {
        if (left.has(stream.session)) continue
        remove(stream)
        stream.res.end()
      }
    } catch (error) {
      logger.warn({ err: error }, "The live streams' sessions could not be checked")
    }
  }
  const event = (name: string, data: unknown) => `event: ${name}\ndata: ${JSON.stringify(data)}\n\n`
  const stateEvent = (listening: boolean) => event(listening ? LIVE_EVENTS.ready : LIVE_EVENTS.stale, {})

  return {
    /** Feeds the streams from the instance's listener, which must listen on SERVICE_CHANGES_CHANNEL. */
    follow(source: Notifications) {
      notifications = source
      source.on(SERVICE_CHANGES_CHANNEL, (payload) => {
        const change = parseServiceChange(payload)
        if (change) broadcast(event(LIVE_EVENTS.change, change))
      })
      source.on(SESSION_ENDED_CHANNEL, () => void endSignedOut())
      source.onListening((listening) => {
        broadcast(stateEvent(listening))
        if (listening) void endSignedOut()
      })
    },

    /** Answers GET /api/admin/live: the stream, a 429 over the caps, or (no listener) `stale` and the end. */
    open(req: Request, res: Response) {
      const session = req.sessionID
      if (streams.size >= limits.perInstance) return void res.status(429).json({ message: LIVE_MESSAGES.serverBusy })
      let mine = 0
      for (const s of streams) if (s.session === session) mine++
      if (mine >= limits.perSession) return void res.status(429).json({ message: LIVE_MESSAGES.tooManyStreams })

      res.status(200)
      // no-transform: no proxy (nor the app's compression) may hold events back to compress them;
      // X-Accel-Buffering: nginx passes each event on at once.
      res.set({ 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-store, no-transform', 'X-Accel-Buffering': 'no' })
      res.flushHeaders()
      req.socket.setNoDelay(true)
      // The browser's own reconnection, for clients without the hook's back-off.
      res.write(`retry: ${LIVE_RETRY_FIRST_MS}\n\n`)
      if (!notifications) {
        // An instance that hears no changes (a test app) says so and ends: nothing would ever come.
        res.end(stateEvent(false))
        return
      }
      const stream: Stream = { res, session }
      streams.add(stream)
      res.on('close', () => remove(stream))
      send(stream, stateEvent(notifications.listening()))
      heartbeat ??= setInterval(() => broadcast(': heartbeat\n\n'), HEARTBEAT_MS).unref()
      sessionCheck ??= setInterval(() => void endSignedOut(), limits.sessionCheckMs).unref()
    },

    /** Open streams on this instance. */
    count: () => streams.size,

    /** Ends every stream (shutdown): their browsers reconnect to another instance. */
    closeAll() {
      for (const stream of [...streams]) {
        remove(stream)
        stream.res.end()
      }
    },
  }
}
