import { Undo2 } from 'lucide-react'
import * as React from 'react'
import type { AdminReservation } from '#common/admin-reservations-schema'
import { BOOKING_SOURCE_LABELS } from '#common/booking-source'
import { FOOD_DRINKS_LABELS } from '#common/constants'
import { minutesText, minutesToTime, timeToMinutes, zonedParts } from '#common/time'
import { isLate, minutesOverTime, nextSteps, undoTarget } from '#common/tonight'
import { VISIT_STATE_LABELS, type VisitState, type VisitTimes } from '#common/visit'
import { Badge } from '~/components/ui/badge'
import { Button } from '~/components/ui/button'
import { firstUsable } from '~/components/ui/focus-when-ready'
import { cn } from '~/lib/utils'
import { GuestLine } from '../reservations/guest-line'
import { GuestConfirmationBadge, StatusBadge } from '../reservations/status-badge'
import { useVisitStep } from './use-visit-step'
import { guestsText } from '#common/reservation-form'
import { shortName } from '#common/tables'

const endOf = (r: Pick<AdminReservation, 'startTime' | 'durationMinutes'>) => minutesToTime((timeToMinutes(r.startTime) + r.durationMinutes) % 1440)

/** When the booking reached its state, as 'HH:MM' at the venue (null for expected). */
function reachedAt(state: VisitState, times: VisitTimes, timeZone: string): string | null {
  const at = {
    expected: null,
    arrived: times.arrivedAt,
    seated: times.seatedAt,
    finished: times.finishedAt,
    no_show: times.noShowAt,
  }[state]
  return at ? minutesToTime(zonedParts(new Date(at), timeZone).minutes) : null
}

/** The id of Tonight's folded list of finished parties and no-shows. */
export const FINISHED_LIST_ID = 'tonight-finished'

/** The visit steps of a booking's row, wherever the row is now (a finished party's goes to the list below). */
const stepsOf = (id: string | undefined) => (id ? document.querySelectorAll(`[data-reservation="${id}"] [role="group"] button`) : [])

/**
 * Where focus goes once a step taken from `row` has ended: the booking's own
 * next step or Undo, where it can take focus (not in the closed list of
 * finished parties); else the row that followed it, or came before it; else
 * that list's summary.
 */
function focusAfterStep(row: HTMLElement | null): () => HTMLElement | undefined {
  const item = row?.closest('li')
  const ids = [row, item?.nextElementSibling, item?.previousElementSibling].map((e) => e?.closest('li')?.querySelector('article')?.dataset.reservation)
  return () => {
    // Its steps are disabled until the step has quite ended (the mutation settles after its refetches, and the row
    // renders a frame or two later): wait for them rather than send focus on to the next party meanwhile.
    if ([...stepsOf(ids[0])].some((b) => (b as HTMLButtonElement).disabled)) return undefined
    return firstUsable([...ids.flatMap((id) => [...stepsOf(id)]), document.querySelector(`#${FINISHED_LIST_ID} > summary`)])
  }
}

const STATE_LOOK: Record<VisitState, 'outline' | 'secondary' | 'success' | 'default' | 'danger'> = {
  expected: 'outline',
  arrived: 'secondary',
  seated: 'success',
  finished: 'default',
  no_show: 'danger',
}

/**
 * One booking on the night, as the host reads it at a glance: the time, who,
 * how many and where, its source, and the guest's notes in full (never behind
 * a click); a late party says 'Late' in words beside its colour. A seated
 * party says when it is due to leave, and 'Over time' once past it; a party
 * about to be seated is told when its table still has a party over its time
 * (`stillTakenBy`: common/tonight.ts, docs/decisions/0052). The next
 * visit step is one big tap for a thumb, Undo puts the last one back, and a
 * refusal stays in the row in the server's words.
 */
