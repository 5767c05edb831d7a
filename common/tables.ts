/**
 * The table rules of the booking engine (issue 34), as pure functions shared by
 * the booking decision (server/reservations/booking-decision.ts), the offered
 * times (common/availability.ts), staff assignment and the 'why isn't it
 * offered?' answer: which tables or combinations can take a party, how long a
 * party keeps them, whether they are free, and which one is the best fit.
 *
 * Times are minutes after the booking date's midnight in venue wall-clock time
 * (a hold from the evening before that runs past midnight starts below 0), as
 * reservation_tables.during holds them (migration 0009).
 */
import { guestsText } from './reservation-form'
import { dayOfWeek, MONTH_NAMES, timeToMinutes } from './time'

/**
 * The months an area takes bookings, the first and the last: a garden from April to September is 4 and 9, a
 * marquee from November to February 11 and 2. Outside them the area is closed, as on a weather closure's date
 * (the SQL of the areas closed on a date, server/reservations/booking-sql.ts, is this rule's other copy).
 */
export type AreaSeason = { from: number; to: number }

/** Whether a date ('YYYY-MM-DD') falls in a season; every date does in an area with none. */
export function inSeason(season: AreaSeason | null | undefined, date: string): boolean {
  if (!season) return true
  const month = Number(date.slice(5, 7))
  return season.from <= season.to ? month >= season.from && month <= season.to : month >= season.from || month <= season.to
}

/** 'April to September', 'July only', or 'all year'. */
export function seasonText(season: AreaSeason | null | undefined): string {
  if (!season) return 'all year'
  if (season.from === season.to) return `${MONTH_NAMES[season.from - 1]} only`
  return `${MONTH_NAMES[season.from - 1]} to ${MONTH_NAMES[season.to - 1]}`
}

export type PlanArea = {
  id: number
  name: string
  sortOrder: number
  onlineBookable: boolean
  isActive: boolean
  /** The months it takes bookings (null or absent: all year). */
  season?: AreaSeason | null
}
export type PlanTable = {
  id: number
  name: string
  areaId: number
  minCovers: number
  maxCovers: number
  onlineBookable: boolean
  isActive: boolean
  sortOrder: number
  /** The first date it seats no one ('YYYY-MM-DD'), or null (absent: null). */
  outOfUseFrom?: string | null
}
export type PlanCombination = PlanTable & { tableIds: readonly number[] }
/** How long a party keeps its table: parties minParty..maxParty, on one weekday (0 Sunday) or every day (null). */
export type TurnTimeRule = { minParty: number; maxParty: number; durationMinutes: number; weekday: number | null }

/** The venue's floor plan and turn times, as read from the database. */
export type FloorPlan = {
  areas: readonly PlanArea[]
  tables: readonly PlanTable[]
  combinations: readonly PlanCombination[]
  turnTimes: readonly TurnTimeRule[]
}

/** One table held by an active booking from `start` to `end` (minutes after the date's midnight, end excluded). */
export type TableHold = { tableId: number; reservationId: number; start: number; end: number }

/** A table, or a combination of tables, that could seat a party. */
export type Candidate = {
  kind: 'table' | 'combination'
  id: number
  name: string
  areaId: number
  areaName: string
  tableIds: readonly number[]
  minCovers: number
  maxCovers: number
  onlineBookable: boolean
  /** Area sort, then the table's (or combination's) sort, then id: the plan's reading order. */
  order: readonly [number, number, number]
  /** The first date it seats no one: its own, or the earliest of its tables' (null: in use on every date). */
  outOfUseFrom: string | null
}

/** A plan made ready for many questions: candidates per party size are worked out once. */
export type PreparedPlan = {
  plan: FloorPlan
  /** At least one active table in an active area: the venue books tables, not covers. */
  booksTables: boolean
  areaById: ReadonlyMap<number, PlanArea>
  tableById: ReadonlyMap<number, PlanTable>
  candidates: (partySize: number, staff: boolean) => readonly Candidate[]
  /** Whether any table or combination is out of use from a date (else every candidate serves every date). */
  retires: boolean
}

/** The tables side of a booking day: the plan, the areas closed that date, and the tables' active holds around it. */
export type TablesDay = { plan: PreparedPlan; closedAreaIds: readonly number[]; holds: readonly TableHold[] }

export const NO_PLAN: FloorPlan = Object.freeze({ areas: [], tables: [], combinations: [], turnTimes: [] })

/**
 * The turn time for a party on a date: the rule for that weekday that covers
 * the party size, else the every-day rule that does, else `fallbackMinutes`
 * (the booking_duration_minutes setting).
 */
