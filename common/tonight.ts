/**
 * The rules of the Tonight screen (issue 35), pure so that the screen and its
 * tests share them: which visit step a booking's row offers next and which it
 * can undo, when a party counts as late, and the evening's covers. The server
 * checks every step again (POST /api/admin/reservations/:id/visit); these only
 * decide what the buttons say.
 */
import type { AdminReservation } from './admin-reservations-schema'
import { timeToMinutes } from './time'
import { NO_SHOW_AFTER_MINUTES, previousVisitState, type VisitState } from './visit'

/** A party not arrived this many minutes after its time is late: the moment it may be marked a no-show. */
export const LATE_AFTER_MINUTES = NO_SHOW_AFTER_MINUTES
/** From this hour, venue time, the staff role opens the back-office on Tonight. */
export const TONIGHT_FROM_HOUR = 15

type Visit = Pick<AdminReservation, 'startTime' | 'status' | 'visitState' | 'visitTimes' | 'partySize'>

/** Still expected 15 minutes after the booked time (`nowMinutes`: minutes after the venue's midnight). */
export function isLate(r: Visit, nowMinutes: number): boolean {
  return (
    r.status !== 'cancelled' &&
    r.visitState === 'expected' &&
    nowMinutes >= timeToMinutes(r.startTime) + LATE_AFTER_MINUTES
  )
}

const FORWARD: Partial<Record<VisitState, VisitState>> = { expected: 'arrived', arrived: 'seated', seated: 'finished' }

/** The one-tap steps a row offers: the next step, and No-show for a late party. */
export function nextSteps(r: Visit, nowMinutes: number): VisitState[] {
  const next = FORWARD[r.visitState]
  const steps: VisitState[] = next ? [next] : []
  if (isLate(r, nowMinutes)) steps.push('no_show')
  return steps
}

/**
 * The state Undo goes back to, as the server decides it (common/visit.ts): the
 * step before the last one taken (a party seated without being marked arrived
 * goes back to expected), or null when nothing has happened yet.
 */
export function undoTarget(r: Visit): VisitState | null {
  return previousVisitState({ visitState: r.visitState, arrived: r.visitTimes.arrivedAt !== null }) ?? null
}

export type TonightCovers = { expected: number; seatedNow: number; toCome: number; requested: number }

/**
 * The evening in three numbers: the guests expected over the day (every
 * confirmed booking but the no-shows), those seated now, and those still to
 * come (not yet arrived). The guests of requests staff have not confirmed are
 * counted apart (`requested`): they may not come, and cannot be seated until
 * a request is confirmed.
 */
export function tonightCovers(reservations: Visit[]): TonightCovers {
  const covers: TonightCovers = { expected: 0, seatedNow: 0, toCome: 0, requested: 0 }
  for (const r of reservations) {
    if (r.status === 'cancelled' || r.visitState === 'no_show') continue
    if (r.status === 'pending') {
      covers.requested += r.partySize
      continue
    }
    covers.expected += r.partySize
    if (r.visitState === 'seated') covers.seatedNow += r.partySize
    if (r.visitState === 'expected') covers.toCome += r.partySize
  }
  return covers
}

/** Whether the staff role's back-office opens on Tonight at this time of the venue's day. */
export const isServiceTime = (nowMinutes: number) => nowMinutes >= TONIGHT_FROM_HOUR * 60
