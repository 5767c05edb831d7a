/**
 * The booking form's rules and messages (SPEC.md section 5), free of zod so the
 * booking page ships without it; `common/reservation-schema.ts` holds the zod schemas
 * of the API and re-exports all of this.
 */
import { GUESTS_MAX, GUESTS_MIN, LARGE_PARTY_THRESHOLD, type FoodDrinks, type ReservationStatus } from './constants'

export const RESERVATION_MESSAGES = {
  nameRequired: 'Name is required',
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email address',
  phoneRequired: 'Phone is required',
  dateRequired: 'Date is required',
  dateInvalid: 'Date must be a valid date (YYYY-MM-DD)',
  startTimeRequired: 'Start time is required',
  startTimeInvalid: 'Start time must be a time such as 19:30',
  guestsRange: `Number of guests must be between ${GUESTS_MIN} and ${GUESTS_MAX}`,
  foodDrinksInvalid: "Preference must be 'food_and_drinks' or 'drinks_only'",
  tooLong: 'This field is too long',
  honeypot: 'Your booking could not be accepted. Please call us to book.',
  missingTitle: 'Missing Information',
  missingName: 'Please enter your name.',
  missingEmail: 'Please enter your email address.',
  missingPhone: 'Please enter your phone number.',
  missingDate: 'Please select a date for your reservation.',
  missingTime: 'Please select a time for your reservation.',
  failedTitle: 'Booking Failed',
  failedFallback: 'Something went wrong. Please try again.',
  confirmedTitle: 'Booking Confirmed',
  receivedTitle: 'Reservation Received',
} as const

/** What the guest is told once the booking is made: 'Booking Confirmed', or 'Reservation Received' above LARGE_PARTY_THRESHOLD guests. */
export function confirmationWords(partySize: number, venuePhone: string): { title: string; text: string } {
  return partySize > LARGE_PARTY_THRESHOLD
    ? {
        title: RESERVATION_MESSAGES.receivedTitle,
        text: `Thank you. We will contact you within 24 hours to confirm your table. You can also call us on ${venuePhone}.`,
      }
    : { title: RESERVATION_MESSAGES.confirmedTitle, text: 'Thank you. Your table is booked and we look forward to seeing you.' }
}

/** '1 guest', '4 guests'. */
export const guestsText = (n: number): string => `${n} ${n === 1 ? 'guest' : 'guests'}`

/** The 409 text when a slot has gone: it names the time and the party size. */
export function slotUnavailableMessage(time12: string, partySize: number): string {
  return `Sorry, ${time12} is no longer available for ${guestsText(partySize)}. Please choose another time.`
}

/**
 * A guest's own second booking at the same date and time, as their manage link
 * tells them. The public form answers it as a full time (slotUnavailableMessage),
 * so it never tells a stranger that someone else has a booking then.
 */
export const DUPLICATE_BOOKING_MESSAGE =
  'You already have a booking at this date and time. Please call us if you need to change it.'

/**
 * The 409 text past the per-guest limits of one date (docs/decisions/0021):
 * the same whichever of email, phone or connection reached it, so a stranger
 * typing another's email learns no more than that the form cannot take it.
 */
export const GUEST_LIMIT_MESSAGE = (date: string) =>
  `Sorry, we cannot take more bookings online for ${date} from these details. Please call us to book.`

/** The 400 text when the form's background check (the proof-of-work challenge) is required and missing: the form solves it and sends again. */
export const CHALLENGE_MESSAGE = 'Please wait a moment and try again.'

export const IDEMPOTENCY_MISMATCH_MESSAGE =
  'This Idempotency-Key was already used for a different booking. Send a new booking with a new key.'

export const EVENT_FULL_MESSAGE = (title: string, partySize: number) =>
  `Sorry, ${title} does not have room for ${partySize} more ${partySize === 1 ? 'guest' : 'guests'}.`

/**
 * A booking's own fields, listed once: the booking page's form, the public
 * answer (PublicReservation), the admin answer (AdminReservation,
 * common/admin-reservations-schema.ts) and the staff edit form all derive from it.
 */