export function turnTimeFor(partySize: number, date: string, rules: readonly TurnTimeRule[], fallbackMinutes: number): number {
  const weekday = dayOfWeek(date)
  let everyDay: number | undefined
  for (const r of rules) {
    if (partySize < r.minParty || partySize > r.maxParty) continue
    if (r.weekday === weekday) return r.durationMinutes
    if (r.weekday === null && everyDay === undefined) everyDay = r.durationMinutes
  }
  return everyDay ?? fallbackMinutes
}

/** The longest turn time any rule gives (or the fallback): how far a hold can reach. */
export function longestTurn(rules: readonly TurnTimeRule[], fallbackMinutes: number): number {
  return rules.reduce((longest, r) => Math.max(longest, r.durationMinutes), fallbackMinutes)
}

/** Best fit first: fewest spare seats, single tables before combinations, then the plan's order. */
function byFit(partySize: number) {
  return (a: Candidate, b: Candidate) =>
    a.maxCovers - partySize - (b.maxCovers - partySize) ||
    (a.kind === b.kind ? 0 : a.kind === 'table' ? -1 : 1) ||
    a.order[0] - b.order[0] ||
    a.order[1] - b.order[1] ||
    a.order[2] - b.order[2]
}

/**
 * The plan, ready for the engine. Candidates for a party of N: active tables
 * and combinations with minCovers ≤ N ≤ maxCovers in an active area (a
 * combination only while all its tables are active); for guests only those
 * online-bookable in an online-bookable area; for staff any. Sorted best fit
 * first. Closures are per date, so they are applied by `seatParty`.
 */
export function preparePlan(plan: FloorPlan): PreparedPlan {
  const areaById = new Map(plan.areas.map((a) => [a.id, a]))
  const tableById = new Map(plan.tables.map((t) => [t.id, t]))
  const activeArea = (id: number) => areaById.get(id)?.isActive === true
  const all: Candidate[] = []
  for (const t of plan.tables) {
    if (!t.isActive || !activeArea(t.areaId)) continue
    all.push(candidateOf('table', t, [t.id], areaById.get(t.areaId)!, t.outOfUseFrom ?? null))
  }
  for (const c of plan.combinations) {
    if (!c.isActive || !activeArea(c.areaId) || c.tableIds.length === 0) continue
    if (!c.tableIds.every((id) => tableById.get(id)?.isActive === true)) continue
    const from = [c.outOfUseFrom, ...c.tableIds.map((id) => tableById.get(id)?.outOfUseFrom)].reduce<string | null>(
      (earliest, d) => (d && (earliest === null || d < earliest) ? d : earliest),
      null,
    )
    all.push(candidateOf('combination', c, c.tableIds, areaById.get(c.areaId)!, from))
  }
  const booksTables = all.some((c) => c.kind === 'table')
  const retires = all.some((c) => c.outOfUseFrom !== null)
  const cache = new Map<number, readonly Candidate[]>()
  return {
    plan,
    booksTables,
    retires,
    areaById,
    tableById,
    candidates(partySize, staff) {
      const key = staff ? -partySize : partySize
      let found = cache.get(key)
      if (!found) {
        found = all
          .filter((c) => c.minCovers <= partySize && partySize <= c.maxCovers)
          .filter((c) => staff || (c.onlineBookable && areaById.get(c.areaId)!.onlineBookable))
          .sort(byFit(partySize))
        cache.set(key, found)
      }
      return found
    },
  }
}

function candidateOf(kind: Candidate['kind'], t: PlanTable, tableIds: readonly number[], area: PlanArea, outOfUseFrom: string | null): Candidate {
  return {
    kind,
    id: t.id,
    name: t.name,
    areaId: t.areaId,
    areaName: area.name,
    tableIds,
    minCovers: t.minCovers,
    maxCovers: t.maxCovers,
    onlineBookable: t.onlineBookable,
    order: [area.sortOrder, t.sortOrder, t.id],
    outOfUseFrom,
  }
}

/** Whether a table or candidate seats anyone on `date` (it is not out of use from that date or earlier). */
export function inUseOn(item: { outOfUseFrom?: string | null }, date: string): boolean {
  return !item.outOfUseFrom || date < item.outOfUseFrom
}

/** The reservations holding any of `tableIds` at some moment of [start, end). */
export function holdersOf(tableIds: readonly number[], start: number, end: number, holds: readonly TableHold[]): number[] {
  const found: number[] = []
  for (const h of holds) {
    if (h.start < end && start < h.end && tableIds.includes(h.tableId) && !found.includes(h.reservationId)) found.push(h.reservationId)
  }
  return found
}

