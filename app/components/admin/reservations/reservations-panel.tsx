import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { CalendarPlus, Printer, Search } from 'lucide-react'
import * as React from 'react'
import { useSearchParams } from 'react-router'
import {
  RESERVATION_SEARCH_LIMIT,
  SEARCH_PLACE_LABELS,
  searchCountText,
  searchPlaceOf,
  type AdminReservation,
  type SearchPlace,
} from '#common/admin-reservations-schema'
import { RESERVATION_DAY_PAGE_SIZE, RESERVATION_PAGE_SIZE } from '#common/constants'
import { ADMIN_MESSAGES } from '#common/messages'
import type { VisitState } from '#common/visit'
import { can } from '#common/permissions'
import { formatLongDate } from '#common/time'
import { Button } from '~/components/ui/button'
import { firstUsable, focusWhenReady } from '~/components/ui/focus-when-ready'
import { Input } from '~/components/ui/input'
import { Label } from '~/components/ui/label'
import { currentUserQuery } from '~/lib/current-user'
import { fetchReservations, reservationKeys, type ReservationFilter } from '~/lib/queries/reservations'
import { cn } from '~/lib/utils'
import { useVenueDays, useVenueNow } from '../admin-context'
import { ConfirmDialog } from '../confirm'
import { onlyIf } from '../item-actions'
import { lazyDialog } from '../lazy-dialog'
import { EmptyState, PanelHeader, QueryView } from '../panel'
import { WaitlistList } from '../waitlist/waitlist-list'
import { GuestLinesContext, useGuestLines } from './guest-line'
import { ReservationCard } from './reservation-card'
import { ReservationDetails } from './reservation-details'
import { RunSheet } from './run-sheet'
import { ReservationTimeline } from './timeline'
import { useReservationActions } from './use-reservation-actions'

type View = 'today' | 'tomorrow' | 'all' | 'custom' | 'needs-table'
const VIEWS: { id: View; label: string }[] = [
  { id: 'today', label: 'Today' },
  { id: 'tomorrow', label: 'Tomorrow' },
  { id: 'all', label: 'All Bookings' },
  { id: 'custom', label: 'Custom Date' },
  // Active bookings from today on that sit at no table (issue 34): staff seat them.
  { id: 'needs-table', label: 'Needs a table' },
]
/** Waits until typing stops before searching. */
function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = React.useState(value)
  React.useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms)
    return () => clearTimeout(timer)
  }, [value, ms])
  return settled
}

