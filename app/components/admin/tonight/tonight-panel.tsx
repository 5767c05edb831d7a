import { useQuery } from '@tanstack/react-query'
import { UserPlus } from 'lucide-react'
import * as React from 'react'
import type { AdminReservation } from '#common/admin-reservations-schema'
import { RESERVATION_DAY_PAGE_SIZE } from '#common/constants'
import { formatLongDate } from '#common/time'
import { stillTakenBy, tonightCovers } from '#common/tonight'
import { visitStepText } from '#common/visit'
import type { QueueEntry } from '#common/walk-in-queue-schema'
import { Button } from '~/components/ui/button'
import { fetchReservations, reservationKeys, type ReservationFilter } from '~/lib/queries/reservations'
import { AdminContext, useVenueNow } from '../admin-context'
import { lazyDialog } from '../lazy-dialog'
import { EmptyState, PanelHeader, QueryView } from '../panel'
import { GuestLinesContext, useGuestLines } from '../reservations/guest-line'
import { ReservationTimeline } from '../reservations/timeline'
import { useReservationActions } from '../reservations/use-reservation-actions'
import { ArrivalRow, FINISHED_LIST_ID } from './arrival-row'
import { WaitlistArea } from './waitlist-area'
import { WalkInQueue } from './walk-in-queue'

const WalkInDialog = lazyDialog(() => import('./walk-in-dialog').then((m) => m.WalkInDialog))

const byTime = (a: AdminReservation, b: AdminReservation) => a.startTime.localeCompare(b.startTime) || a.id - b.id
const isDone = (r: AdminReservation) => r.visitState === 'finished' || r.visitState === 'no_show'

function Covers({ reservations }: { reservations: AdminReservation[] }) {
  const covers = tonightCovers(reservations)
  const items = [
    // The requests not confirmed yet are not expected: said under it, so the kitchen knows what may come.
    { label: 'Expected', value: covers.expected, more: covers.requested > 0 ? `+${covers.requested} awaiting confirmation` : undefined },
    { label: 'Seated now', value: covers.seatedNow },
    { label: 'Still to come', value: covers.toCome },
  ]
  return (
    <dl className="grid grid-cols-3 gap-2" aria-label="Covers" data-testid="covers">
      {items.map((item) => (
        <div key={item.label} className="rounded-lg border border-border bg-card px-3 py-2 text-center">
          <dt className="text-xs font-semibold uppercase tracking-wide text-muted-foreground">{item.label}</dt>
          <dd className="font-display text-3xl font-bold tabular-nums">{item.value}</dd>
          {item.more && (
            <dd className="text-xs text-muted-foreground" data-testid="covers-requested">
              {item.more}
            </dd>
          )}
        </div>
      ))}
    </dl>
  )
}

/**
 * Tonight (issue 35): the host stand's screen for the venue's today. The
 * covers at the top; the arrivals in time order with their notes and the next
 * visit step one tap away, late parties marked; Walk-in and the parties
 * waiting at the bar for a table (the walk-in queue); the waitlist; the
 * day's tables on the timeline with now marked. Made for a tablet held in one
 * hand and a phone: big buttons, one column.
 */