/** Whether none of `tableIds` is held by an active booking at any moment of [start, end). */
export function tablesFree(tableIds: readonly number[], start: number, end: number, holds: readonly TableHold[]): boolean {
  for (const h of holds) if (h.start < end && start < h.end && tableIds.includes(h.tableId)) return false
  return true
}

/**
 * Where a party sits: the best free candidate, or why none. `no_table_fits`: no
 * table or combination takes N (for guests: online); `area_closed`: the only
 * ones that do are in areas closed that date; `tables_taken`: each that does
 * is held at some moment of the visit (heldBy: the bookings holding them).
 */
export type Seating =
  | { ok: true; candidate: Candidate; tableIds: readonly number[]; durationMinutes: number }
  | { ok: false; code: 'no_table_fits' | 'area_closed' | 'tables_taken'; heldBy: readonly number[]; durationMinutes: number }

export function seatParty(
  request: { date: string; startTime: string; partySize: number },
  tables: TablesDay,
  options: { staff: boolean; fallbackMinutes: number; durationMinutes?: number },
): Seating {
  // A booking already made keeps the turn time it was made with (`durationMinutes`); a new one gets the rule's.
  const durationMinutes = options.durationMinutes ?? turnTimeFor(request.partySize, request.date, tables.plan.plan.turnTimes, options.fallbackMinutes)
  const start = timeToMinutes(request.startTime)
  const end = start + durationMinutes
  // Those out of use from the date or earlier are not there that date (filtered only when the plan has any).
  const listed = tables.plan.candidates(request.partySize, options.staff)
  const candidates = tables.plan.retires ? listed.filter((c) => inUseOn(c, request.date)) : listed
  let open = 0
  for (const c of candidates) {
    if (tables.closedAreaIds.includes(c.areaId)) continue
    open++
    if (tablesFree(c.tableIds, start, end, tables.holds)) return { ok: true, candidate: c, tableIds: c.tableIds, durationMinutes }
  }
  if (open > 0) {
    const heldBy: number[] = []
    for (const c of candidates) {
      if (tables.closedAreaIds.includes(c.areaId)) continue
      for (const id of holdersOf(c.tableIds, start, end, tables.holds)) if (!heldBy.includes(id)) heldBy.push(id)
    }
    return { ok: false, code: 'tables_taken', heldBy, durationMinutes }
  }
  return { ok: false, code: candidates.length > 0 ? 'area_closed' : 'no_table_fits', heldBy: [], durationMinutes }
}

/** A visit from `startTime` for `durationMinutes`, as [start, end) in minutes after its date's midnight. */
export function timeRange(startTime: string, durationMinutes: number): [number, number] {
  const start = timeToMinutes(startTime)
  return [start, start + durationMinutes]
}

/** The holds a booking adds once it sits at `tableIds` from `startTime` for `durationMinutes`. */
export function holdsOf(reservationId: number, tableIds: readonly number[], startTime: string, durationMinutes: number): TableHold[] {
  const start = timeToMinutes(startTime)
  return tableIds.map((tableId) => ({ tableId, reservationId, start, end: start + durationMinutes }))
}

/** '19:00–21:30' for a hold of a booking (minutes after midnight; past midnight shown as the next day's time). */
export function spanText(start: number, end: number): string {
  const hhmm = (m: number) => {
    const day = ((m % 1440) + 1440) % 1440
    return `${String(Math.floor(day / 60)).padStart(2, '0')}:${String(day % 60).padStart(2, '0')}`
  }
  return `${hhmm(start)}–${hhmm(end)}`
}

/** 'J. Smith' for 'John Smith': how a booking is named to staff in a refusal (one word stays whole). */
export function shortName(name: string): string {
  const words = name.trim().split(/\s+/)
  if (words.length < 2) return words[0] ?? ''
  return `${words[0]!.charAt(0).toUpperCase()}. ${words[words.length - 1]}`
}

/** A booking holding a table, as staff are told of it: 'J. Smith (4 guests, 19:00–21:00)'. */
export function holderText(holder: { name: string; partySize: number; start: number; end: number }): string {
  return `${shortName(holder.name)} (${guestsText(holder.partySize)}, ${spanText(holder.start, holder.end)})`
}

/** The message staff get when a table they name is held by another booking: they move that booking first. */
export function tableTakenMessage(table: string, holder: { name: string; partySize: number; start: number; end: number }): string {
  return `${table} is taken by ${holderText(holder)} at that time: move that booking first.`
}
