/**
 * Where a booking came from (issue 35): the public form, an event's booking,
 * staff on the phone, a party seated without booking, or a waitlist offer the
 * guest claimed. Stored on every reservation (`reservations.source`, migration 0018).
 */
export const BOOKING_SOURCES = ['online', 'phone', 'walk_in', 'event', 'waitlist'] as const
export type BookingSource = (typeof BOOKING_SOURCES)[number]

export const BOOKING_SOURCE_LABELS: Record<BookingSource, string> = {
  online: 'Online',
  phone: 'Phone',
  walk_in: 'Walk-in',
  event: 'Event',
  waitlist: 'Waitlist',
}
