/**
 * Dates and times in the venue's time zone. Dates are 'YYYY-MM-DD' strings and
 * times 'HH:MM' 24-hour strings, whatever the process's own zone is.
 */

const formatters = new Map<string, Intl.DateTimeFormat>()

function partsFormatter(timeZone: string) {
  let f = formatters.get(timeZone)
  if (!f) {
    f = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
    formatters.set(timeZone, f)
  }
  return f
}

const zonedMinutes = new Map<string, Readonly<{ date: string; minutes: number }>>()

/**
 * The wall-clock date and minutes-after-midnight of an instant in a zone.
 * Remembered per UTC minute (a zone's offset has been whole minutes everywhere
 * since 1972): asking the zone costs several microseconds, and requests within
 * a minute all ask about the same one.
 */
export function zonedParts(instant: Date, timeZone: string): { date: string; minutes: number } {
  const key = `${timeZone}|${Math.floor(instant.getTime() / 60_000)}`
  let found = zonedMinutes.get(key)
  if (!found) {
    const parts = Object.fromEntries(
      partsFormatter(timeZone)
        .formatToParts(instant)
        .map((p) => [p.type, p.value]),
    )
    found = Object.freeze({
      date: `${parts.year}-${parts.month}-${parts.day}`,
      minutes: Number(parts.hour) * 60 + Number(parts.minute),
    })
    if (zonedMinutes.size >= 5000) zonedMinutes.clear()
    zonedMinutes.set(key, found)
  }
  return found
}

/** Today's date in the zone. */
export function todayIn(instant: Date, timeZone: string): string {
  return zonedParts(instant, timeZone).date
}

/**
 * A zone's offset from UTC (minutes, +60 for BST), holding from `from` until
 * just before `until` (epoch milliseconds). The server sends one to the
 * browser, which then tells the venue's date with plain arithmetic: the first
 * time-zone formatter a page builds makes the browser load its zone data, 66-86
 * ms of main thread per page load on the reference machine (more on a phone).
 */
export type ZoneSpan = { offsetMinutes: number; from: number; until: number }

const MINUTE_MS = 60_000
const SPAN_MS = 7 * 86_400_000

/** The zone's offset from UTC at an instant, in whole minutes. */
export function zoneOffsetMinutes(instant: Date, timeZone: string): number {
  const { date, minutes } = zonedParts(instant, timeZone)
  const wall = Date.parse(`${date}T00:00:00Z`) + minutes * MINUTE_MS
  return Math.round((wall - Math.floor(instant.getTime() / MINUTE_MS) * MINUTE_MS) / MINUTE_MS)
}

/**
 * The offset at an instant and how long it holds, up to a week ahead: if it
 * changes within the week (a clock change), until that minute. No zone changes
 * its offset twice in a week.
 */
export function zoneSpan(instant: Date, timeZone: string): ZoneSpan {
  const from = Math.floor(instant.getTime() / MINUTE_MS) * MINUTE_MS
  const offsetMinutes = zoneOffsetMinutes(new Date(from), timeZone)
  let hi = from + SPAN_MS
  if (zoneOffsetMinutes(new Date(hi), timeZone) === offsetMinutes) return { offsetMinutes, from, until: hi }
  // The offset at `lo` is the old one and at `hi` the new one: halve to the minute of the change.
  let lo = from
  while (hi - lo > MINUTE_MS) {
    const mid = lo + Math.floor((hi - lo) / 2 / MINUTE_MS) * MINUTE_MS
    if (zoneOffsetMinutes(new Date(mid), timeZone) === offsetMinutes) lo = mid
    else hi = mid
  }
  return { offsetMinutes, from, until: hi }
}

/** Today in the zone: by the span while the instant is inside it, else from the zone itself. */
export function todayInSpan(instant: Date, span: ZoneSpan, timeZone: string): string {
  const t = instant.getTime()
  if (t < span.from || t >= span.until) return todayIn(instant, timeZone)
  return new Date(t + span.offsetMinutes * MINUTE_MS).toISOString().slice(0, 10)
}

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/
const TIME_RE = /^(?:[01]\d|2[0-3]):[0-5]\d$/

export function isValidDate(value: string): boolean {
  const m = DATE_RE.exec(value)
  if (!m) return false
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])))
  return d.getUTCFullYear() === Number(m[1]) && d.getUTCMonth() === Number(m[2]) - 1 && d.getUTCDate() === Number(m[3])
}

export function isValidTime(value: string): boolean {
  return TIME_RE.test(value)
}

/** 'HH:MM' to minutes after midnight. */
export function timeToMinutes(time: string): number {
  // Called for every booking in every capacity check: no intermediate arrays.
  const colon = time.indexOf(':')
  return Number(time.slice(0, colon)) * 60 + Number(time.slice(colon + 1))
}

/** '1 minute', '45 minutes'. */
export const minutesText = (n: number) => `${n} ${n === 1 ? 'minute' : 'minutes'}`

