/**
 * The event as staff create and edit it (SPEC.md sections 3 and 5), shared by
 * the admin API and the Events Management form: the same limits and messages
 * on both sides. Tags and gallery arrive as lists (the API, SPEC.md section 7)
 * or as the form's comma-separated text; both become lists.
 */
import { z } from 'zod'
import { BOOKING_TYPES, ENQUIRY_STATUSES, EVENT_STATUSES, EVENT_TYPES } from './constants'
import { IdSchema, text, VersionSchema, wholeNumber } from './fields-schema'
import { slugify } from './slug'
import { isValidDate, isValidTime, timeToMinutes } from './time'

/** Staff's notes on an enquiry: at most this many characters. */
export const ENQUIRY_NOTES_MAX = 2000

export const EVENT_MESSAGES = {
  titleRequired: 'Title is required',
  descriptionRequired: 'Description is required',
  dateRequired: 'Date is required',
  dateInvalid: 'Date must be a real date (YYYY-MM-DD)',
  timeRequired: 'Start time is required',
  timeInvalid: 'Start time must be a time such as 19:30',
  endTimeInvalid: 'End time must be a time such as 22:00',
  endAfterStart: 'End time must be after the start time',
  capacity: 'Capacity must be a whole number from 0 to 100000',
  category: 'Choose a category from the list',
  link: (label: string) => `${label} must be a web address (https://...) or a site path (/...)`,
  listTooLong: (label: string, max: number) => `${label}: at most ${max} items`,
  type: `Event type must be one of ${EVENT_TYPES.join(', ')}`,
  status: `Status must be one of ${EVENT_STATUSES.join(', ')}`,
  bookingType: `Booking type must be one of ${BOOKING_TYPES.join(', ')}`,
  enquiryStatus: `Status must be one of ${ENQUIRY_STATUSES.join(', ')}`,
  notFound: 'Event not found',
  enquiryNotFound: 'Enquiry not found',
  notesTooLong: `Notes must be ${ENQUIRY_NOTES_MAX.toLocaleString('en-GB')} characters or fewer`,
  notesNeedVersion: 'version is required with notes: send the version of the enquiry as you read it',
  enquiryPatchEmpty: 'Nothing to change: send a status or notes',
  enquiryBooked: 'This enquiry already has a booking: open that booking to change it.',
  enquiryForBooking: 'The enquiry this booking was made from no longer exists: reload the enquiries and try again.',
} as const
const M = EVENT_MESSAGES

export const EVENT_CAPACITY_MAX = 100_000
export const EVENT_LIST_MAX = 30

/** An optional text: empty, missing or null are all stored as null (a row read back can be sent back as it is). */
const optional = (max: number, label: string, multiline = false) =>
  text({ max, label, multiline })
    .nullish()
    .transform((v) => v || null)

const isLink = (v: string) => /^(?:https?:\/\/|\/)/i.test(v)
const link = (label: string) => optional(500, label).refine((v) => v === null || isLink(v), M.link(label))

/**
 * A list from an array of texts or from comma-separated text: each item
 * trimmed, empty ones dropped, each within `itemMax`, at most EVENT_LIST_MAX.
 */
const list = (label: string, itemMax: number, isUrl = false) =>
  z
    .union([z.array(z.unknown()), z.string()], { error: `${label} must be a list or comma-separated text` })
    .optional()
    .transform((raw, ctx) => {
      if (raw === undefined) return []
      // The text is bounded before it is split, so a megabyte of commas is refused unread.
      const bound = EVENT_LIST_MAX * (itemMax + 2)
      if (typeof raw === 'string' && raw.length > bound) {
        ctx.addIssue({ code: 'custom', message: M.listTooLong(label, EVENT_LIST_MAX) })
        return z.NEVER
      }
      const items = typeof raw === 'string' ? raw.split(',') : raw
      if (items.length > EVENT_LIST_MAX * 2) {
        ctx.addIssue({ code: 'custom', message: M.listTooLong(label, EVENT_LIST_MAX) })
        return z.NEVER
      }
      const item = text({ max: itemMax, label })
      const out: string[] = []
      for (const value of items) {
        const parsed = item.safeParse(value)
        if (!parsed.success) {
          ctx.addIssue({ code: 'custom', message: parsed.error.issues[0]?.message ?? `${label} must be text` })
          return z.NEVER
        }
        if (!parsed.data) continue
        if (isUrl && !isLink(parsed.data)) {
          ctx.addIssue({ code: 'custom', message: M.link(label) })
          return z.NEVER
        }
        out.push(parsed.data)
      }
      if (out.length > EVENT_LIST_MAX) {
        ctx.addIssue({ code: 'custom', message: M.listTooLong(label, EVENT_LIST_MAX) })
        return z.NEVER
      }
      return out
    })

