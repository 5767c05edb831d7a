import { zonedParts } from './time'

/**
 * A booking's visit on the night (issue 35), beside its status (pending,
 * confirmed, cancelled: SPEC.md, unchanged): expected until the party comes,
 * then arrived, seated and finished, or a no-show. Staff move it forward one
 * step at a time, or undo the last step.
 */
export const VISIT_STATES = ['expected', 'arrived', 'seated', 'finished', 'no_show'] as const
export type VisitState = (typeof VISIT_STATES)[number]

export const VISIT_STATE_LABELS: Record<VisitState, string> = {
  expected: 'Expected',
  arrived: 'Arrived',
  seated: 'Seated',
  finished: 'Finished',
  no_show: 'No-show',
}

/** What a visit step taken says to staff (a toast, a screen reader): 'Ann Guest: Seated'. */
export const visitStepText = (name: string, state: VisitState) => `${name}: ${VISIT_STATE_LABELS[state]}`

/** When each step was taken (ISO instants), null for a step not taken. */
export type VisitTimes = { arrivedAt: string | null; seatedAt: string | null; finishedAt: string | null; noShowAt: string | null }

export const NO_VISIT_TIMES: VisitTimes = { arrivedAt: null, seatedAt: null, finishedAt: null, noShowAt: null }

/** No-show is offered from this many minutes after the booked time: a party a little late is still expected. */
export const NO_SHOW_AFTER_MINUTES = 15

/** The forward steps from each state (expected -> seated: a party seated straight away, never marked arrived). */
const FORWARD: Record<VisitState, readonly VisitState[]> = {
  expected: ['arrived', 'seated', 'no_show'],
  arrived: ['seated', 'no_show'],
  seated: ['finished'],
  finished: [],
  no_show: [],
}

/** The time each step stamps: a step undone clears it. */
export const VISIT_TIME_OF: Record<Exclude<VisitState, 'expected'>, keyof VisitTimes> = {
  arrived: 'arrivedAt',
  seated: 'seatedAt',
  finished: 'finishedAt',
  no_show: 'noShowAt',
}

/** The states a finished or no-show booking is in: its tables and covers are free from the minute it was marked. */
export const FREES_TABLES: readonly VisitState[] = ['finished', 'no_show']

/** The booking a visit move is decided on. */
export type VisitBooking = {
  status: 'pending' | 'confirmed' | 'cancelled' | string
  date: string
  startTime: string
  visitState: VisitState
  /** Whether the party was marked arrived (the step a seated or no-show booking goes back to on undo). */
  arrived: boolean
}

/** The venue's wall clock now: its date and minutes after midnight. */
export type VenueNow = { date: string; minutes: number }

export type VisitMove = { ok: true; undo: boolean } | { ok: false; code: VisitRefusal; message: string }
export type VisitRefusal = 'visit_not_active' | 'visit_not_today' | 'visit_too_early' | 'visit_unchanged' | 'visit_not_allowed'

/** The state an undo of the current one goes back to (undefined for expected, which has no step to undo). */
export function previousVisitState(b: Pick<VisitBooking, 'visitState' | 'arrived'>): VisitState | undefined {
  switch (b.visitState) {
    case 'expected':
      return undefined
    case 'arrived':
      return 'expected'
    case 'seated':
    case 'no_show':
      return b.arrived ? 'arrived' : 'expected'
    case 'finished':
      return 'seated'
  }
}

/** The forward steps staff may take from a booking's state (the buttons a card offers), in order. */
export const nextVisitStates = (state: VisitState): readonly VisitState[] => FORWARD[state]

/** Minutes from a booking's start to the venue's now (negative before it); across dates too. */
function minutesSinceStart(b: Pick<VisitBooking, 'date' | 'startTime'>, now: VenueNow): number {
  const [h, m] = b.startTime.split(':').map(Number)
  const days = Math.round((Date.parse(`${now.date}T00:00:00Z`) - Date.parse(`${b.date}T00:00:00Z`)) / 86_400_000)
  return days * 1440 + now.minutes - (h! * 60 + m!)
}

/** Whether a no-show can be marked now: from 15 minutes after the booked time. */
export function noShowDue(b: Pick<VisitBooking, 'date' | 'startTime'>, now: VenueNow): boolean {
  return minutesSinceStart(b, now) >= NO_SHOW_AFTER_MINUTES
}

/** '7:45 PM' for a 19:30 booking: when its no-show can first be marked. */
function noShowFromText(startTime: string): string {
  const [h, m] = startTime.split(':').map(Number)
  const at = (h! * 60 + m! + NO_SHOW_AFTER_MINUTES) % 1440
  const hour = Math.floor(at / 60)
  return `${hour % 12 === 0 ? 12 : hour % 12}:${String(at % 60).padStart(2, '0')} ${hour >= 12 ? 'PM' : 'AM'}`
}

const lower = (s: VisitState) => VISIT_STATE_LABELS[s].toLowerCase()

/**
 * Whether staff may move a booking's visit to `target` now, and why not:
 * only forward (expected -> arrived -> seated -> finished; expected or arrived
 * -> no-show; expected -> seated), or back one step (undo of the last). A
 * pending or cancelled booking moves nowhere forward; no booking moves forward
 * before its date; a no-show only from 15 minutes after the booked time.
 */
export function decideVisitMove(b: VisitBooking, target: VisitState, now: VenueNow): VisitMove {
  if (target === b.visitState) {
    return { ok: false, code: 'visit_unchanged', message: `This booking is already marked ${lower(target)}.` }
  }
  const previous = previousVisitState(b)
  if (target === previous) return { ok: true, undo: true }
  if (!FORWARD[b.visitState].includes(target)) {
    const forward = FORWARD[b.visitState].map(lower)
    const ways = [...(forward.length ? [`marked ${forward.join(' or ')}`] : []), ...(previous ? [`undone back to ${lower(previous)}`] : [])]
    return {
      ok: false,
      code: 'visit_not_allowed',
      message: `A booking marked ${lower(b.visitState)} cannot be marked ${lower(target)}: it can be ${ways.join(', or ')}.`,
    }
  }
  if (b.status === 'pending') {
    return { ok: false, code: 'visit_not_active', message: `This booking is still a request: confirm it before marking it ${lower(target)}.` }
  }
  if (b.status !== 'confirmed') {
    return { ok: false, code: 'visit_not_active', message: `This booking is cancelled: make it active again before marking it ${lower(target)}.` }
  }
  if (b.date > now.date) {
    return { ok: false, code: 'visit_not_today', message: `This booking is for a later date: a visit is marked on the day.` }
  }
  if (target === 'no_show' && !noShowDue(b, now)) {
    return {
      ok: false,
      code: 'visit_too_early',
      message: `A no-show can be marked from ${noShowFromText(b.startTime)}, ${NO_SHOW_AFTER_MINUTES} minutes after the booked time.`,
    }
  }
  return { ok: true, undo: false }
}

/**
 * How long a booking holds its tables, in minutes from its start: its
 * duration, or less when it finished or was marked a no-show earlier (its
 * tables are free from that minute: the hold of reservation_tables ends there).
 */
export function heldMinutes(
  r: { date: string; startTime: string; durationMinutes: number; visitState: VisitState; visitTimes: VisitTimes },
  timeZone: string,
): number {
  const freedAt = r.visitState === 'finished' ? r.visitTimes.finishedAt : r.visitState === 'no_show' ? r.visitTimes.noShowAt : null
  if (!freedAt) return r.durationMinutes
  return Math.max(0, Math.min(r.durationMinutes, minutesSinceStart(r, zonedParts(new Date(freedAt), timeZone))))
}
