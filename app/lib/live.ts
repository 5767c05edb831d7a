/**
 * The back-office's live channel (issue 35, docs/decisions/0033): one
 * EventSource to /api/admin/live for the whole shell. A change refetches the
 * queries of its date on every screen; a lost connection keeps the screen as
 * it was, says since when, refuses changes (app/lib/api.ts), retries with
 * back-off (1, 2, 4 ... 30 s) and refetches everything once it is back. A
 * stream that is down while the server still answers (an instance stopping,
 * a stream refused over its cap) is the banner and the retries, but changes
 * are saved: the server that would refuse them is there to take them. A
 * stream ended or refused because the session has ended is not offline: the
 * screen is signed out (app/lib/staff-session.ts) and the stream waits until
 * staff sign in again.
 */
import { useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query'
import * as React from 'react'
import { LIVE_EVENTS, LIVE_PATH, liveRetryDelay, parseServiceChange, type ServiceChange } from '#common/live'
import { isBackOfficeOffline, setBackOfficeOffline } from './api'
import { hasSessionEnded, sessionEnded, subscribeStaffSession } from './staff-session'
import { eventKeys } from './queries/events'
import { reservationKeys, type ReservationFilter } from './queries/reservations'

/**
 * `offlineSince`: the first moment changes may have been missed, or null while live. `changesRefused`: whether the
 * server is out of reach (offline: changes are refused) rather than only the stream down (changes are saved).
 */
export type LiveState = { offlineSince: Date | null; changesRefused: boolean }

/**
 * What the server says of this screen once its stream has closed or been refused: nobody signed in here (401
 * from /api/user), signed in (any other answer), or no answer within 3 s. An EventSource cannot read why it was
 * refused, so a stream refused for a session that ended, one the server ended (an instance stopping, a fifth
 * tab over the cap) and a lost connection look alike until this is asked.
 */
async function askServer(): Promise<'signed out' | 'signed in' | 'no answer'> {
  try {
    const res = await fetch('/api/user', { credentials: 'include', signal: AbortSignal.timeout(3_000) })
    return res.status === 401 ? 'signed out' : 'signed in'
  } catch {
    return 'no answer'
  }
}

/**
 * Whether a query shows what `change` changed: for a booking or the waitlist, something of its date (a day's
 * list, a range or search holding it, or a key naming it); for an event enquiry, the enquiries' list and count.
 */
export function concernsChange(key: QueryKey, change: ServiceChange): boolean {
  if (change.kind === 'enquiry') return key[0] === eventKeys.enquiries[0]
  if (key[0] === reservationKeys.all[0] && key[1] === 'list') {
    const filter = (key[2] ?? {}) as ReservationFilter
    if (filter.date) return filter.date === change.date
    return (!filter.from || filter.from <= change.date) && (!filter.to || change.date <= filter.to)
  }
  // The rest of the reservations' queries (the pending count, a booking's history) are few and cheap.
  if (key[0] === reservationKeys.all[0]) return true
  // Any other screen's query of a date (Tonight, the waitlist, the table picker) names the date in its key.
  return JSON.stringify(key).includes(`"${change.date}"`)
}

/** The key of the changes shown on a query's data before the server has them (`optimistic` in useConfirmedMutation). */
export const optimisticMutationKey = (queryKey: QueryKey) => ['optimistic', ...queryKey]

/**
 * Refetches the active queries a change concerns (inactive ones are only marked stale), except one with a
 * change of this screen's own still on its way: the server may not have it yet, so the screen would show the
 * older value for a moment (a status picked twice showed the first pick, announced by its own save). The last
 * such change refetches that query when it ends, which takes in whatever the announcement was about.
 */
export function applyChange(queryClient: QueryClient, change: ServiceChange) {
  return queryClient.invalidateQueries({
    predicate: (query) =>
      concernsChange(query.queryKey, change) && queryClient.isMutating({ mutationKey: optimisticMutationKey(query.queryKey), exact: true }) === 0,
  })
}

const LIVE: LiveState = { offlineSince: null, changesRefused: false }

/** Mount once, in the back-office shell: every staff screen below it is then live. */
export function useLiveChanges(): LiveState {
  const queryClient = useQueryClient()
  const [state, setState] = React.useState<LiveState>(LIVE)

  React.useEffect(() => {
    let source: EventSource | undefined
    let retry: ReturnType<typeof setTimeout> | undefined
    let attempt = 0
    let since: Date | null = null
    let stopped = false

    /**
     * Changes may be missed from now on: the banner shows the first moment, however many retries follow, and
     * whether changes made here are refused (offline) or saved (only the stream is down), as that turns.
     */
    const missing = () => {
      since ??= new Date()
      const down = { offlineSince: since, changesRefused: isBackOfficeOffline() }
      setState((now) => (now.offlineSince === down.offlineSince && now.changesRefused === down.changesRefused ? now : down))
    }
    /** The server is unreachable: changes are refused until it answers again. */
    const lost = () => {
      source?.close()
      source = undefined
      setBackOfficeOffline(true)
      missing()
    }
    /** The server answers but the stream is down: changes may be missed, not refused. */
    const streamDown = () => {
      setBackOfficeOffline(false)
      missing()
    }
    /** Not offline after all: the session ended. Staff are asked to sign in; the stream waits for them. */
    const signedOut = () => {
      clearTimeout(retry)
      source?.close()
      source = undefined
      setBackOfficeOffline(false)
      if (since) {
        since = null
        setState(LIVE)
      }
      sessionEnded({ ask: false })
    }
    const caughtUp = () => {
      attempt = 0
      setBackOfficeOffline(false)
      if (!since) return
      since = null
      setState(LIVE)
      // Whatever changed meanwhile is unknown: every query on screen is fetched again.
      void queryClient.invalidateQueries()
    }

    const connect = () => {
      if (stopped || source || hasSessionEnded()) return
      const next = new EventSource(LIVE_PATH, { withCredentials: true })
      source = next
      next.addEventListener(LIVE_EVENTS.ready, caughtUp)
      // The stream is up but its server has lost the database's announcements: the banner, but changes may still be made.
      next.addEventListener(LIVE_EVENTS.stale, streamDown)
      next.addEventListener(LIVE_EVENTS.change, (event) => {
        const change = parseServiceChange((event as MessageEvent<string>).data)
        if (change) void applyChange(queryClient, change)
      })
      // The stream closed (its session ended, the instance stopped) or the connection went. An EventSource cannot read
      // why a reconnection is refused, so the server is asked whether anyone is signed in before the banner says
      // offline. The browser's own retry, a fixed second, is replaced by this hook's back-off.
      next.onerror = () => {
        if (source !== next) return
        next.close()
        source = undefined
        void askServer().then((answer) => {
          if (stopped || source) return
          if (answer === 'signed out') return signedOut()
          // No answer: offline, and changes are refused. An answer: only the stream is down, so changes made
          // meanwhile are saved, and the banner says other screens' changes may not show until it is back.
          if (answer === 'no answer') lost()
          else streamDown()
          clearTimeout(retry)
          retry = setTimeout(connect, liveRetryDelay(attempt++))
        })
      }
    }
    // The browser knows first when its network goes: no waiting for the stream to time out. (Signed out, the
    // screen waits for staff to sign in, which says so itself if the network is gone.)
    const offline = () => {
      if (hasSessionEnded()) return
      clearTimeout(retry)
      lost()
    }
    const online = () => {
      clearTimeout(retry)
      attempt = 0
      connect()
    }
    // Signed in again: the stream opens, and its `ready` refetches what it missed. Signed out by a staff call's
    // answer: the stream stops until then (a screen asked to sign in is not offline).
    const unsubscribe = subscribeStaffSession(() => {
      if (hasSessionEnded()) signedOut()
      else if (!source) online()
    })
    window.addEventListener('offline', offline)
    window.addEventListener('online', online)
    if (navigator.onLine === false) offline()
    else connect()
    return () => {
      stopped = true
      clearTimeout(retry)
      source?.close()
      setBackOfficeOffline(false)
      unsubscribe()
      window.removeEventListener('offline', offline)
      window.removeEventListener('online', online)
    }
  }, [queryClient])

  return state
}