/** A whole number or an id from a number, digits, or '' / null for none (a form's empty input). */
const optionalNumber = (inner: z.ZodType<number, unknown>, message: string) =>
  z
    .union([z.number(), z.string(), z.null()], { error: message })
    .optional()
    .transform((raw, ctx) => {
      if (raw === undefined || raw === null || raw === '') return null
      const parsed = inner.safeParse(raw)
      if (parsed.success) return parsed.data
      ctx.addIssue({ code: 'custom', message })
      return z.NEVER
    })

const flag = (name: string) => z.boolean({ error: `${name} must be true or false` })

/** The fields of an event, each optional: PATCH takes any of them. */
const fields = {
  title: text({ max: 200, required: M.titleRequired, label: 'Title' }),
  /** Empty keeps the slug made from the title; staff may write one (it is made into a slug). */
  slug: text({ max: 100, label: 'Slug' })
    .nullish()
    .transform((v) => (v ? slugify(v) : null)),
  description: text({ max: 10_000, multiline: true, required: M.descriptionRequired, label: 'Description' }),
  shortDescription: optional(500, 'Short description', true),
  date: text({ max: 10, required: M.dateRequired, label: 'Date', tooLong: M.dateInvalid }).refine(isValidDate, M.dateInvalid),
  time: text({ max: 5, required: M.timeRequired, label: 'Start time', tooLong: M.timeInvalid }).refine(isValidTime, M.timeInvalid),
  endTime: text({ max: 5, label: 'End time', tooLong: M.endTimeInvalid })
    .nullish()
    .transform((v) => v || null)
    .refine((v) => v === null || isValidTime(v), M.endTimeInvalid),
  type: z.enum(EVENT_TYPES, { error: M.type }),
  categoryId: optionalNumber(IdSchema, M.category),
  image: link('Image'),
  gallery: list('Gallery', 500, true),
  price: optional(50, 'Price'),
  capacity: optionalNumber(wholeNumber({ min: 0, max: EVENT_CAPACITY_MAX, message: M.capacity }), M.capacity),
  bookingType: z.enum(BOOKING_TYPES, { error: M.bookingType }),
  bookingUrl: link('Booking link'),
  featured: flag('featured'),
  status: z.enum(EVENT_STATUSES, { error: M.status }),
  tags: list('Tags', 50),
  venue: optional(200, 'Venue'),
  contact: optional(500, 'Contact', true),
  depositRequired: optional(200, 'Deposit required'),
  isRecurring: flag('isRecurring'),
  recurringPattern: optional(200, 'Recurring pattern'),
}

/** Whether an end time, if there is one, comes after the start (SPEC.md section 5: end time optional). */
export function endTimeProblem(time: string, endTime: string | null): string | undefined {
  if (endTime && timeToMinutes(endTime) <= timeToMinutes(time)) return M.endAfterStart
  return undefined
}

/** Whether a parsed event's start and end times are both real times (the end-time rule can be checked). */
function timesReadable(value: unknown): boolean {
  const { time, endTime } = (value ?? {}) as { time?: unknown; endTime?: unknown }
  return typeof time === 'string' && isValidTime(time) && typeof endTime === 'string' && isValidTime(endTime)
}

