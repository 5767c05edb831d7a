/**
 * The event dialog's messages and display rules (SPEC.md sections 2, 5 and 8),
 * free of zod so the events pages ship without it; `common/event-enquiry-schema.ts`
 * holds the API's schema.
 */
import { EVENT_PARTY_DEFAULT, EVENT_PARTY_MAX, EVENT_PARTY_MIN } from './constants'
import { formatTime12, MONTH_NAMES, ordinal, WEEKDAY_NAMES, dayOfWeek } from './time'

export const EVENT_DIALOG_MESSAGES = {
  missingTitle: 'Missing Information',
  missingText: 'Please fill in all required fields.',
  failedTitle: 'Booking Failed',
  failedFallback: 'Something went wrong. Please try again.',
  bookedTitle: 'Table Booked!',
  bookedText: "Your table has been reserved. We'll send you a confirmation email shortly.",
  enquiryTitle: 'Enquiry Sent!',
  enquiryText: "We've received your enquiry and will be in touch within 24 hours with more details.",
  timeTba: 'Time TBA',
  processing: 'Processing...',
} as const

export const ENQUIRY_MESSAGES = {
  nameRequired: 'Name is required',
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email address',
  phoneRequired: 'Phone is required',
  partySize: `Party size must be between ${EVENT_PARTY_MIN} and ${EVENT_PARTY_MAX}`,
  eventRequired: 'Please choose an event',
  eventUnavailable: 'This event is not taking enquiries. Please call us.',
  eventPast: 'This event has already taken place.',
  honeypot: 'Your enquiry could not be accepted. Please call us.',
  tooMany: (retry: string) => `Too many enquiries. Please try again ${retry}.`,
  duplicate: 'We already have your enquiry for this event, and will be in touch within 24 hours. To change it, please call us.',
} as const

/** The party size choices of the dialog: '1 Person', '2 People' … '12 People'. */
export const PARTY_SIZE_CHOICES = Array.from({ length: EVENT_PARTY_MAX - EVENT_PARTY_MIN + 1 }, (_, i) => {
  const n = EVENT_PARTY_MIN + i
  return { value: n, label: n === 1 ? '1 Person' : `${n} People` }
})
export const PARTY_SIZE_DEFAULT = EVENT_PARTY_DEFAULT

/** 'Friday 5th December' (SPEC.md section 2's ordinal day suffixes). */
export function formatEventDate(date: string): string {
  const [, m, d] = date.split('-').map(Number)
  return `${WEEKDAY_NAMES[dayOfWeek(date)]} ${ordinal(d!)} ${MONTH_NAMES[m! - 1]}`
}

/** '7:30 PM', '7:30 PM - 11:00 PM', or 'Time TBA' when the event has no time. */
export function formatEventTime(time: string | null | undefined, endTime?: string | null): string {
  if (!time) return EVENT_DIALOG_MESSAGES.timeTba
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