type Layout = 'list' | 'timeline'
const LAYOUTS: { id: Layout; label: string }[] = [
  { id: 'list', label: 'List' },
  { id: 'timeline', label: 'Timeline' },
]

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`

/** A search's results in its groups (issue 36): the day on screen, then upcoming, then past, each in the API's order. */
function groupResults(reservations: AdminReservation[], shown: string | undefined, today: string) {
  const groups = new Map<SearchPlace, AdminReservation[]>()
  for (const r of reservations) {
    const place = searchPlaceOf(r.date, shown, today)
    groups.set(place, [...(groups.get(place) ?? []), r])
  }
  return (['shown', 'upcoming', 'past'] as const).flatMap((place) => (groups.has(place) ? [{ place, reservations: groups.get(place)! }] : []))
}

// The edit form (with the schema library and the form library) loads when staff first open it,
// or as they reach for New Booking or Edit: the day's list comes up without it.
const ReservationDialog = lazyDialog(() => import('./reservation-dialog').then((m) => m.ReservationDialog))

/**
 * All Reservations (SPEC.md section 2): a day's bookings (Today by default,
 * Tomorrow, or any date), or every booking page by page; a search; the
 * day's guests; a printable run sheet. A change made anywhere shows at once
 * (the shell's live channel, app/lib/live.ts), and again when staff come back to the tab.
 */
export default function ReservationsPanel() {
  const { today, tomorrow } = useVenueDays()
  const now = useVenueNow()
  const [view, setView] = React.useState<View>('today')
  const [customDate, setCustomDate] = React.useState('')
  const [search, setSearch] = React.useState('')
  const q = useDebounced(search.trim(), 300)
  const [page, setPage] = React.useState(1)
  const [editing, setEditing] = React.useState<AdminReservation | 'new' | null>(null)
  const [viewing, setViewing] = React.useState<AdminReservation | null>(null)
  const actions = useReservationActions({ onSaved: () => setEditing(null) })
  // The visit's steps (issue 35) for those who run the service; the server checks the permission again.
  const role = useQuery(currentUserQuery).data?.role
  const runsService = can(role, 'service.write')
  const canDelete = can(role, 'reservations.delete')
  // List or Timeline (issue 34), in the address: a reload or a shared link keeps it.
  const [params, setParams] = useSearchParams()
  const layout: Layout = params.get('layout') === 'timeline' ? 'timeline' : 'list'
  const setLayout = (next: Layout) =>
    setParams(
      (current) => {
        const copy = new URLSearchParams(current)
        if (next === 'list') copy.delete('layout')
        else copy.set('layout', next)
        return copy
      },
      { replace: true },
    )

  const date = view === 'today' ? today : view === 'tomorrow' ? tomorrow : view === 'custom' ? customDate : ''
  // A search looks at every date (issue 36), the day on screen first; 'Needs a table' searches only its own list.
  const searching = q !== '' && view !== 'needs-table'
  const filter: ReservationFilter | null = searching
    ? { q, first: date || undefined, pageSize: RESERVATION_SEARCH_LIMIT }
    : view === 'all'
      ? { q, page, pageSize: RESERVATION_PAGE_SIZE }
      : view === 'needs-table'
        ? { q, page, pageSize: RESERVATION_PAGE_SIZE, needsTable: true }
        : date
          ? { date, q, page, pageSize: RESERVATION_DAY_PAGE_SIZE }
          : null
  const list = useQuery({
    queryKey: reservationKeys.list(filter ?? {}),
    queryFn: () => fetchReservations(filter!),
    enabled: filter !== null,
    placeholderData: keepPreviousData,
    // Changes arrive through the live channel (app/lib/live.ts), not by polling; focus refetches as before.
    refetchOnWindowFocus: true,
    staleTime: 0,
  })
  React.useEffect(() => setPage(1), [view, q, date])

  /** What a result's group is called, and the label on its card: where it is. */
  const placeLabel = (place: SearchPlace) =>
    place === 'shown' ? (date === today ? 'Today' : date === tomorrow ? 'Tomorrow' : formatLongDate(date)) : SEARCH_PLACE_LABELS[place]
  const heading = searching
    ? `Search results for “${q}”`
    : date
    ? formatLongDate(date)
    : view === 'all'
      ? ADMIN_MESSAGES.allBookings
      : view === 'needs-table'
        ? 'Bookings that need a table'
        : ADMIN_MESSAGES.selectDate
  const data = filter ? list.data : undefined
  // Each card's guest line (issue 37), for the bookings on screen, in one request.
  const guestLines = useGuestLines(data?.reservations.map((r) => r.id))
  // The step's button is disabled while it runs and then replaced by the next: focus stays in the card's actions.
  const takeVisitStep = (r: AdminReservation, state: VisitState) => {
    const from = document.activeElement
    const actionsGroup = from?.closest('[role="group"]')
    const steps = () => firstUsable(actionsGroup?.querySelectorAll('button[data-visit-step]') ?? [])
    actions.visit.run({ reservation: r, state }, () => focusWhenReady(from, steps))
  }
  const cardActions = (r: AdminReservation) => ({
    onView: () => setViewing(r),
    onEdit: () => setEditing(r),
    preloadEdit: ReservationDialog.preload,
    onDelete: onlyIf(canDelete, () => actions.remove(r)),
    onConfirm: () => actions.confirm(r),
    onCancel: () => actions.cancel(r),
    onVisit: runsService ? (state: VisitState) => takeVisitStep(r, state) : undefined,
    visitBusy: actions.visit.pending,
  })
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1

  return (
    <section aria-labelledby="reservations-title" className="space-y-5">
      <PanelHeader
        titleId="reservations-title"
        title="All Reservations"
        description="Who is coming, and what they asked for."
        actions={
          <>
            <Button type="button" onClick={() => setEditing('new')} {...ReservationDialog.preloadProps}>
              <CalendarPlus aria-hidden="true" />
              New Booking
            </Button>
            <Button type="button" variant="outline" onClick={() => window.print()} disabled={!date || !data || searching}>
              <Printer aria-hidden="true" />
              Print run sheet
            </Button>
          </>
        }
      />

      <div className="flex flex-col gap-3 rounded-lg border border-border bg-card p-3 print:hidden sm:p-4 lg:flex-row lg:items-end lg:justify-between">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
          <div role="group" aria-label="Show bookings for" className="grid grid-cols-2 gap-1 rounded-md bg-muted p-1 sm:flex sm:flex-wrap">
            {VIEWS.map((v) => (
              <button
                key={v.id}
                type="button"
                aria-pressed={view === v.id}
                onClick={() => setView(v.id)}
                className={cn(
                  'rounded-sm px-3 py-2 text-sm font-semibold text-muted-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
                  view === v.id && 'bg-background text-foreground shadow-sm',
                )}
              >
                {v.label}
              </button>
            ))}
          </div>
          {view === 'custom' && (
            <div className="grid gap-1">
              <Label htmlFor="reservations-date">Date</Label>
              <Input id="reservations-date" type="date" value={customDate} onChange={(e) => setCustomDate(e.target.value)} className="sm:w-44" />
            </div>
          )}
        </div>
        <div className="grid gap-1 lg:w-72">
          <Label htmlFor="reservations-search">Search by name, email or phone</Label>
          <div className="relative">
            <Search className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden="true" />
            <Input
              id="reservations-search"
              type="search"
              value={search}
              maxLength={100}
              aria-describedby="reservations-search-hint"
              onChange={(e) => setSearch(e.target.value)}
              className="pl-9"
            />
          </div>
          <p id="reservations-search-hint" className="text-xs text-muted-foreground">
            {view === 'needs-table' ? 'Searches the bookings that need a table.' : 'Searches every date: this day first, then upcoming, then past.'}
          </p>
        </div>
      </div>

      <div className="flex flex-wrap items-baseline justify-between gap-2 print:hidden">
        {date && !searching && (
          <div role="group" aria-label="Show the day as" className="flex gap-1 rounded-md bg-muted p-1">
            {LAYOUTS.map((l) => (
              <button
                key={l.id}
                type="button"
                aria-pressed={layout === l.id}
                onClick={() => setLayout(l.id)}
                className={cn(
                  'rounded-sm px-3 py-1.5 text-sm font-semibold text-muted-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
                  layout === l.id && 'bg-background text-foreground shadow-sm',
                )}
              >
                {l.label}
              </button>
            ))}
          </div>
        )}
        <h2 className="font-display text-xl font-semibold" aria-live="polite">
          {heading}
        </h2>
        {data && !searching && (
          <p className="text-sm font-semibold" data-testid="reservations-count">
            {count(data.total, 'booking', 'bookings')}
            {date && ` · ${count(data.covers, 'guest', 'guests')} expected`}
          </p>
        )}
        {/* The search's count, read out politely as the results change: the region comes empty with the search, its count once they load. */}
        {searching && (
          <p role="status" className="text-sm font-semibold" data-testid="search-count">
            {data && !list.isPlaceholderData ? searchCountText(data.total, data.reservations.length) : ''}
          </p>
        )}
      </div>

      {filter !== null && (
        <GuestLinesContext.Provider value={guestLines}>
        <QueryView
          query={{ isPending: list.isPending, isError: list.isError, data, refetch: list.refetch }}
          keepDataOnError
          errorMessage="The bookings could not be loaded."
          empty={(data) =>
            data.reservations.length === 0 && (
              <EmptyState
                title={q ? 'No bookings found' : view === 'needs-table' ? 'Every booking has a table' : date ? 'No bookings for this day' : 'No bookings yet'}
              >
                {q
                  ? 'Nothing matches that search.'
                  : view === 'needs-table'
                    ? 'Bookings that fit no free table show here until staff seat them.'
                    : 'New bookings appear here as they come in.'}
              </EmptyState>
            )
          }
        >
          {(data) =>
            searching ? (
              <div className={cn('space-y-5 print:hidden', list.isPlaceholderData && 'opacity-60')} aria-busy={list.isFetching}>
                {groupResults(data.reservations, date || undefined, today).map(({ place, reservations }) => (
                  <section key={place} aria-labelledby={`search-group-${place}`} className="space-y-3">
                    <h3 id={`search-group-${place}`} className="text-base font-semibold">
                      {placeLabel(place)} <span className="font-normal text-muted-foreground">({reservations.length})</span>
                    </h3>
                    <ul className="grid gap-3">
                      {reservations.map((r) => (
                        <li key={r.id}>
                          <ReservationCard
                            reservation={r}
                            where={`${placeLabel(place) === formatLongDate(r.date) ? '' : `${placeLabel(place)} · `}${formatLongDate(r.date)}`}
                            titleAs="h4"
                            today={today}
                            nowMinutes={now.minutes}
                            actions={cardActions(r)}
                          />
                        </li>
                      ))}
                    </ul>
                  </section>
                ))}
              </div>
            ) : date && layout === 'timeline' ? (
              <ReservationTimeline date={date} reservations={data.reservations} actions={actions} now={date === now.date ? now.time : undefined} />
            ) : (
            <>
              <ul className={cn('grid gap-3 print:hidden', list.isPlaceholderData && 'opacity-60')} aria-busy={list.isFetching}>
                {data.reservations.map((r) => (
                  <li key={r.id}>
                    <ReservationCard reservation={r} today={today} nowMinutes={now.minutes} actions={cardActions(r)} />
                  </li>
                ))}
              </ul>
              {pages > 1 && (
                <nav aria-label="Pages" className="flex items-center justify-between gap-2 print:hidden">
                  <Button type="button" variant="outline" onClick={() => setPage((p) => p - 1)} disabled={page <= 1} focusableWhenDisabled>
                    Previous
                  </Button>
                  <p className="text-sm">
                    Page {page} of {pages}
                  </p>
                  <Button type="button" variant="outline" onClick={() => setPage((p) => p + 1)} disabled={page >= pages} focusableWhenDisabled>
                    Next
                  </Button>
                </nav>
              )}
              {date && <RunSheet date={date} reservations={data.reservations} covers={data.covers} />}
            </>
            )
          }
        </QueryView>
        </GuestLinesContext.Provider>
      )}

      {/* The day's waitlist (issue 35) under its bookings, closed at first; none for a search or a list of many days. */}
      {date && !searching && <WaitlistList key={date} date={date} titleId="reservations-waitlist-title" headingLevel="h3" collapsible />}

      {editing !== null && (
        <ReservationDialog.Component
          open
          onOpenChange={(open) => !open && setEditing(null)}
          reservation={editing === 'new' ? undefined : editing}
          defaultDate={date || today}
          save={actions.save}
        />
      )}
      <ReservationDetails reservation={viewing} onOpenChange={(open) => !open && setViewing(null)} />
      <ConfirmDialog {...actions.status.dialog} />
      <ConfirmDialog {...actions.deletion.dialog} />
      <ConfirmDialog {...actions.save.dialog} />
    </section>
  )
}
