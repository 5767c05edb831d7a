/**
 * The waitlist's rules, words and shapes (issue 35; docs/decisions/0032), free
 * of zod so the booking page ships without it; `common/waitlist-schema.ts`
 * holds the zod schemas of the API and re-exports all of this.
 */
import { GUESTS_MIN } from './constants'
import { RESERVATION_MESSAGES } from './reservation-form'
import { formatTime12, timeToMinutes } from './time'

export const WAITLIST_STATUSES = ['waiting', 'offered', 'claimed', 'expired', 'removed', 'left'] as const
export type WaitlistStatus = (typeof WAITLIST_STATUSES)[number]

/** The widest window of times a guest may wait for: two hours, both ends included. */
export const WAITLIST_WINDOW_MINUTES = 120
/** How long an offer holds for its guest before it moves on to the next. */
export const WAITLIST_OFFER_MINUTES = 30

const M = RESERVATION_MESSAGES

export const WAITLIST_MESSAGES = {
  nameRequired: M.nameRequired,
  emailRequired: M.emailRequired,
  emailInvalid: M.emailInvalid,
  phoneRequired: M.phoneRequired,
  dateRequired: M.dateRequired,
  dateInvalid: M.dateInvalid,
  earliestRequired: 'Please choose the earliest time you could come',
  latestRequired: 'Please choose the latest time you could come',
  timeInvalid: 'Times must be times such as 19:30',
  windowBackwards: 'The latest time must be the same as or after the earliest',
  windowTooWide: 'Please choose times no more than 2 hours apart',
  tooLong: M.tooLong,
  honeypot: 'Your request could not be accepted. Please call us.',
  partyRange: (max: number) => `Number of guests must be between ${GUESTS_MIN} and ${max} for the waitlist`,
  tooLarge: (max: number) => `The waitlist takes parties of up to ${max}. For a larger party, please call us.`,
  past: 'That date has passed. Please choose another date.',
  closed: 'We do not take bookings that day. Please choose another date.',
  outsideHours: (open: string, close: string) => `Please choose times between ${formatTime12(open)} and ${formatTime12(close)}, when we take bookings that day.`,
  duplicate: 'You are already on the waitlist for that date. We will email you if a table comes up.',
  tooMany: (retry: string) => `Too many requests. Please try again ${retry}.`,
  joined: (date: string) => `You're on the waitlist for ${date}. We'll email you as soon as a table comes up.`,
  /** Staff's refusals. */
  notWaiting: 'This entry is no longer waiting, so it cannot be offered a time.',
  notActive: 'This entry has already left the waitlist.',
  notFound: 'Waitlist entry not found',
} as const

/** The problems of a window of times: the latest before the earliest, or more than two hours apart. */
export function windowProblem(earliest: string, latest: string): string | undefined {
  const from = timeToMinutes(earliest)
  const to = timeToMinutes(latest)
  if (to < from) return WAITLIST_MESSAGES.windowBackwards
  if (to - from > WAITLIST_WINDOW_MINUTES) return WAITLIST_MESSAGES.windowTooWide
  return undefined
}

/** The last of `times` at most two hours after `earliest`, or `earliest` itself if none is. */
export function latestFor(earliest: string, times: readonly string[]): string {
  const limit = timeToMinutes(earliest) + WAITLIST_WINDOW_MINUTES
  return [...times].reverse().find((t) => timeToMinutes(t) <= limit) ?? earliest
}

/** The window a guest waiting for `taken` times is likely to want: from the first, for at most two hours of them. */
export function windowFor(taken: readonly string[]): { earliestTime: string; latestTime: string } | undefined {
  const first = taken[0]
  return first ? { earliestTime: first, latestTime: latestFor(first, taken) } : undefined
}

/** The form's fields. */
export type WaitlistFields = {
  name: string
  email: string
  phone: string
  date: string
  partySize: number
  earliestTime: string
  latestTime: string
}

/** What `POST /api/waitlist` answers (201). */
export type PublicWaitlistEntry = { id: number; date: string; partySize: number; earliestTime: string; latestTime: string; message: string }

/** A waitlist entry as staff see it (`GET /api/admin/waitlist`). `position`: its place among the date's waiting entries (null once it is not waiting). */
export type AdminWaitlistEntry = {
  id: number
  position: number | null
  name: string
  email: string
  phone: string
  partySize: number
  earliestTime: string
  latestTime: string
  status: WaitlistStatus
  offeredTime: string | null
  offerExpiresAt: string | null
  claimedReservationId: number | null
  version: number
  createdAt: string
}

/** What the claim page shows of an offer, and what became of it. */
export type OfferState = 'open' | 'claimed' | 'expired' | 'taken' | 'gone'
/**
 * `justBooked`: this press made the booking (else it was claimed before);
 * `refusal`: the booking engine's words when the claim failed for the guest's
 * own reason rather than a table taken meanwhile (a booking at that time already).
 */
export type OfferView = {
  state: OfferState
  justBooked: boolean
  refusal?: string
  name: string
  date: string
  startTime: string
  partySize: number
  venuePhone: string
}
