/**
 * Reservation schemas and messages of SPEC.md section 5, shared by the booking
 * page and `POST /api/reservations`.
 */
import { z } from 'zod'
import { FOOD_DRINKS, GUESTS_MAX, GUESTS_MIN } from './constants'
import { RESERVATION_MESSAGES } from './reservation-form'
import { isValidDate, isValidTime } from './time'

export * from './reservation-form'

const M = RESERVATION_MESSAGES

const requiredText = (message: string, max: number) =>
  z
    .string({ error: message })
    .trim()
    .min(1, message)
    .max(max, M.tooLong)

const guests = z.coerce
  .number({ error: M.guestsRange })
  .int(M.guestsRange)
  .min(GUESTS_MIN, M.guestsRange)
  .max(GUESTS_MAX, M.guestsRange)

/** The booking page's form (SPEC.md section 5): required fields after trimming, guests 1 to 20. */
export const ReservationFormSchema = z.object({
  name: requiredText(M.nameRequired, 200),
  email: requiredText(M.emailRequired, 254),
  phone: requiredText(M.phoneRequired, 40),
  date: z.string(),
  startTime: requiredText(M.startTimeRequired, 5),
  partySize: guests,
  additionalInfo: z.string().max(2000, M.tooLong),
  foodDrinks: z.enum(FOOD_DRINKS),
  receiveOffers: z.boolean(),
})

/**
 * '19:30', '7:30', '7:30 pm', '19:30 PM' → 'HH:MM' 24-hour. The event dialog
 * sends the event's time with am/pm removed, so a bare hour is taken as given.
 * Anything unreadable comes back unchanged (and fails validation).
 */
export function normalizeTime(value: string): string {
  const m = /^\s*(\d{1,2}):(\d{2})\s*([ap]\.?m\.?)?\s*$/i.exec(value)
  if (!m) return value.trim()
  let hour = Number(m[1])
  const suffix = m[3]?.toLowerCase().replace(/\./g, '')
  if (suffix === 'pm' && hour < 12) hour += 12
  if (suffix === 'am' && hour === 12) hour = 0
  return `${String(hour).padStart(2, '0')}:${m[2]}`
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)

/** Folds the event dialog's shape (`time`, `specialRequests`) into the booking page's. */
function normalizeBody(raw: unknown): unknown {
  if (!isRecord(raw)) return raw
  const body = { ...raw }
  if ((body.startTime === undefined || body.startTime === '') && body.time !== undefined) body.startTime = body.time
  if (body.additionalInfo === undefined && body.specialRequests !== undefined) body.additionalInfo = body.specialRequests
  if (typeof body.startTime === 'string') body.startTime = normalizeTime(body.startTime)
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
      name: requiredText(M.nameRequired, 200),
      email: requiredText(M.emailRequired, 254).pipe(z.email(M.emailInvalid)),
      phone: requiredText(M.phoneRequired, 40),
      date: z
        .string({ error: M.dateRequired })
        .trim()
        .min(1, M.dateRequired)
        .refine(isValidDate, M.dateInvalid),
      startTime: z
        .string({ error: M.startTimeInvalid })
        .optional()
        .refine((t) => t === undefined || t === '' || isValidTime(t), M.startTimeInvalid),
      partySize: guests,
      additionalInfo: z.string({ error: M.tooLong }).trim().max(2000, M.tooLong).default(''),
      foodDrinks: z.enum(FOOD_DRINKS, { error: M.foodDrinksInvalid }).default('food_and_drinks'),
      receiveOffers: z.boolean().default(false),
      eventId: z.coerce.number().int().positive().optional(),
      website: z.string().optional(),
    })
    .refine(
      (v) => (isRecord(v) && v.eventId !== undefined) || (isRecord(v) && typeof v.startTime === 'string' && v.startTime !== ''),
      { message: M.startTimeRequired, path: ['startTime'], when: () => true },
    ),
)
export type CreateReservationInput = z.infer<typeof CreateReservationSchema>

