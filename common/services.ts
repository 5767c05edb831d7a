/**
 * Booking services (issue 36, item 1): a day may take bookings in several
 * services (Lunch 12:00-14:30, Dinner 17:30-21:00), each with its own times
 * and optionally its own pacing. Stored on the day (a weekday's row or a
 * date's hour exception) beside its hours; a day with none takes bookings in
 * one service spanning its hours, exactly as before services existed
 * (docs/decisions/0030). A service's times read like the day's: start times
 * every half hour from its start, each strictly before its end. Pure, shared
 * by the booking decision, availability, staff and the Hours panel.
 */
import { type BookingService, type ServicesDay as Day } from './day-services'
import { formatTime12, timeToMinutes } from './time'

export { hasOwnServices, servicesOf, WHOLE_DAY_SERVICE, type BookingService } from './day-services'

/** The most services a day takes. */
export const MAX_SERVICES = 6
export const SERVICE_NAME_MAX = 40
export const SERVICE_PACING_MAX = 500

/** Every message about services, word for word (tests compare them). */
export const SERVICES_MESSAGES = {
  nameRequired: 'Each service needs a name (e.g., Lunch)',
  nameTooLong: `A service's name is at most ${SERVICE_NAME_MAX} characters`,
  startInterval: "A service's start must be on 30-minute intervals (e.g., 12:00, 12:30)",
  endInterval: "A service's end must be on 30-minute intervals (e.g., 14:30, 15:00)",
  pacing: `A service's pacing must be a whole number of guests from 1 to ${SERVICE_PACING_MAX}, or empty for the booking setting`,
  list: 'Services must be a list of services, each with a name, a start and an end',
  tooMany: `A day takes at most ${MAX_SERVICES} services`,
  closedDay: 'This day is closed: open it before giving it services',
  endAfterStart: (name: string) => `${name} must end after it starts`,
  withinHours: (name: string, open: string, close: string) => `${name} must be within the day's hours, from ${open} to ${close}`,
  overlap: (first: string, second: string) => `${first} and ${second} overlap: each time belongs to one service`,
  sameName: (name: string) => `Two services are called ${name}: give each its own name`,
  /** The refusal of a start time between two services (the booking page, the API). */
  betweenServices: (ranges: string) => `We take bookings ${ranges} on this day`,
} as const
const M = SERVICES_MESSAGES

/**
 * What is wrong with a day's services, or undefined: names required and
 * distinct, each ending after it starts, within the day's hours, none
 * overlapping. A closed day may keep services it had (they apply when it
 * opens again) but is given none.
 */
export function servicesProblem(day: Day, given = false): string | undefined {
  const services = day.services ?? []
  if (services.length === 0) return undefined
  if (day.isClosed || !day.openTime || !day.closeTime) return given ? M.closedDay : undefined
  if (services.length > MAX_SERVICES) return M.tooMany
  const open = timeToMinutes(day.openTime)
  const close = timeToMinutes(day.closeTime)
  const names = new Set<string>()
  for (const s of services) {
    const key = s.name.trim().toLowerCase()
    if (names.has(key)) return M.sameName(s.name)
    names.add(key)
    if (timeToMinutes(s.endTime) <= timeToMinutes(s.startTime)) return M.endAfterStart(s.name)
    if (timeToMinutes(s.startTime) < open || timeToMinutes(s.endTime) > close) return M.withinHours(s.name, day.openTime, day.closeTime)
  }
  const sorted = [...services].sort((a, b) => timeToMinutes(a.startTime) - timeToMinutes(b.startTime))
  for (let i = 1; i < sorted.length; i++) {
    if (timeToMinutes(sorted[i]!.startTime) < timeToMinutes(sorted[i - 1]!.endTime)) return M.overlap(sorted[i - 1]!.name, sorted[i]!.name)
  }
  return undefined
}

/** Services in order of their start, names trimmed, pacing null when not set: as they are stored. */
export function normalServices(services: readonly BookingService[]): BookingService[] {
  return [...services]
    .map((s) => ({ name: s.name.trim(), startTime: s.startTime, endTime: s.endTime, maxCoversPerSlot: s.maxCoversPerSlot ?? null }))
    .sort((a, b) => timeToMinutes(a.startTime) - timeToMinutes(b.startTime))
}

/** The services' times as a guest reads them: '12:00 PM–2:30 PM and 5:30 PM–9:00 PM'. */
export function serviceRanges(services: readonly BookingService[]): string {
  const ranges = services.map((s) => `${formatTime12(s.startTime)}–${formatTime12(s.endTime)}`)
  return ranges.length <= 1 ? (ranges[0] ?? '') : `${ranges.slice(0, -1).join(', ')} and ${ranges.at(-1)}`
}

/** The services as the Hours panel lists them: 'Lunch 12:00–14:30 · Dinner 17:30–21:00'. */
export function servicesSummary(services: readonly BookingService[]): string {
  return services.map((s) => `${s.name} ${s.startTime}–${s.endTime}${s.maxCoversPerSlot ? ` (${s.maxCoversPerSlot} a half hour)` : ''}`).join(' · ')
}
