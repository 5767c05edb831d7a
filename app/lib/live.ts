/**
 * The back-office's live channel (issue 35, docs/decisions/0033): one
 * EventSource to /api/admin/live for the whole shell. A change refetches the
 * queries of its date on every screen; a lost connection keeps the screen as
 * it was, says since when, refuses changes (app/lib/api.ts), retries with
 * back-off (1, 2, 4 ... 30 s) and refetches everything once it is back.
 */
import { useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query'
import * as React from 'react'
import { LIVE_EVENTS, LIVE_PATH, liveRetryDelay, parseServiceChange, type ServiceChange } from '#common/live'
import { setBackOfficeOffline } from './api'
import { eventKeys } from './queries/events'
import { reservationKeys, type ReservationFilter } from './queries/reservations'

export type LiveState = { online: boolean; offlineSince: Date | null }

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

/** Mount once, in the back-office shell: every staff screen below it is then live. */
export function useLiveChanges(): LiveState {
  const queryClient = useQueryClient()
  const [state, setState] = React.useState<LiveState>({ online: true, offlineSince: null })

  React.useEffect(() => {
    let source: EventSource | undefined
    let retry: ReturnType<typeof setTimeout> | undefined
    let attempt = 0
    let since: Date | null = null
    let stopped = false

    /** Changes may be missed from now on: the banner shows the first moment, however many retries follow. */
    const missing = () => {
      if (since) return
      since = new Date()
      setState({ online: false, offlineSince: since })
    }
    /** The server is unreachable: changes are refused until it answers again. */
    const lost = () => {
      source?.close()
      source = undefined
      setBackOfficeOffline(true)
      missing()
    }
    const caughtUp = () => {
      attempt = 0
      setBackOfficeOffline(false)
      if (!since) return
      since = null
      setState({ online: true, offlineSince: null })
      // Whatever changed meanwhile is unknown: every query on screen is fetched again.
      void queryClient.invalidateQueries()
    }

    const connect = () => {
      if (stopped || source) return
      const next = new EventSource(LIVE_PATH, { withCredentials: true })
      source = next
      next.addEventListener(LIVE_EVENTS.ready, caughtUp)
      // The stream is up but its server has lost the database's announcements: the banner, but changes may still be made.
      next.addEventListener(LIVE_EVENTS.stale, missing)
      next.addEventListener(LIVE_EVENTS.change, (event) => {
        const change = parseServiceChange((event as MessageEvent<string>).data)
        if (change) void applyChange(queryClient, change)
      })
      // The browser's own retry is a fixed second: closed, and retried here with back-off instead.
      next.onerror = () => {
        if (source !== next) return
        lost()
        clearTimeout(retry)
        retry = setTimeout(connect, liveRetryDelay(attempt++))
      }
    }
    // The browser knows first when its network goes: no waiting for the stream to time out.
    const offline = () => {
      clearTimeout(retry)
      lost()
    }
    const online = () => {
      clearTimeout(retry)
      attempt = 0
      connect()
    }
    window.addEventListener('offline', offline)
    window.addEventListener('online', online)
    if (navigator.onLine === false) offline()
    else connect()
    return () => {
      stopped = true
      clearTimeout(retry)
      source?.close()
      setBackOfficeOffline(false)
      window.removeEventListener('offline', offline)
      window.removeEventListener('online', online)
    }
  }, [queryClient])

  return state
}
