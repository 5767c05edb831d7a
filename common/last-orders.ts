/**
 * The kitchen's last orders (issue 36, item 2): after them a table is for
 * drinks only. One time per weekday on the weekly hours, and optionally one
 * per hour exception (a date's special hours); none means food until close.
 * Kept per day so that a service (lunch, dinner: issue 36 item 1) can carry its
 * own later. Pure, shared by the booking decision, availability, the booking
 * page, the staff form and the Hours panel.
 */
import { timeToMinutes } from './time'

/** The seeded kitchen hours (SPEC.md section 8: 'open until 9pm daily, Sundays 6pm'). */
export const DEFAULT_LAST_ORDERS = '21:00'
export const SUNDAY_LAST_ORDERS = '18:00'
/** A weekday's last orders by default: 6 pm on Sunday (0), 9 pm otherwise. */
export const defaultLastOrders = (dayOfWeek: number) => (dayOfWeek === 0 ? SUNDAY_LAST_ORDERS : DEFAULT_LAST_ORDERS)

/** Every message about last orders, word for word (tests compare them). `time12` is a time as formatTime12 writes it ('9:00 PM'). */
export const LAST_ORDERS_MESSAGES = {
  interval: 'Last orders must be on 30-minute intervals (e.g., 20:30, 21:00)',
  withinHours: (open: string, close: string) => `Last orders must be within the day's hours, from ${open} to ${close}`,
  /** The public booking's 400 for Food & Drinks at or after last orders. */
  refused: (time12: string) => `The kitchen's last orders are at ${time12}: for a later time choose Drinks Only`,
  /** Beside the booking page's choice when only Drinks Only is offered. */
  drinksOnly: (time12: string) => `The kitchen's last orders are at ${time12}, so this time is for drinks`,
  /** The staff form's warning (staff may still save). */
  staffWarning: (time12: string) => `The kitchen's last orders are at ${time12}: food at this time needs the kitchen's agreement`,
  /** The Hours panel's choice for no last orders. */
  untilClose: 'Food until close',
} as const

type Day = { openTime: string | null; closeTime: string | null; isClosed: boolean; lastOrdersTime?: string | null }

/**
 * Whether a day's last orders fit its hours: none, a closed day, or a time
 * from open to close (at open: a drinks-only day; at close: food all day).
 * The message, or undefined.
 */
export function lastOrdersProblem(day: Day): string | undefined {
  const last = day.lastOrdersTime
  if (!last || day.isClosed || !day.openTime || !day.closeTime) return undefined
  const at = timeToMinutes(last)
  if (at < timeToMinutes(day.openTime) || at > timeToMinutes(day.closeTime)) return LAST_ORDERS_MESSAGES.withinHours(day.openTime, day.closeTime)
  return undefined
}

/** Whether food can be ordered for a start time, given the day's last orders (null: until close). */
export const isDrinksOnlyTime = (startTime: string, lastOrders: string | null | undefined) =>
  Boolean(lastOrders) && timeToMinutes(startTime) >= timeToMinutes(lastOrders!)
