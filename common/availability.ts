/**
 * Booking rules of DESIGN.md section 3, as pure functions shared by the server
 * (availability API, and the booking decision made under the lock) and the
 * booking page (calendar).
 * Dates are 'YYYY-MM-DD' and times 'HH:MM' in the venue's zone; "now" is an
 * instant turned into venue wall-clock time with `zonedParts`, so the process's
 * own time zone never matters.
 */
import { SLOT_MINUTES } from './constants'
import { servicesOf, type BookingService } from './day-services'
import { seatParty, type TablesDay } from './tables'
import { addDays, dayOfWeek, isValidTime, minutesToTime, timeToMinutes, zonedInstant, zonedParts } from './time'

// Where it has always been imported from; it lives with the other wall-clock arithmetic, which pages without bookings load.
export { zonedInstant } from './time'

export type WeeklyHours = {
  dayOfWeek: number
  openTime: string | null
  closeTime: string | null
  isClosed: boolean
  /** The kitchen's last orders (common/last-orders.ts); null or missing: food until close. */
  lastOrdersTime?: string | null
  /** The day's booking services (common/services.ts); null, missing or none: one service spanning its hours. */
  services?: readonly BookingService[] | null
}
export type DateException = {
  date: string
  openTime: string | null
  closeTime: string | null
  isClosed: boolean
  /** The date's own last orders; null or missing: its weekday's. */
  lastOrdersTime?: string | null
  /** The date's own booking services; null, missing or none: one service spanning its own hours. */
  services?: readonly BookingService[] | null
}
export type BookingHours = { open: string; close: string }

/**
 * An active (pending or confirmed) booking on the date being checked. `freed`:
 * the minute (after the date's midnight) from which its covers are free again,
 * as the party finished or did not come (issue 35); null or missing for any other.
 */
export type ActiveBooking = { startTime: string; partySize: number; freed?: number | null }

export type CapacityRules = {
  capacityCovers: number
  durationMinutes: number
  /** 0 means no pacing limit. */
  maxCoversPerSlot: number
}
export type BookingWindowRules = {
  minNoticeMinutes: number
  maxDaysAhead: number
}

/** 23:59, the last minute a start time can name. */
const LAST_MINUTE = 24 * 60 - 1

const usableTime = (t: string | null): t is string => t !== null && isValidTime(t)

/**
 * The booking hours of a date: its exception if there is one (closed means
 * none), otherwise its weekday row (missing or closed means none).
 */
export function bookingHoursFor(
  date: string,
  weekly: readonly WeeklyHours[],
  exceptions: readonly DateException[],
): BookingHours | null {
  const exception = exceptions.find((e) => e.date === date)
  const weekday = exception ? undefined : dayOfWeek(date)
  const source = exception ?? weekly.find((w) => w.dayOfWeek === weekday)
  if (!source || source.isClosed || !usableTime(source.openTime) || !usableTime(source.closeTime)) return null
  return { open: source.openTime, close: source.closeTime }
}

/**
 * The booking services of a date (issue 36), by start time: those of its
 * exception if there is one, otherwise of its weekday; a day that names none
 * has one spanning its hours; a closed day none.
 */
export function servicesFor(date: string, weekly: readonly WeeklyHours[], exceptions: readonly DateException[]): readonly BookingService[] {
  const exception = exceptions.find((e) => e.date === date)
  const weekday = exception ? undefined : dayOfWeek(date)
  return bookableServices(exception ?? weekly.find((w) => w.dayOfWeek === weekday))
}

/** A day's services if it takes bookings (open, with usable times); none otherwise. */
function bookableServices(day: WeeklyHours | DateException | undefined): readonly BookingService[] {
  if (!day || day.isClosed || !usableTime(day.openTime) || !usableTime(day.closeTime)) return []
  return servicesOf(day)
}

/** The service a start time belongs to on a date, if any. */
export function serviceAt(date: string, time: string, weekly: readonly WeeklyHours[], exceptions: readonly DateException[]): BookingService | undefined {
  if (!isValidTime(time)) return undefined
  const at = timeToMinutes(time)
  return servicesFor(date, weekly, exceptions).find((s) => {
    const start = timeToMinutes(s.startTime)
    return at >= start && at < timeToMinutes(s.endTime) && (at - start) % SLOT_MINUTES === 0
  })
}

/** A service's start times: every 30 minutes from its start, each strictly before its end. */
export const serviceSlotTimes = (service: BookingService) => slotTimes({ open: service.startTime, close: service.endTime })

/** The start times of a date: those of each of its services, in order. */
export function bookingSlotTimes(date: string, weekly: readonly WeeklyHours[], exceptions: readonly DateException[]): string[] {
  return servicesSlotTimes(servicesFor(date, weekly, exceptions))
}

/** The start times of a day's services, in order. */
function servicesSlotTimes(services: readonly BookingService[]): string[] {
  const times = services.flatMap(serviceSlotTimes)
  return services.length > 1 ? times.sort() : times
}