/** POST /api/admin/events and the form: the admin defaults of SPEC.md section 9 fill what is missing. */
export const EventSchema = z
  .object({
    ...fields,
    type: fields.type.default('special_event'),
    bookingType: fields.bookingType.default('table'),
    status: fields.status.default('published'),
    featured: fields.featured.default(false),
    isRecurring: fields.isRecurring.default(false),
  })
  .superRefine(
    (e, ctx) => {
      const problem = endTimeProblem(e.time, e.endTime)
      if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['endTime'] })
    },
    // Also when other fields are wrong, so the form shows every problem in one go: only the two times need be sound.
    { when: ({ value }) => timesReadable(value) },
  )
export type EventInput = z.infer<typeof EventSchema>
export type EventForm = z.input<typeof EventSchema>

/** PATCH /api/admin/events/{id}: any of the fields; the end-time rule is checked against the stored event. */
export const EventPatchSchema = z
  .object(fields)
  .partial()
  // The version the form was read at: a save over someone else's newer change is refused (409).
  .extend({ version: VersionSchema })
  .refine((patch) => Object.keys(patch).some((key) => key !== 'version'), 'Nothing to change: send at least one field of the event')
export type EventPatch = z.infer<typeof EventPatchSchema>

/** PATCH /api/admin/event-enquiries/{id}: staff may set any status at once (SPEC.md section 4). */
export const EnquiryStatusSchema = z.object({ status: z.enum(ENQUIRY_STATUSES, { error: M.enquiryStatus }) })

/** Staff's notes on an enquiry (issue 36): free text, line breaks kept, bounded. */
export const EnquiryNotesSchema = text({ max: ENQUIRY_NOTES_MAX, multiline: true, label: 'Notes', tooLong: M.notesTooLong })

/**
 * PATCH /api/admin/event-enquiries/{id}: a status (from the card, at once, as
 * SPEC.md section 4 says; `version` optional), notes (with the `version` they
 * were read at: a save over a newer one is refused with 409), or both.
 */
export const EnquiryPatchSchema = z
  .object({
    status: EnquiryStatusSchema.shape.status.optional(),
    notes: EnquiryNotesSchema.optional(),
    version: VersionSchema.optional(),
  })
  .refine((p) => p.status !== undefined || p.notes !== undefined, M.enquiryPatchEmpty)
  .refine((p) => p.notes === undefined || p.version !== undefined, { message: M.notesNeedVersion, path: ['version'] })
export type EnquiryPatch = z.infer<typeof EnquiryPatchSchema>

/** An event as the admin list sends it: the row plus the guests booked so far (pending and confirmed). */
export type AdminEvent = {
  id: number
  slug: string
  title: string
  description: string
  shortDescription: string | null
  date: string
  time: string
  endTime: string | null
  type: string
  categoryId: number | null
  image: string | null
  gallery: string[]
  price: string | null
  capacity: number | null
  bookingType: string
  bookingUrl: string | null
  featured: boolean
  status: string
  tags: string[]
  venue: string | null
  contact: string | null
  depositRequired: string | null
  isRecurring: boolean
  recurringPattern: string | null
  createdAt: string
  updatedAt: string
  /** What a save sends back (PATCH): the version this copy was read at. */
  version: number
  guestsBooked: number
}

export type AdminEventCategory = { id: number; name: string; description: string | null; color: string; isActive: boolean }

export type AdminEnquiry = {
  id: number
  eventId: number | null
  eventTitle: string
  eventDate: string | null
  eventTime: string | null
  name: string
  email: string
  phone: string
  partySize: number
  specialRequests: string | null
  status: string
  /** Staff's notes (never shown to the guest). */
  notes: string
  /** The booking made from this enquiry, if any ('Make a booking'). */
  reservationId: number | null
  /** The event's date and time as stored (YYYY-MM-DD, HH:MM), while the event exists: what 'Make a booking' fills in. */
  eventStart: { date: string; time: string | null } | null
  /** That booking's date and time, for 'Booked: ...' (null when there is none). */
  booking: { id: number; date: string; startTime: string; status: string } | null
  /** What a save sends back (PATCH): the version this copy was read at. */
  version: number
  createdAt: string
  updatedAt: string
}

/** The sidebar's count beside Event Enquiries: the enquiries still 'pending' (new). */
export type EnquiryCounts = { pending: number }
