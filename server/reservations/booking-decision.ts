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
  bookingSlotTimes,
  fitsCovers,
  fitsPacing,
  lastBookableDate,
  lastOrdersFor,
  pacedBy,
  serviceAt,
  servicesFor,
  slotTimes,
  zonedInstant,
  type ActiveBooking,
  type BookingWindowRules,
  type CapacityRules,
  type DateException,
  type WeeklyHours,
} from '#common/availability'
import { seatParty, type TablesDay } from '#common/tables'
import type { FoodDrinks } from '#common/constants'
import { isDrinksOnlyTime, LAST_ORDERS_MESSAGES } from '#common/last-orders'
import { EVENT_FULL_MESSAGE, GUEST_LIMIT_MESSAGE, slotUnavailableMessage } from '#common/reservation-schema'
import { serviceRanges, SERVICES_MESSAGES } from '#common/services'
import { formatLongDate, formatTime12 } from '#common/time'
import { ConflictError } from '../domain-errors'

/** What the guest asks for. An event booking names the event's title and capacity (null: no limit). */
export type BookingRequest = {
  date: string
  startTime: string
  partySize: number
  event?: { title: string; capacity: number | null }
  /** A table's preference: Food & Drinks at or after the kitchen's last orders is refused (issue 36); none: not checked. */
  foodDrinks?: FoodDrinks
}

/**
 * How long a large party's request from the public form holds its seats
 * unless its guest confirms it from their email (or staff confirm it): long
 * enough to open the email, too short for a stranger's requests to empty an
 * evening (docs/decisions/0021).
 */
export const UNCONFIRMED_HOLD_MINUTES = 30

/** A guest's active bookings from the public form on the date, by email, phone and address (none counted when not given: staff and guests' own changes). */
export type GuestCounts = { byEmail: number; byPhone: number; byClient: number }

/**
 * A table booking's day as read under the date lock: its hours, the bookings
 * holding seats, whether this guest already holds the slot, how many bookings
 * the guest's email, phone and address hold that date, and the floor plan
 * with the tables' holds (when the plan has an active table, the venue books
 * tables rather than covers).
 */
export type TableDay = {
  weekly: readonly WeeklyHours[]
  exceptions: readonly DateException[]
  bookings: readonly ActiveBooking[]
  duplicate: boolean
  guest?: GuestCounts
  tables?: TablesDay
}
/** An event booking's day: the guests already booked on the event, and whether this guest already holds the slot. */
export type EventDay = { duplicate: boolean; covers: number; guest?: GuestCounts }
export type BookingDay = TableDay | EventDay

/** The venue's booking rules (Settings) and its time zone. */
export type BookingRules = CapacityRules &
  BookingWindowRules & {
    autoConfirmMaxParty: number
    timeZone: string
    /** Active bookings from the public form one email or phone (perGuest), or one address (perAddress), may hold on a date. */
    guestLimits?: { perGuest: number; perAddress: number }
  }

/**
 * Why a booking is refused. `closed`: no booking starts then (a closed day,
 * outside the hours, a time that is no slot); `past`: it has started;
 * `notice`: it starts within the minimum notice; `horizon`: beyond the last
 * bookable date; `capacity`: the covers at one of its half hours; `pacing`:
 * the guests starting in its slot; `event_capacity`: the event's own limit;
 * `duplicate`: this guest already holds a booking then; `guest_limit`: the
 * guest's email, phone or address already holds the most bookings a date takes
 * from the public form. A venue with tables (issue 34) has no covers limit but
 * three more: `no_table_fits` (no table or combination guests can book takes
 * the party), `area_closed` (those that do are in areas closed that date),
 * `tables_taken` (each that does is held at some moment of the visit).
 * `last_orders` (issue 36): Food & Drinks at or after the kitchen's last
 * orders of the date; the guest may book Drinks Only (a 400, not a full time).
 * `between_services` (issue 36): a time within the day's hours but in none of
 * its booking services (between lunch and dinner); the message names them.
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
  | 'guest_limit'
  | 'no_table_fits'
  | 'area_closed'
  | 'tables_taken'
  | 'last_orders'
  | 'between_services'

/**
 * A reason and the words the guest is given. The slot's reasons share one
 * message, and a duplicate is given it too (or the event's 'no room'), so the
 * form never tells a stranger whether another person has a booking then;
 * `heldBy` (tables_taken) names the bookings holding the fitting tables, for staff.
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
export function decideBooking(request: BookingRequest, day: BookingDay, settings: BookingRules, now: Date): BookingDecision {
  // A table's pacing is its service's own when set (issue 36); events keep the setting.
  const rules = 'covers' in day ? settings : pacedBy(settings, serviceAt(request.date, request.startTime, day.weekly, day.exceptions))
  // Event bookings keep their own capacity: events have no area to take tables from.
  if (!('covers' in day) && day.tables?.plan.booksTables) return tablesDecision(request, day, day.tables, rules, now)
  const refusal = 'covers' in day ? eventRefusal(request, day, rules) : tableRefusal(request, day, rules, now)
  if (refusal === 'last_orders') return kitchenClosed(request, day as TableDay)
  if (refusal === 'between_services') return betweenServices(request, day as TableDay)
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
  if (overGuestLimit(day.guest, rules)) return refused('guest_limit', request)
  const refusal = windowRefusal(request, day, rules, now)
  if (refusal === 'between_services') return betweenServices(request, day)
  if (refusal) return refused(refusal, request)
  if (pastLastOrders(request, day)) return kitchenClosed(request, day)
  if (!fitsPacing(request.startTime, request.partySize, day.bookings, rules)) return refused('pacing', request)
  const seating = seatParty(request, tables, { staff: false, fallbackMinutes: rules.durationMinutes })
  const status = request.partySize <= rules.autoConfirmMaxParty ? 'confirmed' : 'pending'
  if (seating.ok) return { outcome: 'accepted', status, seated: { tableIds: seating.tableIds, durationMinutes: seating.durationMinutes } }
  if (status === 'pending') return { outcome: 'accepted', status, seated: { tableIds: [], durationMinutes: seating.durationMinutes } }
  return refused(seating.code, request, seating.code === 'tables_taken' ? seating.heldBy : undefined)
}

function eventRefusal(request: BookingRequest, day: EventDay, rules: BookingRules): RefusalCode | undefined {
  if (day.duplicate) return 'duplicate'
  if (overGuestLimit(day.guest, rules)) return 'guest_limit'
  const capacity = request.event?.capacity ?? null
  if (capacity !== null && day.covers + request.partySize > capacity) return 'event_capacity'
  return undefined
}

function tableRefusal(request: BookingRequest, day: TableDay, rules: BookingRules, now: Date): RefusalCode | undefined {
  if (day.duplicate) return 'duplicate'
  if (overGuestLimit(day.guest, rules)) return 'guest_limit'
  const refusal = windowRefusal(request, day, rules, now)
  if (refusal) return refusal
  if (pastLastOrders(request, day)) return 'last_orders'
  return capacityRefusal(request, day, rules)
}

/** Food & Drinks asked for at or after the date's last orders (a time within the hours). */
function pastLastOrders(request: BookingRequest, day: Pick<TableDay, 'weekly' | 'exceptions'>): boolean {
  return request.foodDrinks === 'food_and_drinks' && isDrinksOnlyTime(request.startTime, lastOrdersFor(request.date, day.weekly, day.exceptions))
}