/**
 * The start times of each weekday and of each exception, as the booking page is given them (its loader): the page
 * learns which times a day takes bookings at without the services' code, nor the public hours their services.
 */
export type BookingTimes = { weekly: Record<number, string[]>; exceptions: Record<string, string[]> }

export function bookingTimesOf(weekly: readonly WeeklyHours[], exceptions: readonly DateException[]): BookingTimes {
  const times = (day: WeeklyHours | DateException) => servicesSlotTimes(bookableServices(day))
  return {
    weekly: Object.fromEntries(weekly.map((w) => [w.dayOfWeek, times(w)])),
    exceptions: Object.fromEntries(exceptions.map((e) => [e.date, times(e)])),
  }
}

/** A date's start times from `bookingTimesOf`: its exception's, else its weekday's (none for a weekday with no row). */
export const bookingTimesOn = (date: string, times: BookingTimes): string[] => times.exceptions[date] ?? times.weekly[dayOfWeek(date)] ?? []

/**
 * The times of a day a party cannot book: the day's booking times (`dayTimes`) that the slots offered leave out. On
 * today only those after the first time offered count, since the earlier ones may have passed.
 */
export function timesTaken(dayTimes: readonly string[], offered: readonly string[], isToday: boolean): string[] {
  const free = new Set(offered)
  const from = isToday ? offered[0] : undefined
  return dayTimes.filter((t) => !free.has(t) && (from === undefined || t > from))
}

/** The rules with a service's own pacing, when it has one (else the booking setting's). */
export function pacedBy<R extends CapacityRules>(rules: R, service: BookingService | undefined): R {
  const own = service?.maxCoversPerSlot
  return own && own > 0 && own !== rules.maxCoversPerSlot ? { ...rules, maxCoversPerSlot: own } : rules
}

/**
 * The kitchen's last orders on a date (null: food until close): its
 * exception's own if it sets one, else its weekday's.
 */
export function lastOrdersFor(date: string, weekly: readonly WeeklyHours[], exceptions: readonly DateException[]): string | null {
  const own = exceptions.find((e) => e.date === date)?.lastOrdersTime
  if (own && isValidTime(own)) return own
  const weekday = dayOfWeek(date)
  const last = weekly.find((w) => w.dayOfWeek === weekday)?.lastOrdersTime
  return last && isValidTime(last) ? last : null
}

/** Every 30 minutes from open, each starting strictly before close: 16:00-21:00 gives 16:00 … 20:30. */
export function slotTimes(hours: BookingHours | null): string[] {
  if (!hours) return []
  const close = timeToMinutes(hours.close)
  const slots: string[] = []
  for (let m = timeToMinutes(hours.open); m < close; m += SLOT_MINUTES) slots.push(minutesToTime(m))
  return slots
}

/**
 * The calendar's disabled-day rule of SPEC.md section 5: past dates; a date
 * with an exception only if the exception is closed; else a weekday with no
 * row or a closed row.
 */
export function isDayDisabled(
  date: string,
  today: string,
  weekly: readonly WeeklyHours[],
  exceptions: readonly DateException[],
): boolean {
  if (date < today) return true
  const exception = exceptions.find((e) => e.date === date)
  if (exception) return exception.isClosed
  const weekday = dayOfWeek(date)
  const row = weekly.find((w) => w.dayOfWeek === weekday)
  return !row || row.isClosed
}

/** The last date that can be booked: today plus the horizon, in the venue's zone. */
export function lastBookableDate(now: Date, timeZone: string, maxDaysAhead: number): string {
  return addDays(zonedParts(now, timeZone).date, maxDaysAhead)
}

/** Whether a slot starts at least the minimum notice after now (and is a real wall time). */
export function meetsNotice(date: string, time: string, now: Date, timeZone: string, minNoticeMinutes: number): boolean {
  const start = zonedInstant(date, time, timeZone)
  return start !== null && start.getTime() >= now.getTime() + minNoticeMinutes * 60_000
}

/**
 * Whether a party fits at a start time: for every 30-minute block the booking
 * would hold, the guests of bookings overlapping that block plus the party stay
 * within the covers capacity, and the guests starting in the same slot stay
 * within the pacing limit.
 */
export function partyFits(
  startTime: string,
  partySize: number,
  bookings: readonly ActiveBooking[],
  rules: CapacityRules,
): boolean {
  return fitsCovers(startTime, partySize, bookings, rules) && fitsPacing(startTime, partySize, bookings, rules)
}

/**
 * The most guests seated at once, by other bookings, in any 30-minute block a
 * booking starting at `startTime` would hold for the booking's duration.
 */
export function peakSeated(startTime: string, bookings: readonly ActiveBooking[], { durationMinutes }: Pick<CapacityRules, 'durationMinutes'>): number {
  const start = timeToMinutes(startTime)
  const duration = Math.max(durationMinutes, SLOT_MINUTES)
  const starts = bookings.map((b) => timeToMinutes(b.startTime))
  // A party that finished or did not come holds its covers only until then (issue 35).
  const ends = bookings.map((b, i) => (b.freed == null ? starts[i]! + duration : Math.min(starts[i]! + duration, b.freed)))
  let peak = 0
  for (let block = start; block < start + duration; block += SLOT_MINUTES) {
    let seated = 0
    for (let i = 0; i < bookings.length; i++) {
      if (starts[i]! < block + SLOT_MINUTES && block < ends[i]!) seated += bookings[i]!.partySize
    }
    if (seated > peak) peak = seated
  }
  return peak
}

