import { describe, expect, it } from 'vitest'
import type { AdminEnquiry } from '#common/event-schema'
import { bookedLabel, bookingPrefill, enquiryBookingNote } from './enquiry-booking'

const enquiry = (over: Partial<AdminEnquiry> = {}): AdminEnquiry => ({
  id: 7,
  eventId: 3,
  eventTitle: 'Cider Supper',
  eventDate: 'Friday 11th July',
  eventTime: '7:00 PM',
  name: 'Dan Guest',
  email: 'dan@example.com',
  phone: '07700 900 777',
  partySize: 4,
  specialRequests: null,
  status: 'pending',
  notes: 'Rang back',
  reservationId: null,
  booking: null,
  eventStart: { date: '2031-07-11', time: '19:00' },
  version: 1,
  createdAt: '2026-11-20T12:00:00.000Z',
  updatedAt: '2026-11-20T12:00:00.000Z',
  ...over,
})

describe("'Make a booking' from an enquiry", () => {
  it("fills the form with the guest, the party, the event's own date and time, a note naming the enquiry, confirmed", () => {
    expect(bookingPrefill(enquiry({ specialRequests: 'A high chair' }), '2026-11-26')).toEqual({
      name: 'Dan Guest',
      email: 'dan@example.com',
      phone: '07700 900 777',
      partySize: 4,
      date: '2031-07-11',
      startTime: '19:00',
      additionalInfo: 'From event enquiry #7: Cider Supper\nRequests: A high chair',
      status: 'confirmed',
    })
  })

  it("falls back to the enquiry's own date and time when they are a date and a time, else to the given day and the form's time", () => {
    expect(bookingPrefill(enquiry({ eventStart: null, eventDate: '2031-08-01', eventTime: '18:30' }), '2026-11-26')).toMatchObject({ date: '2031-08-01', startTime: '18:30' })
    const words = bookingPrefill(enquiry({ eventStart: null }), '2026-11-26')
    expect(words.date).toBe('2026-11-26')
    expect(words).not.toHaveProperty('startTime')
    expect(bookingPrefill(enquiry({ eventStart: { date: '2031-07-11', time: null } }), '2026-11-26')).not.toHaveProperty('startTime')
  })

  it('keeps the note within the form\'s 2,000 characters', () => {
    expect(enquiryBookingNote(enquiry({ specialRequests: 'x'.repeat(3000) }))).toHaveLength(2000)
  })

  it('names the booking it got', () => {
    expect(bookedLabel({ id: 1, date: '2031-07-11', startTime: '19:00', status: 'confirmed' })).toBe('Booked: 11 Jul 2031, 7:00 PM')
  })
})
