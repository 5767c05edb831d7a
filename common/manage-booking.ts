/**
 * A guest's own booking, through the signed link in their emails (issue 15):
 * what the manage page shows, the rule on changes and the words it uses.
 * Shared by the server (service, API) and the page; no zod here, so the page
 * ships none of it.
 */
import type { FoodDrinks } from './constants'

/**
 * The policy pages' rule: a booking can be changed or cancelled online up to
 * this many hours before the table time; after that, only by phone.
 */
export const GUEST_CHANGE_CUTOFF_HOURS = 2

/** How many days after the visit a manage link keeps working (to show the booking, never to change it). */
export const MANAGE_LINK_DAYS_AFTER_VISIT = 7

/**
 * What the guest may do with the booking now:
 * - open: change or cancel online;
 * - phone: the visit is within the cut-off, so only by phone;
 * - cancelled, past: nothing to do.
 */
export type ManageState = 'open' | 'phone' | 'cancelled' | 'past'

export type ManagedBooking = {
  name: string
  email: string
  date: string
  startTime: string
  partySize: number
  foodDrinks: FoodDrinks
  additionalInfo: string
  status: 'pending' | 'confirmed' | 'cancelled'
  /** An event's table: booked at the event's own time, so it can be cancelled online but not moved. */
  eventTitle: string | null
}

export type ManageView = {
  booking: ManagedBooking
  state: ManageState
  venuePhone: string
}

/**
 * Where a large party's request from the public form stands, as the page of
 * its confirm link says (docs/decisions/0021): it waits for the guest to
 * confirm it; they have, and it holds its table; they confirmed it after its
 * 30 minutes and the table had gone meanwhile (staff will call); staff have
 * confirmed it already; it was cancelled; its time has passed.
 */
export type RequestState = 'waiting' | 'confirmed' | 'no_room' | 'approved' | 'cancelled' | 'past'
export type RequestView = { date: string; startTime: string; partySize: number; name: string; state: RequestState; venuePhone: string }

/** Why a link shows no booking. */
export type ManageLinkProblem = 'invalid' | 'expired'

export const GUEST_STATUS_LABELS: Record<ManagedBooking['status'], string> = {
  confirmed: 'Confirmed',
  pending: 'Waiting for us to confirm',
  cancelled: 'Cancelled',
}

export const MANAGE_MESSAGES = {
  invalid: (phone: string) =>
    `This link does not work. Please use the link in the latest email we sent you, or call us on ${phone}.`,
  expired: (phone: string) => `This link has expired. If you need help with a booking, please call us on ${phone}.`,
  phoneOnly: (phone: string) =>
    `Your table is less than ${GUEST_CHANGE_CUTOFF_HOURS} hours away, so it can no longer be changed or cancelled online. Please call us on ${phone}.`,
  cancelled: 'This booking has been cancelled.',
  past: 'This visit has passed. Thank you for coming, and we hope to see you again soon.',
  eventTable: (phone: string) =>
    `This table is for an event, at the event's own time: you can cancel it here. To change it, please call us on ${phone}.`,
  unchanged: 'This is your booking as it stands. Choose another date, time or number of guests to change it.',
  changed: (email: string) => `Your booking has been changed. We have emailed the new details to ${email}.`,
  changedPending: (email: string) =>
    `Your booking has been changed. As your party is now larger, we will confirm it personally: we have emailed ${email}.`,
  cancelledNow: (email: string) => `Your booking has been cancelled. We have emailed a confirmation to ${email}.`,
  failed: 'Something went wrong and nothing was changed. Please try again, or call us.',
  tooManyChanges: (retry: string) => `This booking has been changed many times in the last hour. Please try again ${retry}, or call us.`,
} as const

/** Changes and cancellations through one manage link in an hour, at most: a guest's few, not a script's hundred. */
export const MANAGE_CHANGES_PER_HOUR = 6