/** Minutes after midnight to 'HH:MM'. */
export function minutesToTime(minutes: number): string {
  const h = Math.floor(minutes / 60)
  const m = minutes % 60
  return `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`
}

/** Calendar arithmetic on 'YYYY-MM-DD' strings (no time zone involved). */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number)
  const t = new Date(Date.UTC(y!, m! - 1, d! + days))
  return t.toISOString().slice(0, 10)
}

/** Day of week of a 'YYYY-MM-DD' date, 0 Sunday to 6 Saturday. */
export function dayOfWeek(date: string): number {
  const [y, m, d] = date.split('-').map(Number)
  return new Date(Date.UTC(y!, m! - 1, d!)).getUTCDay()
}

/** Whole days from one date to another. */
export function daysBetween(from: string, to: string): number {
  const a = Date.parse(`${from}T00:00:00Z`)
  const b = Date.parse(`${to}T00:00:00Z`)
  return Math.round((b - a) / 86_400_000)
}

/** '16:30' → '4:30 PM'. */
export function formatTime12(time: string): string {
  const [h, m] = time.split(':').map(Number)
  const suffix = h! >= 12 ? 'PM' : 'AM'
  const hour = h! % 12 === 0 ? 12 : h! % 12
  return `${hour}:${String(m).padStart(2, '0')} ${suffix}`
}

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday']
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
]

export const WEEKDAY_NAMES = WEEKDAYS
export const MONTH_NAMES = MONTHS

/** 'EEEE, dd MMMM yyyy': 'Saturday, 06 December 2026'. */
export function formatLongDate(date: string): string {
  const [y, m, d] = date.split('-').map(Number)
  return `${WEEKDAYS[dayOfWeek(date)]}, ${String(d).padStart(2, '0')} ${MONTHS[m! - 1]} ${y}`
}

/** 'dd MMM yyyy': '06 Dec 2026'. */
export function formatShortDate(date: string): string {
  const [y, m, d] = date.split('-').map(Number)
  return `${String(d).padStart(2, '0')} ${MONTHS[m! - 1]!.slice(0, 3)} ${y}`
}

/** 1 → '1st', 22 → '22nd', 13 → '13th'. */
export function ordinal(n: number): string {
  const rem100 = n % 100
  if (rem100 >= 11 && rem100 <= 13) return `${n}th`
  switch (n % 10) {
    case 1:
      return `${n}st`
    case 2:
      return `${n}nd`
    case 3:
      return `${n}rd`
    default:
      return `${n}th`
  }
}

/** An instant as venue wall-clock time, 'dd MMM yyyy, h:mm AM': '21 Nov 2026, 2:05 PM'. */
export function formatInstant(instant: Date | string, timeZone: string): string {
  const { date, minutes } = zonedParts(new Date(instant), timeZone)
  return `${formatShortDate(date)}, ${formatTime12(minutesToTime(minutes))}`
}

/** Minutes the zone is ahead of UTC at an instant. */
function offsetAt(instant: number, timeZone: string): number {
  const p = zonedParts(new Date(instant), timeZone)
  return (Date.UTC(...splitDate(p.date), 0, p.minutes) - instant) / 60_000
}

const dayOffsets = new Map<string, [number, number]>()
/** The zone's offsets just before and just after a date (equal when no clock change is near). */
function offsetsAround(date: string, timeZone: string): [number, number] {
  const key = `${timeZone}|${date}`
  let found = dayOffsets.get(key)
  if (!found) {
    const midnight = Date.UTC(...splitDate(date))
    found = [offsetAt(midnight - 14 * 3_600_000, timeZone), offsetAt(midnight + 38 * 3_600_000, timeZone)]
    if (dayOffsets.size > 2000) dayOffsets.clear()
    dayOffsets.set(key, found)
  }
  return found
}

/**
 * The instant at which a venue wall-clock time happens, or null when that wall
 * time does not exist (the hour skipped when clocks go forward). A wall time
 * that happens twice (clocks going back) gives the first.
 */
export function zonedInstant(date: string, time: string, timeZone: string): Date | null {
  const wall = Date.UTC(...splitDate(date), 0, timeToMinutes(time))
  const [before, after] = offsetsAround(date, timeZone)
  // Most days have one offset all day: plain arithmetic, no time-zone lookups per slot.
  if (before === after) return new Date(wall - before * 60_000)
  const candidates = [before, after]
    .map((offset) => wall - offset * 60_000)
    .filter((instant) => {
      const p = zonedParts(new Date(instant), timeZone)
      return p.date === date && p.minutes === timeToMinutes(time)
    })
    .sort((a, b) => a - b)
  return candidates.length ? new Date(candidates[0]!) : null
}

function splitDate(date: string): [number, number, number] {
  const [y, m, d] = date.split('-').map(Number)
  return [y!, m! - 1, d!]
}
