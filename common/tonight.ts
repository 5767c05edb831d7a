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

/**
 * Minutes a seated party is past the end of its booked stay (0: not seated,
 * or still within it). It is still at its tables: Walk-in does not offer them
 * (docs/decisions/0052), and the host sees it before seating the next party there.
 */
export function minutesOverTime(r: Pick<AdminReservation, 'startTime' | 'durationMinutes' | 'visitState'>, nowMinutes: number): number {
  if (r.visitState !== 'seated') return 0
  return Math.max(0, nowMinutes - (timeToMinutes(r.startTime) + r.durationMinutes))
}

/** A party due within this many minutes (or already arrived) is warned of a table still taken by a party seated past its time. */
export const STILL_TAKEN_AHEAD_MINUTES = 30

type Seating = Pick<AdminReservation, 'id' | 'status' | 'startTime' | 'durationMinutes' | 'visitState' | 'tables'>

/**
 * For a party not yet seated, here (arrived) or due within half an hour (or
 * late), the party seated past its time at one of its tables, if any: its
 * table is not free for it yet, so the host seats it elsewhere or asks the
 * table to move on.
 */
export function stillTakenBy<R extends Seating>(r: Seating, day: readonly R[], nowMinutes: number): R | undefined {
  if (r.status === 'cancelled' || (r.visitState !== 'expected' && r.visitState !== 'arrived')) return undefined
  if (r.visitState === 'expected' && timeToMinutes(r.startTime) > nowMinutes + STILL_TAKEN_AHEAD_MINUTES) return undefined
  const ids = new Set(r.tables.map((t) => t.id))
  return day.find((o) => o.id !== r.id && minutesOverTime(o, nowMinutes) > 0 && o.tables.some((t) => ids.has(t.id)))
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