export function ArrivalRow({
  reservation: r,
  nowMinutes,
  timeZone,
  compact = false,
  onStep,
  stillTakenBy,
}: {
  reservation: AdminReservation
  nowMinutes: number
  timeZone: string
  /** A finished or no-show booking: one line and Undo. */
  compact?: boolean
  /** Told each step taken, as the server answered it. */
  onStep?: (updated: AdminReservation) => void
  /** The party seated past its time at this booking's table, while this one is here, due or late. */
  stillTakenBy?: AdminReservation
}) {
  const visit = useVisitStep(r, onStep)
  const rowRef = React.useRef<HTMLElement>(null)
  const take = (state: VisitState) => visit.take(state, focusAfterStep(rowRef.current))
  const late = isLate(r, nowMinutes)
  const over = minutesOverTime(r, nowMinutes)
  const steps = nextSteps(r, nowMinutes)
  const undo = undoTarget(r)
  const since = reachedAt(r.visitState, r.visitTimes, timeZone)
  const titleId = `tonight-${r.id}-name`
  const tables = r.tables.length ? r.tables.map((t) => t.name).join(' + ') : 'No table'

  return (
    <article
      ref={rowRef}
      aria-labelledby={titleId}
      data-testid={`tonight-${r.id}`}
      data-reservation={r.id}
      data-visit-state={r.visitState}
      className={cn(
        'rounded-lg border bg-card p-3 shadow-sm sm:p-4',
        late ? 'border-l-8 border-red-700 bg-red-50' : 'border-border',
        compact && 'py-2 shadow-none sm:py-2',
      )}
    >
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <div className="flex min-w-0 flex-1 gap-3">
          <div className="w-14 shrink-0">
            <p className="font-display text-xl font-bold tabular-nums leading-tight">{r.startTime}</p>
            {late && (
              <Badge variant="danger" className="mt-1" data-testid="late">
                Late
              </Badge>
            )}
            {over > 0 && (
              <Badge variant="warning" className="mt-1 whitespace-nowrap" data-testid="over-time">
                Over time
              </Badge>
            )}
          </div>
          <div className="min-w-0 flex-1 space-y-1">
            <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
              <h3 id={titleId} className="text-base font-semibold leading-tight">
                {r.name}
              </h3>
              <Badge variant={STATE_LOOK[r.visitState]} data-testid="visit-state">
                {VISIT_STATE_LABELS[r.visitState]}
                {since && ` ${since}`}
              </Badge>
              {r.status !== 'confirmed' && <StatusBadge status={r.status} />}
              <GuestConfirmationBadge reservation={r} />
            </div>
            <p className="text-sm">
              <span className="font-semibold">{guestsText(r.partySize)}</span> ·{' '}
              <span className="font-semibold">{tables}</span> · {BOOKING_SOURCE_LABELS[r.source]}
              {r.foodDrinks === 'drinks_only' && ` · ${FOOD_DRINKS_LABELS.drinks_only}`}
              {late && <span className="sr-only">, {nowMinutes - timeToMinutes(r.startTime)} minutes late</span>}
            </p>
            {r.visitState === 'seated' && !compact && (
              <p className={cn('text-sm', over > 0 ? 'font-semibold text-amber-900' : 'text-muted-foreground')} data-testid="due-to-leave">
                {over > 0 ? `${minutesText(over)} over their time: due to leave at ${endOf(r)}` : `Due to leave at ${endOf(r)}`}
              </p>
            )}
            {stillTakenBy && !compact && (
              <p className="rounded-md border border-amber-700 bg-amber-50 px-2 py-1 text-sm font-semibold text-amber-900" data-testid="still-taken">
                {stillTakenBy.tables
                  .filter((t) => r.tables.some((mine) => mine.id === t.id))
                  .map((t) => t.name)
                  .join(' + ')}{' '}
                is still taken: {shortName(stillTakenBy.name)} ({stillTakenBy.partySize}) are {minutesText(minutesOverTime(stillTakenBy, nowMinutes))} over their time.
              </p>
            )}
            {!compact && <GuestLine reservationId={r.id} status={r.status} />}
            {r.additionalInfo && !compact && (
              <p className="whitespace-pre-line break-words rounded-md bg-accent px-2 py-1 text-sm" data-testid="notes">
                <span className="font-semibold">Notes: </span>
                {r.additionalInfo}
              </p>
            )}
          </div>
        </div>
        {(steps.length > 0 || undo) && (
          <div
            role="group"
            aria-label={`Visit of ${r.name}`}
            className="flex gap-2 sm:w-40 sm:flex-col lg:w-64 lg:flex-row print:hidden [&>*]:flex-1 sm:[&>*]:flex-none lg:[&>*]:flex-1"
          >
            {steps.map((step) => (
              <Button
                key={step}
                type="button"
                size="lg"
                variant={step === 'no_show' ? 'outline' : 'default'}
                className={cn('px-3', step === 'no_show' && 'border-red-700 text-red-800')}
                disabled={visit.pending}
                onClick={() => take(step)}
              >
                {visit.sending === step ? 'Saving...' : VISIT_STATE_LABELS[step]}
              </Button>
            ))}
            {undo && (
              <Button
                type="button"
                size="lg"
                variant="outline"
                className="px-3"
                disabled={visit.pending}
                onClick={() => take(undo)}
              >
                <Undo2 aria-hidden="true" />
                Undo<span className="sr-only"> {VISIT_STATE_LABELS[r.visitState]}</span>
              </Button>
            )}
          </div>
        )}
      </div>
      {visit.refusal && (
        <div
          role="alert"
          className="mt-2 flex items-start justify-between gap-2 rounded-md border border-destructive bg-destructive/10 px-3 py-2 text-sm font-semibold text-destructive"
        >
          <p>{visit.refusal}</p>
          <button type="button" className="shrink-0 underline" onClick={visit.dismiss}>
            Dismiss
          </button>
        </div>
      )}
    </article>
  )
}
