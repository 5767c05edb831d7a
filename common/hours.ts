/**
 * Table booking hours (SPEC.md sections 2 and 5): the rules and messages staff
 * see when they change the weekly rows and the date exceptions. Free of zod, so
 * a panel shows hours without the schema library; the request schemas are in
 * common/hours-schema.ts.
 */
import { SLOT_MINUTES } from './constants'
import type { BookingService } from './services'
import { formatLongDate, isValidTime, minutesToTime, timeToMinutes } from './time'

export const HOURS_MESSAGES = {
  openTimeInterval: 'Open time must be on 30-minute intervals (e.g., 16:00, 16:30)',
  closeTimeInterval: 'Close time must be on 30-minute intervals (e.g., 20:00, 20:30)',
  closeAfterOpen: 'Close time must be after open time',
  timesRequired: 'Choose an open and a close time, or mark the day closed all day',
  dateRequired: 'Date is required',
  dateInvalid: 'Date must be a real date',
  reasonRequired: 'Reason is required',
  oneChange: 'Send one change: isClosed, openTime, closeTime or lastOrdersTime',
  dayInvalid: 'Day must be 0 (Sunday) to 6 (Saturday)',
  exceptionExists: (date: string) => `There is already an exception on ${formatLongDate(date)}: edit that one instead.`,
  exceptionNotFound: 'Hour exception not found',
} as const
const M = HOURS_MESSAGES

/** The times the admin pickers offer: every half hour from 00:00 to 23:30. */
export const HALF_HOURS: readonly string[] = Array.from({ length: (24 * 60) / SLOT_MINUTES }, (_, i) => minutesToTime(i * SLOT_MINUTES))

/** Whether a time is 'HH:MM' on a half hour. */
export const onHalfHour = (time: string) => isValidTime(time) && timeToMinutes(time) % SLOT_MINUTES === 0

/** When a day opens by default once staff switch it on (a new row has no times yet). */
export const DEFAULT_OPEN = { openTime: '12:00', closeTime: '22:00' } as const

/** Close after open; both required when the day or date is open. */
export function hoursProblem(row: { isClosed: boolean; openTime: string | null; closeTime: string | null }): string | undefined {
  if (row.isClosed) return undefined
  if (!row.openTime || !row.closeTime) return M.timesRequired
  if (timeToMinutes(row.closeTime) <= timeToMinutes(row.openTime)) return M.closeAfterOpen
  return undefined
}

/** A weekly row and an exception as the admin API returns them. */
export type OpeningHoursRow = {
  id: number | null
  dayOfWeek: number
  openTime: string | null
  closeTime: string | null
  isClosed: boolean
  /** The kitchen's last orders (common/last-orders.ts); null: food until close. */
  lastOrdersTime: string | null
  /** The day's own booking services (common/services.ts); null or missing: one spanning its hours. */
  services?: BookingService[] | null
  /** What a save sends back: the day's version (0 for a day with no row yet). */
  version: number
}
export type HourExceptionRow = {
  id: number
  date: string
  openTime: string | null
  closeTime: string | null
  isClosed: boolean
  /** The date's own last orders; null: its weekday's. */
  lastOrdersTime: string | null
  /** The date's own booking services; null: one spanning its own hours. */
  services?: BookingService[] | null
  reason: string
  version: number
}
