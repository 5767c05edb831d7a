/**
 * The rule that accepts or refuses a booking (DESIGN.md section 3), as one
 * pure function: no database, no clock, no HTTP. Whoever books reads the day
 * under the date lock and asks `decideBooking`: the booking batch (a guest's
 * table), the event booking's transaction, and a guest moving a booking
 * through the manage link. Nothing else decides; availability lists the
 * same rules worked out for a whole date at once (`availableSlots`,
 * common/availability.ts), and booking-decision.test.ts checks they agree.
 *
 * A refusal is data, a reason code and the guest's message, so that the
 * answer to "why is this time not offered?" is the same everywhere. Tables
 * and turn times (issue 34) add reasons here (`no_table_fits`, `area_closed`,
 * `tables_taken`) and the tables an accepted booking gets (`seated`).
 */
import {
  bookingHoursFor,
  fitsCovers,
  fitsPacing,
  lastBookableDate,
  slotTimes,
  zonedInstant,
  type ActiveBooking,
  type BookingWindowRules,
  type CapacityRules,
  type DateException,
  type WeeklyHours,
} from '#common/availability'
import { seatParty, type TablesDay } from '#common/tables'
import { DUPLICATE_BOOKING_MESSAGE, EVENT_FULL_MESSAGE, slotUnavailableMessage } from '#common/reservation-schema'
import { formatTime12 } from '#common/time'
import { ConflictError } from '../domain-errors'

/** What the guest asks for. An event booking names the event's title and capacity (null: no limit). */
export type BookingRequest = {
  date: string
  startTime: string
  partySize: number
  event?: { title: string; capacity: number | null }
}

/**
 * A table booking's day as read under the date lock: its hours, its active
 * bookings, whether this guest already holds the slot, and the floor plan
 * with the tables' holds (when the plan has an active table, the venue books
 * tables rather than covers).
 */
export type TableDay = {
  weekly: readonly WeeklyHours[]
  exceptions: readonly DateException[]
  bookings: readonly ActiveBooking[]
  duplicate: boolean
  tables?: TablesDay
}
/** An event booking's day: the guests already booked on the event, and whether this guest already holds the slot. */
export type EventDay = { duplicate: boolean; covers: number }
export type BookingDay = TableDay | EventDay

/** The venue's booking rules (Settings) and its time zone. */
export type BookingRules = CapacityRules &
  BookingWindowRules & {
    autoConfirmMaxParty: number
    timeZone: string
  }

/**
 * Why a booking is refused. `closed`: no booking starts then (a closed day,
 * outside the hours, a time that is no slot); `past`: it has started;
 * `notice`: it starts within the minimum notice; `horizon`: beyond the last
 * bookable date; `capacity`: the covers at one of its half hours; `pacing`:
 * the guests starting in its slot; `event_capacity`: the event's own limit;
 * `duplicate`: this guest already holds a booking then. A venue with tables
 * (issue 34) has no covers limit but three more: `no_table_fits` (no table or
 * combination guests can book takes the party), `area_closed` (those that do
 * are in areas closed that date), `tables_taken` (each that does is held at
 * some moment of the visit).
 */
export type RefusalCode =
  | 'closed'
  | 'past'
  | 'notice'
  | 'horizon'
  | 'capacity'
  | 'pacing'
  | 'event_capacity'
  | 'duplicate'
  | 'no_table_fits'
  | 'area_closed'
  | 'tables_taken'

/**
 * A reason and the words the guest is given. The slot's reasons share one
 * message, so it never tells one guest about another's booking; `heldBy`
 * (tables_taken) names the bookings holding the fitting tables, for staff.
 */
export type Refusal = { code: RefusalCode; message: string; heldBy?: readonly number[] }

/**
 * Where an accepted booking sits when the venue books tables: its tables (none
 * for a large party taken as a pending request when nothing fits: staff seat
 * it when they confirm) and its turn time, which the booking stores.
 */
export type Seated = { tableIds: readonly number[]; durationMinutes: number }

export type BookingDecision =
  | { outcome: 'accepted'; status: 'confirmed' | 'pending'; seated?: Seated }
  | { outcome: 'refused'; reason: Refusal }

// The two acceptances, made once: deciding a booking allocates nothing unless it refuses.
const CONFIRMED: BookingDecision = Object.freeze({ outcome: 'accepted', status: 'confirmed' })
const PENDING: BookingDecision = Object.freeze({ outcome: 'accepted', status: 'pending' })

/** A refused booking as a service throws it: 409 with the guest's message (the reason's code stays on the server, for logs and staff screens). */
export class BookingRefusedError extends ConflictError {
  constructor(readonly reason: Refusal) {
    super(reason.message)
  }
}

/** Accepts (confirmed, or pending for a party staff confirm themselves) or refuses a booking, from the day as read under the lock. */
export function decideBooking(request: BookingRequest, day: BookingDay, rules: BookingRules, now: Date): BookingDecision {
  // Event bookings keep their own capacity: events have no area to take tables from.
  if (!('covers' in day) && day.tables?.plan.booksTables) return tablesDecision(request, day, day.tables, rules, now)
  const refusal = 'covers' in day ? eventRefusal(request, day) : tableRefusal(request, day, rules, now)
  if (refusal) return refused(refusal, request)
  return request.partySize <= rules.autoConfirmMaxParty ? CONFIRMED : PENDING
}

