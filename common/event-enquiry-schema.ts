/** The body of `POST /api/event-enquiries` (SPEC.md sections 5 and 7). */
import { z } from 'zod'
import { EVENT_PARTY_DEFAULT, EVENT_PARTY_MAX, EVENT_PARTY_MIN } from './constants'
import { email, PG_INTEGER_MAX, text, wholeNumber } from './fields-schema'
import { ENQUIRY_MESSAGES as M } from './event-enquiry-form'

export * from './event-enquiry-form'

/**
 * What the dialog sends. The event's title, date and time are taken from the
 * event itself; the copies the dialog sends are accepted and ignored.
 * `website` is a honeypot that people never see and must stay empty.
 */
export const CreateEnquirySchema = z.object({
  eventId: wholeNumber({ min: 1, max: PG_INTEGER_MAX, message: M.eventRequired }),
  name: text({ max: 200, required: M.nameRequired, label: 'Name' }),
  email: email({ required: M.emailRequired, invalid: M.emailInvalid }),
  phone: text({ max: 40, required: M.phoneRequired, label: 'Phone' }),
  partySize: wholeNumber({ min: EVENT_PARTY_MIN, max: EVENT_PARTY_MAX, message: M.partySize }).default(EVENT_PARTY_DEFAULT),
  specialRequests: text({ max: 2000, multiline: true, label: 'Special requests' }).default(''),
  eventTitle: text({ max: 300, label: 'Event title' }).optional(),
  eventDate: text({ max: 100, label: 'Event date' }).optional(),
  eventTime: text({ max: 100, label: 'Event time' }).optional(),
  website: text({ max: 500, label: 'Website' }).optional(),
})
export type CreateEnquiryInput = z.infer<typeof CreateEnquirySchema>
