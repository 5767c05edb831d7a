/**
 * Where a walk-in can sit now (issue 35), as pure rules over a day's tables
 * (common/tables.ts): the tables and combinations free this minute, until when
 * each stays free (the next booking holding one of its tables), and whether
 * that covers the party's stay. A walk-in never takes a table a booking needs
 * before its stay ends: staff shorten the stay, or choose another table.
 */
import { holderText, shortName, tablesFree, type Candidate, type TableHold, type TablesDay } from './tables'
import { formatTime12, minutesText, minutesToTime } from './time'

/** The shortest stay a booking can have (reservations_duration_check). */
export const MIN_STAY_MINUTES = 15

/** A hold with the booking behind it, as staff are told of it. */
export type HolderHold = TableHold & { name: string; partySize: number; startTime: string }

/** A hold of a party still seated past its time: held until now at least, `dueEnd` the end it was booked for. */
export type StillSeated<H extends TableHold> = H & { dueEnd: number }

/**
 * The holds as they stand for seating a party now (docs/decisions/0052): a
 * party marked seated is at its tables from the moment it sat down until staff
 * mark it finished. A hold whose booked time has run out while its party is
 * still seated runs to now at least, its booked end kept as `dueEnd`; a party
 * seated before its booked time holds its tables from now. Finished, a hold
 * ends at that minute as before (freed_at). Only now: when such a party will
 * leave is not known, so later times keep the turn times.
 */
export function holdsNow<H extends TableHold & { visitState: string }>(holds: readonly H[], now: number): (H | StillSeated<H>)[] {
  return holds.map((h) => {
    if (h.visitState !== 'seated') return h
    if (h.end <= now) return { ...h, end: now + 1, dueEnd: h.end }
    if (h.start > now) return { ...h, start: now }
    return h
  })
}

export const isStillSeated = <H extends TableHold>(h: H): h is StillSeated<H> => 'dueEnd' in h

export type WalkInChoice<H extends TableHold = HolderHold> = {
  candidate: Candidate
  /** Minutes after the date's midnight when the next booking takes one of its tables; null: free for the rest of the day. */
  freeUntil: number | null
  /** That booking's hold. */
  next: H | undefined
  fullStay: boolean
}

/** The first hold on any of `tableIds` starting after `now`, or undefined. */
export function nextHoldOn<H extends TableHold>(tableIds: readonly number[], now: number, holds: readonly H[]): H | undefined {
  let next: H | undefined
  for (const h of holds) if (h.start > now && tableIds.includes(h.tableId) && (!next || h.start < next.start)) next = h
  return next
}

/**
 * The tables and combinations (any: staff seat walk-ins anywhere open) that
 * take the party and are free at `now`, for a stay of `stayMinutes`: those
 * free for the whole stay first, best fit first (the plan's order of fit),
 * then the others, the longest free first.
 */
export function walkInChoices<H extends TableHold>(
  partySize: number,
  now: number,
  stayMinutes: number,
  tables: Omit<TablesDay, 'holds'> & { holds: readonly H[] },
): WalkInChoice<H>[] {
  const choices: WalkInChoice<H>[] = []
  for (const candidate of tables.plan.candidates(partySize, true)) {
    if (tables.closedAreaIds.includes(candidate.areaId)) continue
    if (!tablesFree(candidate.tableIds, now, now + 1, tables.holds)) continue
    const next = nextHoldOn(candidate.tableIds, now, tables.holds)
    const freeUntil = next ? next.start : null
    choices.push({ candidate, freeUntil, next, fullStay: freeUntil === null || freeUntil >= now + stayMinutes })
  }
  const rest = (c: WalkInChoice<H>) => (c.freeUntil === null ? Infinity : c.freeUntil)
  return [...choices.filter((c) => c.fullStay), ...choices.filter((c) => !c.fullStay).sort((a, b) => rest(b) - rest(a))]
}

/**
 * The table free now for each party waiting in the walk-in queue, first come
 * first (docs/decisions/0053): each party's best fit for its whole stay,
 * leaving out the tables already named for the parties before it, so that two
 * parties are never told of one table. Null for a party with none.
 */
export function freeNowInTurn(
  parties: readonly { partySize: number; stayMinutes: number }[],
  now: number,
  tables: Omit<TablesDay, 'holds'> & { holds: readonly TableHold[] },
): (Candidate | null)[] {
  const holds: TableHold[] = [...tables.holds]
  return parties.map((party, i) => {
    const best = walkInChoices(party.partySize, now, party.stayMinutes, { ...tables, holds }).find((c) => c.fullStay)
    if (!best) return null
    // Named for this party: the ones after it are told of another table. (No booking has a negative id.)
    for (const tableId of best.candidate.tableIds) holds.push({ tableId, reservationId: -1 - i, start: now, end: now + party.stayMinutes })
    return best.candidate
  })
}

/**
 * Why a walk-in cannot have a table for its whole stay, naming the booking
 * that needs it: 'T4 is free for 45 minutes: J. Smith (4) is booked at 8:00 PM.
 * Shorten the stay to 45 minutes or less to seat them there.'
 */
/**
 * When a table or combination that takes the party is next free for its whole
 * stay today (by the bookings' turn times), the earliest first and, among
 * those, the best fit: the wait the host quotes a walk-in when nothing is free
 * now. Tables whose party is seated past its time are left out, as when they
 * go is not known (they are listed apart). Undefined when none is before
 * `before` (the venue's closing time, minutes after the date's midnight).
 */
export function nextFreeFor<H extends TableHold>(
  partySize: number,
  now: number,
  stayMinutes: number,
  tables: Omit<TablesDay, 'holds'> & { holds: readonly (H | StillSeated<H>)[] },
  before = 1440,
): { candidate: Candidate; at: number } | undefined {
  const unknown = new Set(tables.holds.filter(isStillSeated).map((h) => h.tableId))
  let best: { candidate: Candidate; at: number } | undefined
  for (const candidate of tables.plan.candidates(partySize, true)) {
    if (tables.closedAreaIds.includes(candidate.areaId) || candidate.tableIds.some((id) => unknown.has(id))) continue
    // A table frees when a hold on it ends: those are the only times to try.
    const times = [now, ...tables.holds.filter((h) => h.end > now && candidate.tableIds.includes(h.tableId)).map((h) => h.end)].sort((a, b) => a - b)
    const at = times.find((t) => t < before && tablesFree(candidate.tableIds, t, t + stayMinutes, tables.holds))
    if (at !== undefined && (!best || at < best.at)) best = { candidate, at }
  }
  return best
}

/**
 * Why a table staff name for a walk-in is taken now: its party, or one seated
 * past its time, whom staff mark finished once they have gone.
 */
export function tableTakenNowMessage(table: string, holder: HolderHold | StillSeated<HolderHold>): string {
  if (!isStillSeated(holder)) return `${table} is taken now by ${holderText(holder)}.`
  return `${table} is still taken: ${shortName(holder.name)} (${holder.partySize}) were due to leave at ${formatTime12(minutesToTime(holder.dueEnd % 1440))}. Mark them Finished once they have gone.`
}

export function tableNeededMessage(table: string, next: Pick<HolderHold, 'start' | 'name' | 'partySize' | 'startTime'>, now: number): string {
  const minutes = next.start - now
  const free = `${table} is free for ${minutesText(minutes)}: ${shortName(next.name)} (${next.partySize}) is booked at ${formatTime12(next.startTime)}.`
  return minutes >= MIN_STAY_MINUTES
    ? `${free} Shorten the stay to ${minutes} minutes or less to seat them there.`
    : `${free} That is too short a stay: choose another table.`
}