/**
 * The start times, as an inclusive range, of the bookings that can change
 * whether a party fits at `startTime` (partyFits): those holding one of its
 * 30-minute blocks, which start less than a booking's duration either side of
 * it, and those starting in its slot. A slot wider on each side, and bounded
 * by the day. A booking transaction reads only these (decision 13).
 */
export function startsThatMatter(startTime: string, { durationMinutes }: Pick<CapacityRules, 'durationMinutes'>): { from: string; to: string } {
  const start = timeToMinutes(startTime)
  const reach = Math.max(durationMinutes, SLOT_MINUTES) + SLOT_MINUTES
  return { from: minutesToTime(Math.max(0, start - reach)), to: minutesToTime(Math.min(LAST_MINUTE, start + reach)) }
}

/** The last minute of the 30-minute slot that begins at `startTime` (the bookings startingInSlot counts start up to it). */
export function slotLastMinute(startTime: string): string {
  return minutesToTime(Math.min(LAST_MINUTE, timeToMinutes(startTime) + SLOT_MINUTES - 1))
}

/** Guests whose bookings start in the 30-minute slot that begins at `startTime`. */
export function startingInSlot(startTime: string, bookings: readonly ActiveBooking[]): number {
  const start = timeToMinutes(startTime)
  let starting = 0
  for (const b of bookings) {
    const m = timeToMinutes(b.startTime)
    if (m >= start && m < start + SLOT_MINUTES) starting += b.partySize
  }
  return starting
}

/** Covers capacity over the booking's duration. */
export function fitsCovers(startTime: string, partySize: number, bookings: readonly ActiveBooking[], rules: CapacityRules): boolean {
  return peakSeated(startTime, bookings, rules) + partySize <= rules.capacityCovers
}

/** Pacing: guests whose booking starts in this slot (0 = no limit). */
export function fitsPacing(startTime: string, partySize: number, bookings: readonly ActiveBooking[], { maxCoversPerSlot }: CapacityRules): boolean {
  return maxCoversPerSlot <= 0 || startingInSlot(startTime, bookings) + partySize <= maxCoversPerSlot
}

export type SlotQuery = {
  date: string
  partySize: number
  now: Date
  timeZone: string
  weekly: readonly WeeklyHours[]
  exceptions: readonly DateException[]
  bookings: readonly ActiveBooking[]
  rules: CapacityRules & BookingWindowRules & { autoConfirmMaxParty?: number }
  /** The floor plan and the date's holds: when the plan has an active table, the venue books tables (issue 34). */
  tables?: TablesDay
}

/**
 * Whether a party fits at a start time when the venue books tables (issue 34):
 * the pacing limit of its slot holds, and a table or combination guests can
 * book is free for its whole turn time, or the party is large enough to be
 * taken as a pending request without one (staff seat it when they confirm).
 * The rule of decideBooking (server/reservations/booking-decision.ts) for a
 * venue with tables, past the hours and the notice.
 */
export function partyFitsTables(
  request: { date: string; startTime: string; partySize: number },
  bookings: readonly ActiveBooking[],
  tables: TablesDay,
  rules: CapacityRules & { autoConfirmMaxParty?: number },
): boolean {
  if (!fitsPacing(request.startTime, request.partySize, bookings, rules)) return false
  if (request.partySize > (rules.autoConfirmMaxParty ?? Infinity)) return true
  return seatParty(request, tables, { staff: false, fallbackMinutes: rules.durationMinutes }).ok
}

/**
 * The start times a party can book on a date, in order: the rules of
 * decideBooking (server/reservations/booking-decision.ts) worked out once per
 * date; its tests check that the two agree.
 */
export function availableSlots(query: SlotQuery): string[] {
  const { date, now, timeZone, partySize, tables } = query
  const services = servicesFor(date, query.weekly, query.exceptions)
  if (services.length === 0 || date > lastBookableDate(now, timeZone, query.rules.maxDaysAhead)) return []
  const booksTables = tables?.plan.booksTables === true
  const slots: string[] = []
  // Each service with its own pacing (issue 36); a time between services is never offered.
  for (const service of services) {
    const rules = pacedBy(query.rules, service)
    for (const time of serviceSlotTimes(service)) {
      if (
        meetsNotice(date, time, now, timeZone, rules.minNoticeMinutes) &&
        (booksTables
          ? partyFitsTables({ date, startTime: time, partySize }, query.bookings, tables!, rules)
          : partyFits(time, partySize, query.bookings, rules))
      )
        slots.push(time)
    }
  }
  return services.length > 1 ? slots.sort() : slots
}
