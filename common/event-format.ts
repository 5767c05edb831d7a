/**
 * How the events pages show an event's date, time and price (SPEC.md section 2):
 * apart from the dialog's messages (event-enquiry-form.ts), which the pages
 * load only with the dialog.
 */
import { formatTime12, MONTH_NAMES, ordinal, WEEKDAY_NAMES, dayOfWeek } from './time'

export const EVENT_TIME_TBA = 'Time TBA'

/** 'Friday 5th December' (SPEC.md section 2's ordinal day suffixes). */
export function formatEventDate(date: string): string {
  const [, m, d] = date.split('-').map(Number)
  return `${WEEKDAY_NAMES[dayOfWeek(date)]} ${ordinal(d!)} ${MONTH_NAMES[m! - 1]}`
}

/** '7:30 PM', '7:30 PM - 11:00 PM', or 'Time TBA' when the event has no time. */
export function formatEventTime(time: string | null | undefined, endTime?: string | null): string {
  if (!time) return EVENT_TIME_TBA
  return endTime ? `${formatTime12(time)} - ${formatTime12(endTime)}` : formatTime12(time)
}

/** An event's price as shown: '£15.00' for a bare amount, the staff's words otherwise, 'Free entry' when empty. */
export function formatPrice(price: string | null | undefined): string {
  const p = price?.trim()
  if (!p) return 'Free entry'
  return isAmount(p) ? `£${Number(p).toFixed(2)}` : p
}

/** Whether a price is a bare amount such as '15' or '15.00' (not 'Free' or '£5 on the door'). */
export function isAmount(price: string): boolean {
  return /^\d{1,6}(?:\.\d{1,2})?$/.test(price)
}