/** The refusal naming the kitchen's last orders, so the guest knows Drinks Only is still open. */
function kitchenClosed(request: BookingRequest, day: Pick<TableDay, 'weekly' | 'exceptions'>): BookingDecision {
  const lastOrders = lastOrdersFor(request.date, day.weekly, day.exceptions)!
  return { outcome: 'refused', reason: { code: 'last_orders', message: LAST_ORDERS_MESSAGES.refused(formatTime12(lastOrders)) } }
}

/** The refusal of a time between the day's services, naming their times so the guest can choose one. */
function betweenServices(request: BookingRequest, day: Pick<TableDay, 'weekly' | 'exceptions'>): BookingDecision {
  const ranges = serviceRanges(servicesFor(request.date, day.weekly, day.exceptions))
  return { outcome: 'refused', reason: { code: 'between_services', message: SERVICES_MESSAGES.betweenServices(ranges) } }
}

/** Whether one more booking would take the guest's email, phone or address past the limits of a date. */
function overGuestLimit(guest: GuestCounts | undefined, rules: BookingRules): boolean {
  const limits = rules.guestLimits
  if (!guest || !limits) return false
  return guest.byEmail >= limits.perGuest || guest.byPhone >= limits.perGuest || guest.byClient >= limits.perAddress
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
): 'closed' | 'between_services' | 'past' | 'notice' | 'horizon' | 'capacity' | 'pacing' | undefined {
  const paced = pacedBy(rules, serviceAt(date, startTime, day.weekly, day.exceptions))
  return windowRefusal({ date, startTime }, day, paced, now) ?? capacityRefusal({ startTime, partySize }, day, paced)
}

/** The covers at each half hour of the visit, then the guests starting in its slot. */
function capacityRefusal(
  { startTime, partySize }: Pick<BookingRequest, 'startTime' | 'partySize'>,
  day: Pick<TableDay, 'bookings'>,
  rules: BookingRules,
): 'capacity' | 'pacing' | undefined {
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
): 'closed' | 'between_services' | 'past' | 'notice' | 'horizon' | undefined {
  if (!bookingSlotTimes(date, day.weekly, day.exceptions).includes(startTime)) {
    // Within the day's hours but in none of its services: between lunch and dinner (issue 36).
    return slotTimes(bookingHoursFor(date, day.weekly, day.exceptions)).includes(startTime) ? 'between_services' : 'closed'
  }
  if (date > lastBookableDate(now, rules.timeZone, rules.maxDaysAhead)) return 'horizon'
  const start = zonedInstant(date, startTime, rules.timeZone)
  // A wall time the clocks skip (the hour lost in March) never starts.
  if (start === null) return 'closed'
  if (start.getTime() < now.getTime()) return 'past'
  if (start.getTime() < now.getTime() + rules.minNoticeMinutes * 60_000) return 'notice'
  return undefined
}

function messageFor(code: RefusalCode, request: BookingRequest): string {
  if (code === 'guest_limit') return GUEST_LIMIT_MESSAGE(formatLongDate(request.date))
  // A duplicate is answered as the event or time being full: the same words a stranger would get.
  if (code === 'event_capacity' || (code === 'duplicate' && request.event)) return EVENT_FULL_MESSAGE(request.event?.title ?? 'this event', request.partySize)
  return slotUnavailableMessage(formatTime12(request.startTime), request.partySize)
}

/** The rules a booking is decided by: the venue's settings and its zone, field by field (see asInserted in booking-sql.ts on spreads). */
export function bookingRules(
  settings: CapacityRules & BookingWindowRules & { autoConfirmMaxParty: number },
  timeZone: string,
  guestLimits?: BookingRules['guestLimits'],
): BookingRules {
  return {
    guestLimits,
    capacityCovers: settings.capacityCovers,
    durationMinutes: settings.durationMinutes,
    maxCoversPerSlot: settings.maxCoversPerSlot,
    autoConfirmMaxParty: settings.autoConfirmMaxParty,
    minNoticeMinutes: settings.minNoticeMinutes,
    maxDaysAhead: settings.maxDaysAhead,
    timeZone,
  }
}
