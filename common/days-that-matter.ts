/**
 * The days that matter to a pub (issue 36): England and Wales bank holidays,
 * and Christmas Eve, Christmas Day, Boxing Day and New Year's Eve whatever
 * weekday they fall on. The bank holidays come from the `date-holidays`
 * library on the server (server/hours/days-that-matter.ts); this file holds
 * the rules both sides share: the fixed festive dates, how the two lists
 * merge, and which days the back-office banner warns about.
 */
import { addDays, daysBetween } from './time'

/** The hours a date would have: its exception if staff set one, else its weekday's usual row. */
export type DayHours = { isClosed: boolean; openTime: string | null; closeTime: string | null }

export type DayThatMatters = {
  date: string
  /** 'Easter Monday', 'Christmas Eve'; a substitute bank holiday says so ('Boxing Day (substitute day)'). */
  name: string
  /** A bank holiday in England and Wales. */
  bankHoliday: boolean
  /** Christmas Eve, Christmas Day, Boxing Day or New Year's Eve. */
  festive: boolean
  hours: DayHours
  /** The hour exception staff set for the date; null while the usual week applies. */
  exception: { id: number; reason: string; version: number; lastOrdersTime: string | null } | null
}

/** The nights a pub plans for, bank holiday or not. */
export const FESTIVE_DAYS: readonly { monthDay: string; name: string }[] = [
  { monthDay: '12-24', name: 'Christmas Eve' },
  { monthDay: '12-25', name: 'Christmas Day' },
  { monthDay: '12-26', name: 'Boxing Day' },
  { monthDay: '12-31', name: "New Year's Eve" },
]

/** How far ahead the back-office banner looks for a day still on ordinary hours. */
export const BANNER_WINDOW_DAYS = 60

/** How many months Opening Hours lists, and the most the API gives at once. */
export const DAYS_THAT_MATTER_MONTHS = 12
export const DAYS_THAT_MATTER_MAX_MONTHS = 24

/** The date `months` calendar months after `date` (the 31st of a short month becomes its last day). */
export function addMonths(date: string, months: number): string {
  const [y, m, d] = date.split('-').map(Number)
  const first = new Date(Date.UTC(y!, m! - 1 + months, 1))
  const lastDay = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate()
  return new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth(), Math.min(d!, lastDay))).toISOString().slice(0, 10)
}

/** The festive days from `from` (included) to `to` (excluded). */
export function festiveDaysBetween(from: string, to: string): { date: string; name: string }[] {
  const days: { date: string; name: string }[] = []
  for (let year = Number(from.slice(0, 4)); year <= Number(to.slice(0, 4)); year++) {
    for (const f of FESTIVE_DAYS) {
      const date = `${year}-${f.monthDay}`
      if (date >= from && date < to) days.push({ date, name: f.name })
    }
  }
  return days
}

/**
 * The bank holidays and festive days as one list by date: a date that is both
 * (Christmas Day, Boxing Day) appears once, with the bank holiday's name and
 * both flags.
 */
export function mergeDaysThatMatter(
  bankHolidays: readonly { date: string; name: string }[],
  festive: readonly { date: string; name: string }[],
): { date: string; name: string; bankHoliday: boolean; festive: boolean }[] {
  const byDate = new Map<string, { date: string; name: string; bankHoliday: boolean; festive: boolean }>()
  for (const b of bankHolidays) byDate.set(b.date, { date: b.date, name: b.name, bankHoliday: true, festive: false })
  for (const f of festive) {
    const both = byDate.get(f.date)
    byDate.set(f.date, both ? { ...both, festive: true } : { date: f.date, name: f.name, bankHoliday: false, festive: true })
  }
  return [...byDate.values()].sort((a, b) => a.date.localeCompare(b.date))
}

/**
 * The days the banner warns about: from today to BANNER_WINDOW_DAYS ahead,
 * still on the usual week's hours (no exception). Setting the date's hours,
 * even to the same times, is staff saying they have thought about it.
 */
export function daysStillOnOrdinaryHours(days: readonly DayThatMatters[], today: string, windowDays = BANNER_WINDOW_DAYS): DayThatMatters[] {
  const last = addDays(today, windowDays)
  return days.filter((d) => d.exception === null && d.date >= today && d.date <= last)
}

/** 'Christmas Day is in 12 days' for the banner. */
export function inDays(date: string, today: string): string {
  const n = daysBetween(today, date)
  return n === 0 ? 'today' : n === 1 ? 'tomorrow' : `in ${n} days`
}
