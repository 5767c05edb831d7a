/**
 * The event dialog's messages and display rules (SPEC.md sections 2, 5 and 8),
 * free of zod so the events pages ship without it; `common/event-enquiry-schema.ts`
 * holds the API's schema.
 */
import { EVENT_PARTY_DEFAULT, EVENT_PARTY_MAX, EVENT_PARTY_MIN } from './constants'
import { EVENT_TIME_TBA } from './event-format'

// The events pages' formatting, kept apart so they load it without the dialog's words.
export { formatEventDate, formatEventTime, formatPrice, isAmount } from './event-format'

export const EVENT_DIALOG_MESSAGES = {
  missingTitle: 'Missing Information',
  missingText: 'Please fill in all required fields.',
  failedTitle: 'Booking Failed',
  failedFallback: 'Something went wrong. Please try again.',
  bookedTitle: 'Table Booked!',
  bookedText: "Your table has been reserved. We'll send you a confirmation email shortly.",
  enquiryTitle: 'Enquiry Sent!',
  enquiryText: "We've received your enquiry and will be in touch within 24 hours with more details.",
  timeTba: EVENT_TIME_TBA,
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