function refused(code: RefusalCode, request: BookingRequest, heldBy?: readonly number[]): BookingDecision {
  const reason: Refusal = { code, message: messageFor(code, request) }
  if (heldBy) reason.heldBy = heldBy
  return { outcome: 'refused', reason }
}

/**
 * A venue that books tables: the hours, horizon and notice as for covers, the
 * pacing limit of the slot, then the best free table or combination guests
 * can book for the party's whole turn time (common/tables.ts). A party over
 * the auto-confirm size that fits nowhere is taken as a pending request
 * without a table.
 */
function tablesDecision(request: BookingRequest, day: TableDay, tables: TablesDay, rules: BookingRules, now: Date): BookingDecision {
  if (day.duplicate) return refused('duplicate', request)
  const refusal = windowRefusal(request, day, rules, now)
  if (refusal) return refused(refusal, request)
  if (!fitsPacing(request.startTime, request.partySize, day.bookings, rules)) return refused('pacing', request)
  const seating = seatParty(request, tables, { staff: false, fallbackMinutes: rules.durationMinutes })
  const status = request.partySize <= rules.autoConfirmMaxParty ? 'confirmed' : 'pending'
  if (seating.ok) return { outcome: 'accepted', status, seated: { tableIds: seating.tableIds, durationMinutes: seating.durationMinutes } }
  if (status === 'pending') return { outcome: 'accepted', status, seated: { tableIds: [], durationMinutes: seating.durationMinutes } }
  return refused(seating.code, request, seating.code === 'tables_taken' ? seating.heldBy : undefined)
}

function eventRefusal(request: BookingRequest, day: EventDay): RefusalCode | undefined {
  if (day.duplicate) return 'duplicate'
  const capacity = request.event?.capacity ?? null
  if (capacity !== null && day.covers + request.partySize > capacity) return 'event_capacity'
  return undefined
}

function tableRefusal(request: BookingRequest, day: TableDay, rules: BookingRules, now: Date): RefusalCode | undefined {
  if (day.duplicate) return 'duplicate'
  return slotRefusal(request, day, rules, now)
}

/**
 * Why a party cannot start at a time on a date (the rules of a guest's table
 * booking, the guest's own duplicate aside), or undefined when it can.
 */
export function slotRefusal(
  { date, startTime, partySize }: Pick<BookingRequest, 'date' | 'startTime' | 'partySize'>,
  day: Pick<TableDay, 'weekly' | 'exceptions' | 'bookings'>,
  rules: BookingRules,
  now: Date,
): 'closed' | 'past' | 'notice' | 'horizon' | 'capacity' | 'pacing' | undefined {
  const refusal = windowRefusal({ date, startTime }, day, rules, now)
  if (refusal) return refusal
  if (!fitsCovers(startTime, partySize, day.bookings, rules)) return 'capacity'
  if (!fitsPacing(startTime, partySize, day.bookings, rules)) return 'pacing'
  return undefined
}

/** Whether a time can be booked at all: within the hours, the horizon and the notice. */
function windowRefusal(
  { date, startTime }: Pick<BookingRequest, 'date' | 'startTime'>,
  day: Pick<TableDay, 'weekly' | 'exceptions'>,
  rules: BookingRules,
  now: Date,
): 'closed' | 'past' | 'notice' | 'horizon' | undefined {
  if (!slotTimes(bookingHoursFor(date, day.weekly, day.exceptions)).includes(startTime)) return 'closed'
  if (date > lastBookableDate(now, rules.timeZone, rules.maxDaysAhead)) return 'horizon'
  const start = zonedInstant(date, startTime, rules.timeZone)
  // A wall time the clocks skip (the hour lost in March) never starts.
  if (start === null) return 'closed'
  if (start.getTime() < now.getTime()) return 'past'
  if (start.getTime() < now.getTime() + rules.minNoticeMinutes * 60_000) return 'notice'
  return undefined
}

function messageFor(code: RefusalCode, request: BookingRequest): string {
  if (code === 'duplicate') return DUPLICATE_BOOKING_MESSAGE
  if (code === 'event_capacity') return EVENT_FULL_MESSAGE(request.event?.title ?? 'this event', request.partySize)
  return slotUnavailableMessage(formatTime12(request.startTime), request.partySize)
}

/** The rules a booking is decided by: the venue's settings and its zone, field by field (see asInserted in booking-sql.ts on spreads). */
export function bookingRules(
  settings: CapacityRules & BookingWindowRules & { autoConfirmMaxParty: number },
  timeZone: string,
): BookingRules {
  return {
    capacityCovers: settings.capacityCovers,
    durationMinutes: settings.durationMinutes,
    maxCoversPerSlot: settings.maxCoversPerSlot,
    autoConfirmMaxParty: settings.autoConfirmMaxParty,
    minNoticeMinutes: settings.minNoticeMinutes,
    maxDaysAhead: settings.maxDaysAhead,
    timeZone,
  }
}