export type ReservationFields = {
  name: string
  email: string
  phone: string
  date: string
  startTime: string
  partySize: number
  additionalInfo: string
  foodDrinks: FoodDrinks
  receiveOffers: boolean
}

/** The booking page's form state. */
export type ReservationForm = ReservationFields

const M = RESERVATION_MESSAGES

export const EMPTY_RESERVATION_FORM: ReservationForm = {
  name: '',
  email: '',
  phone: '',
  date: '',
  startTime: '',
  partySize: 2,
  additionalInfo: '',
  foodDrinks: 'food_and_drinks',
  receiveOffers: true,
}

/**
 * The first 'Missing Information' toast text for a form, in SPEC.md's order
 * (name, email, phone, date, time), or null when nothing is missing.
 */
export function missingInformation(form: Pick<ReservationForm, 'name' | 'email' | 'phone' | 'date' | 'startTime'>): string | null {
  if (!form.name.trim()) return M.missingName
  if (!form.email.trim()) return M.missingEmail
  if (!form.phone.trim()) return M.missingPhone
  if (!form.date) return M.missingDate
  if (!form.startTime) return M.missingTime
  return null
}

/** Whether a number of guests is one a booking takes: a whole number from 1 to 20. */
export const guestsInRange = (n: number) => Number.isInteger(n) && n >= GUESTS_MIN && n <= GUESTS_MAX

/**
 * The form's field messages: name, email, phone and start time non-empty after
 * trimming, guests a whole number from 1 to 20. Empty when the form is valid.
 */
export function reservationFormErrors(form: ReservationForm): Partial<Record<keyof ReservationForm, string>> {
  const errors: Partial<Record<keyof ReservationForm, string>> = {}
  if (!form.name.trim()) errors.name = M.nameRequired
  if (!form.email.trim()) errors.email = M.emailRequired
  if (!form.phone.trim()) errors.phone = M.phoneRequired
  if (!form.startTime.trim()) errors.startTime = M.startTimeRequired
  if (!guestsInRange(form.partySize)) errors.partySize = M.guestsRange
  return errors
}

/** The fields of a reservation the public API returns: the form's, and what the booking gave it. */
export type PublicReservation = ReservationFields & {
  id: number
  status: ReservationStatus
  eventId: number | null
  createdAt: string
}

/** A reservation as the server stores it (its text columns unnarrowed, its instants as dates or ISO text). */
export type StoredReservation = Omit<ReservationFields, 'foodDrinks' | 'email'> & {
  /** Null for a phone or walk-in booking staff took without one (issue 36); a guest's own booking always has one. */
  email: string | null
  id: number
  foodDrinks: string
  status: string
  eventId: number | null
  createdAt: Date | string
  updatedAt: Date | string
}

/** A stored reservation as the public API answers it. Field by field: it is on the booking path (see asInserted on spreads). */
export function toPublicReservation(r: StoredReservation): PublicReservation {
  return {
    id: r.id,
    name: r.name,
    // Every booking the public API answers was made on the public form, which requires an email.
    email: r.email ?? '',
    phone: r.phone,
    date: r.date,
    startTime: r.startTime,
    partySize: r.partySize,
    additionalInfo: r.additionalInfo,
    foodDrinks: r.foodDrinks as FoodDrinks,
    receiveOffers: r.receiveOffers,
    status: r.status as ReservationStatus,
    eventId: r.eventId,
    createdAt: isoOf(r.createdAt),
  }
}

/** An instant as ISO text (a Date as it is, without copying it: the booking path answers with it). */
export const isoOf = (at: Date | string) => (at instanceof Date ? at : new Date(at)).toISOString()

/**
 * A slot of `GET /api/availability/slots/{date}` (still a plain array, SPEC.md
 * section 7). A slot at or after the kitchen's last orders carries them
 * (`lastOrders`, 'HH:MM'): it is for Drinks Only (issue 36).
 */
export type AvailabilitySlot = { date: string; startTime: string; lastOrders?: string }

/** The slots of a date from its free start times and its last orders (null: food until close). */
export function slotsOf(date: string, times: readonly string[], lastOrders: string | null): AvailabilitySlot[] {
  return times.map((startTime) => (lastOrders && startTime >= lastOrders ? { date, startTime, lastOrders } : { date, startTime }))
}
