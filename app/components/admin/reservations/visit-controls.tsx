import { Undo2 } from 'lucide-react'
import * as React from 'react'
import type { AdminReservation } from '#common/admin-reservations-schema'
import { BOOKING_SOURCE_LABELS } from '#common/booking-source'
import { zonedParts } from '#common/time'
import { minutesOverTime } from '#common/tonight'
import { nextVisitStates, noShowDue, previousVisitState, VISIT_STATE_LABELS, type VisitState } from '#common/visit'
import { Badge } from '~/components/ui/badge'
import { Button } from '~/components/ui/button'
import { AdminContext } from '../admin-context'

const VISIT_LOOK: Record<VisitState, 'outline' | 'secondary' | 'success' | 'danger'> = {
  expected: 'outline',
  arrived: 'secondary',
  seated: 'success',
  finished: 'outline',
  no_show: 'danger',
}

/**
 * A booking's visit on the night and where it came from (issue 35), as two
 * small badges. 'Expected' only on the day itself: on any other it says nothing.
 * A party seated past its time today says 'Over time' (docs/decisions/0052).
 */
export function VisitBadges({ reservation: r, today, nowMinutes }: { reservation: AdminReservation; today: string; nowMinutes?: number }) {
  const showVisit = r.status !== 'cancelled' && (r.visitState !== 'expected' || r.date === today)
  const overTime = r.date === today && nowMinutes !== undefined && minutesOverTime(r, nowMinutes) > 0
  return (
    <>
      {showVisit && (
        <Badge variant={VISIT_LOOK[r.visitState]} data-visit-state={r.visitState}>
          {VISIT_STATE_LABELS[r.visitState]}
        </Badge>
      )}
      {overTime && (
        <Badge variant="warning" data-testid="over-time">
          Over time
        </Badge>
      )}
      <Badge variant="outline" className="font-normal" data-source={r.source}>
        {BOOKING_SOURCE_LABELS[r.source]}
      </Badge>
    </>
  )
}

/** The card's next visit step ('Arrived', 'Seated', 'Finished'), No-show from 15 minutes after the booked time, and Undo. */
export function VisitButtons({ reservation: r, onMove, busy }: { reservation: AdminReservation; onMove: (state: VisitState) => void; busy: boolean }) {
  const { venueTimezone } = React.useContext(AdminContext)
  const steps = nextVisitStates(r.visitState)
  const next = steps.find((s) => s !== 'no_show')
  const noShow = steps.includes('no_show') && noShowDue(r, zonedParts(new Date(), venueTimezone))
  const back = previousVisitState({ visitState: r.visitState, arrived: r.visitTimes.arrivedAt !== null })
  return (
    <>
      {next && (
        <Button type="button" size="sm" disabled={busy} onClick={() => onMove(next)} data-visit-step={next}>
          {VISIT_STATE_LABELS[next]}
        </Button>
      )}
      {noShow && (
        <Button type="button" size="sm" variant="outline" disabled={busy} onClick={() => onMove('no_show')} data-visit-step="no_show">
          {VISIT_STATE_LABELS.no_show}
        </Button>
      )}
      {back && (
        <Button
          type="button"
          size="sm"
          variant="ghost"
          disabled={busy}
          onClick={() => onMove(back)}
          aria-label={`Undo ${VISIT_STATE_LABELS[r.visitState]} for ${r.name}`}
          data-visit-step="undo"
        >
          <Undo2 aria-hidden="true" />
          Undo
        </Button>
      )}
    </>
  )
}
