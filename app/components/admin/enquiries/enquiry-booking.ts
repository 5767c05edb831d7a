/**
 * 'Make a booking' from an event enquiry (issue 36): the staff booking form
 * filled from the enquiry, and how the card names the booking it got.
 */
import type { AdminReservationForm } from '#common/admin-reservations-schema'
import type { AdminEnquiry } from '#common/event-schema'
import { formatShortDate, formatTime12, isValidDate, isValidTime } from '#common/time'

/** The line the booking's Additional Information starts with, naming the enquiry it came from. */
export const enquiryBookingNote = (e: Pick<AdminEnquiry, 'id' | 'eventTitle' | 'specialRequests'>) =>
  [`From event enquiry #${e.id}: ${e.eventTitle}`, e.specialRequests ? `Requests: ${e.specialRequests}` : '']
    .filter(Boolean)
    .join('\n')
    .slice(0, 2000)

/**
 * The New Booking form as 'Make a booking' opens it: the guest's name, email,
 * phone and party, the event's date and time (the event's own while it
 * exists; else the enquiry's, when they are a date and a time; else
 * `fallbackDate` and the form's usual time), a note naming the enquiry, confirmed.
 */
export function bookingPrefill(e: AdminEnquiry, fallbackDate: string): Partial<AdminReservationForm> {
  const date = e.eventStart?.date ?? (e.eventDate && isValidDate(e.eventDate) ? e.eventDate : fallbackDate)
  const time = e.eventStart?.time ?? (e.eventTime && isValidTime(e.eventTime) ? e.eventTime : null)
  return {
    name: e.name,
    email: e.email,
    phone: e.phone,
    partySize: e.partySize,
    date,
    ...(time ? { startTime: time } : {}),
    additionalInfo: enquiryBookingNote(e),
    status: 'confirmed',
  }
}

/** '05 Dec 2026, 7:00 PM': when the booking made from an enquiry is. */
export const bookingWhen = (booking: NonNullable<AdminEnquiry['booking']>) => `${formatShortDate(booking.date)}, ${formatTime12(booking.startTime)}`

/** 'Booked: 05 Dec 2026, 7:00 PM' on the card of an enquiry that has its booking. */
export const bookedLabel = (booking: NonNullable<AdminEnquiry['booking']>) => `Booked: ${bookingWhen(booking)}`