export default function TonightPanel() {
  const now = useVenueNow()
  const { venueTimezone } = React.useContext(AdminContext)
  // Walk-in's dialog: closed, open for a party at the door, or open to seat a party from the queue.
  const [walkIn, setWalkIn] = React.useState<{ queued: QueueEntry | null } | null>(null)
  const seatFromQueue = React.useCallback((queued: QueueEntry) => setWalkIn({ queued }), [])
  const actions = useReservationActions()
  // The last visit step taken here, for a screen reader (All Reservations says it in a toast; here the row shows it).
  const [said, setSaid] = React.useState({ text: '', count: 0 })
  const onStep = React.useCallback((r: AdminReservation) => setSaid((s) => ({ text: visitStepText(r.name, r.visitState), count: s.count + 1 })), [])
  // The same list (and cache entry) as All Reservations' Today.
  const filter: ReservationFilter = { date: now.date, q: '', page: 1, pageSize: RESERVATION_DAY_PAGE_SIZE }
  const list = useQuery({
    queryKey: reservationKeys.list(filter),
    queryFn: () => fetchReservations(filter),
    // Live: a change on any screen refetches it through the shell's live channel (app/lib/live.ts), not by polling.
    refetchOnWindowFocus: true,
    staleTime: 0,
  })
  const day = list.data?.reservations.filter((r) => r.status !== 'cancelled').sort(byTime)
  // Each guest's line ('4th visit', no-shows, allergies, tags: issue 37), for the whole day in one request.
  const guestLines = useGuestLines(day?.map((r) => r.id))

  return (
    <GuestLinesContext.Provider value={guestLines}>
      <section aria-labelledby="tonight-title" className="space-y-5">
        <PanelHeader
          titleId="tonight-title"
          title="Tonight"
          description={`${formatLongDate(now.date)} · now ${now.time}`}
          actions={
            <Button
              type="button"
              size="lg"
              variant="brass"
              className="px-5"
              onClick={() => setWalkIn({ queued: null })}
              {...WalkInDialog.preloadProps}
            >
              <UserPlus aria-hidden="true" />
              Walk-in
            </Button>
          }
        />
        <QueryView
          query={{ isPending: list.isPending, isError: list.isError, data: day, refetch: list.refetch }}
          keepDataOnError
          errorMessage="Tonight's bookings could not be loaded."
          empty={(day) =>
            day.length === 0 && (
              <>
                <EmptyState title="No bookings tonight">
                  Walk-ins and new bookings appear here as they come in.
                </EmptyState>
                <WalkInQueue date={now.date} nowMinutes={now.minutes} onSeat={seatFromQueue} />
                <WaitlistArea date={now.date} />
              </>
            )
          }
        >
          {(day) => {
            const coming = day.filter((r) => !isDone(r))
            const done = day.filter(isDone)
            return (
              <>
                <Covers reservations={day} />
                <WalkInQueue date={now.date} nowMinutes={now.minutes} onSeat={seatFromQueue} />
                <section aria-labelledby="tonight-arrivals-title" className="space-y-2">
                  <h2 id="tonight-arrivals-title" className="font-display text-lg font-semibold">
                    Arrivals <span className="font-normal text-muted-foreground">({coming.length})</span>
                  </h2>
                  {coming.length === 0 ? (
                    <p className="text-sm text-muted-foreground">Every party has been and gone.</p>
                  ) : (
                    <ul className="grid gap-2" aria-label="Arrivals in time order">
                      {coming.map((r) => (
                        <li key={r.id}>
                          <ArrivalRow
                            reservation={r}
                            nowMinutes={now.minutes}
                            timeZone={venueTimezone}
                            onStep={onStep}
                            stillTakenBy={stillTakenBy(r, day, now.minutes)}
                          />
                        </li>
                      ))}
                    </ul>
                  )}
                </section>
                {done.length > 0 && (
                  <details id={FINISHED_LIST_ID} className="rounded-lg border border-border bg-card/60 p-3">
                    <summary className="cursor-pointer text-sm font-semibold">
                      Finished and no-shows ({done.length})
                    </summary>
                    <ul className="mt-2 grid gap-2">
                      {done.map((r) => (
                        <li key={r.id}>
                          <ArrivalRow reservation={r} nowMinutes={now.minutes} timeZone={venueTimezone} onStep={onStep} compact />
                        </li>
                      ))}
                    </ul>
                  </details>
                )}
                <WaitlistArea date={now.date} />
                <section aria-labelledby="tonight-tables-title" className="space-y-2">
                  <h2 id="tonight-tables-title" className="font-display text-lg font-semibold">
                    Tables
                  </h2>
                  <ReservationTimeline date={now.date} reservations={day} actions={actions} now={now.time} />
                </section>
              </>
            )
          }}
        </QueryView>
        <p role="status" className="sr-only" data-testid="tonight-said">
          {/* A new node each time: the same words twice (Undo, then the step again) are said twice. */}
          <span key={said.count}>{said.text}</span>
        </p>
        {walkIn && <WalkInDialog.Component open queued={walkIn.queued} onOpenChange={(open) => !open && setWalkIn(null)} />}
      </section>
    </GuestLinesContext.Provider>
  )
}
