/**
 * Reservation schemas and messages of SPEC.md section 5, shared by the booking
 * page and `POST /api/reservations`.
 */
import { z } from 'zod'
import { FOOD_DRINKS, GUESTS_MAX, GUESTS_MIN } from './constants'
import { email, IdSchema, text, wholeNumber } from './fields-schema'
import { RESERVATION_MESSAGES } from './reservation-form'
import { isValidDate, isValidTime } from './time'

export * from './reservation-form'

const M = RESERVATION_MESSAGES

/** A public form's solution of the proof-of-work challenge (docs/decisions/0021): the widget's payload, a few hundred characters. */
export const ChallengeSolutionSchema = z
  .string({ error: 'altcha must be the text of a solution' })
  .max(4000, 'altcha is too long')
  .optional()

const guests = wholeNumber({ min: GUESTS_MIN, max: GUESTS_MAX, message: M.guestsRange })
const name = text({ max: 200, required: M.nameRequired, label: 'Name', tooLong: M.tooLong })
const phone = text({ max: 40, required: M.phoneRequired, label: 'Phone', tooLong: M.tooLong })
const requests = text({ max: 2000, multiline: true, label: 'Special requests', tooLong: M.tooLong })

/** The booking page's form (SPEC.md section 5): required fields after trimming, guests 1 to 20. */
export const ReservationFormSchema = z.object({
  name,
  email: text({ max: 254, required: M.emailRequired, label: 'Email', tooLong: M.tooLong }),
  phone,
  date: z.string(),
  startTime: text({ max: 5, required: M.startTimeRequired, label: 'Start time', tooLong: M.tooLong }),
  partySize: guests,
  additionalInfo: requests,
  foodDrinks: z.enum(FOOD_DRINKS),
  receiveOffers: z.boolean(),
})

// Read from a trimmed value of at most 16 characters: one optional run of spaces, nothing to backtrack over.
const CLOCK_TIME = /^(\d{1,2}):(\d{2})(?:\s*([ap])\.?m\.?)?$/i

/**
 * '19:30', '7:30', '7:30 pm', '19:30 PM' → 'HH:MM' 24-hour. The event dialog
 * sends the event's time with am/pm removed, so a bare hour is taken as given.
 * Anything unreadable comes back trimmed (and fails validation).
 */
export function normalizeTime(value: string): string {
  const trimmed = value.trim()
  const m = trimmed.length <= 16 ? CLOCK_TIME.exec(trimmed) : null
  if (!m) return trimmed
  let hour = Number(m[1])
  const suffix = m[3]?.toLowerCase()
  if (suffix === 'p' && hour < 12) hour += 12
  if (suffix === 'a' && hour === 12) hour = 0
  return `${String(hour).padStart(2, '0')}:${m[2]}`
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)

/** Folds the event dialog's shape (`time`, `specialRequests`) into the booking page's. */
function normalizeBody(raw: unknown): unknown {
  if (!isRecord(raw)) return raw
  const body = { ...raw }
  if ((body.startTime === undefined || body.startTime === '') && body.time !== undefined) body.startTime = body.time
  if (body.additionalInfo === undefined && body.specialRequests !== undefined) body.additionalInfo = body.specialRequests
  if (body.eventId === null || body.eventId === '') delete body.eventId
  delete body.time
  delete body.specialRequests
  return body
}

/**
 * The body of `POST /api/reservations`. Accepts both shapes of SPEC.md section 7:
 * `startTime` or `time` (am/pm allowed), `additionalInfo` or `specialRequests`.
 * With an `eventId` the event's own date and time are used, so the time may be
 * missing. `website` is a honeypot that people never see and must stay empty.
 */
export const CreateReservationSchema = z.preprocess(
  normalizeBody,
  z
    .object({
      name,
      email: email({ required: M.emailRequired, invalid: M.emailInvalid }),
      phone,
      date: text({ max: 10, required: M.dateRequired, label: 'Date', tooLong: M.dateInvalid }).refine(isValidDate, M.dateInvalid),
      startTime: text({ max: 16, label: 'Start time', tooLong: M.startTimeInvalid })
        .transform(normalizeTime)
        .refine((t) => t === '' || isValidTime(t), M.startTimeInvalid)
        .optional(),
      partySize: guests,
      additionalInfo: requests.default(''),
      foodDrinks: z.enum(FOOD_DRINKS, { error: M.foodDrinksInvalid }).default('food_and_drinks'),
      receiveOffers: z.boolean({ error: 'receiveOffers must be true or false' }).default(false),
      eventId: IdSchema.optional(),
      website: text({ max: 500, label: 'Website' }).optional(),
      /** The form's solution of the proof-of-work challenge (the ALTCHA widget's payload), when it has one. */
      altcha: ChallengeSolutionSchema,
    })
    .refine((v) => v.eventId !== undefined || (typeof v.startTime === 'string' && v.startTime !== ''), {
      message: M.startTimeRequired,
      path: ['startTime'],
      when: () => true,
    }),
)
export type CreateReservationInput = z.infer<typeof CreateReservationSchema>
