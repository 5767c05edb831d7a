import { describe, expect, it } from 'vitest'
import type { AdminEnquiry } from '#common/event-schema'
import { DEFAULT_ENQUIRY_FILTERS, enquiryText, eventOptions, eventWhen, filterEnquiries, inSeenOrder, tableSummary } from './enquiry-filters'

let n = 0
const enquiry = (over: Partial<AdminEnquiry>): AdminEnquiry => ({
  id: ++n,
  eventId: 1,
  eventTitle: 'Quiz Night',
  eventDate: '2026-12-10',
  eventTime: '19:30',
  name: `Guest ${n}`,
  email: `guest${n}@example.com`,
  phone: '07700 900 123',
  partySize: 2,
  specialRequests: null,
  status: 'pending',
  notes: '',
  reservationId: null,
  booking: null,
  eventStart: null,
  version: 1,
  createdAt: '2026-11-20T12:00:00.000Z',
  updatedAt: '2026-11-20T12:00:00.000Z',
  ...over,
})
const names = (list: AdminEnquiry[]) => list.map((e) => e.name)
const LONDON = 'Europe/London'

describe('filterEnquiries', () => {
  it('sorts by status in the order pending, contacted, confirmed, cancelled, newest first within one', () => {
    const list = [
      enquiry({ name: 'cancelled', status: 'cancelled' }),
      enquiry({ name: 'confirmed', status: 'confirmed' }),
      enquiry({ name: 'old pending', status: 'pending', createdAt: '2026-11-01T12:00:00.000Z' }),
      enquiry({ name: 'contacted', status: 'contacted' }),
      enquiry({ name: 'new pending', status: 'pending', createdAt: '2026-11-21T12:00:00.000Z' }),
    ]
    expect(names(filterEnquiries(list, DEFAULT_ENQUIRY_FILTERS, '2026-11-21', LONDON))).toEqual(['new pending', 'old pending', 'contacted', 'confirmed', 'cancelled'])
    expect(names(filterEnquiries(list, { ...DEFAULT_ENQUIRY_FILTERS, sort: 'oldest' }, '2026-11-21', LONDON))[0]).toBe('old pending')
    expect(names(filterEnquiries(list, { ...DEFAULT_ENQUIRY_FILTERS, sort: 'newest' }, '2026-11-21', LONDON))[0]).toBe('new pending')
  })

  it("counts 'today' and the last 7 and 30 days in the venue's zone: 23:30 UTC in June is the next day in London", () => {
    const list = [
      enquiry({ name: 'just after midnight BST', createdAt: '2026-06-01T23:30:00.000Z' }),
      enquiry({ name: 'late yesterday', createdAt: '2026-06-01T22:30:00.000Z' }),
      enquiry({ name: 'six days ago', createdAt: '2026-05-27T12:00:00.000Z' }),
      enquiry({ name: 'seven days ago', createdAt: '2026-05-26T12:00:00.000Z' }),
      enquiry({ name: 'twenty-nine days ago', createdAt: '2026-05-04T12:00:00.000Z' }),
      enquiry({ name: 'thirty days ago', createdAt: '2026-05-03T12:00:00.000Z' }),
    ]
    const since = (submitted: 'today' | 'week' | 'month') => names(filterEnquiries(list, { ...DEFAULT_ENQUIRY_FILTERS, submitted, sort: 'newest' }, '2026-06-02', LONDON))
    expect(since('today')).toEqual(['just after midnight BST'])
    expect(since('week')).toEqual(['just after midnight BST', 'late yesterday', 'six days ago'])
    expect(since('month')).toEqual(['just after midnight BST', 'late yesterday', 'six days ago', 'seven days ago', 'twenty-nine days ago'])
  })

  it('filters by status and by event', () => {
    const list = [enquiry({ name: 'a', eventTitle: 'Burns Night', status: 'confirmed' }), enquiry({ name: 'b', status: 'confirmed' }), enquiry({ name: 'c' })]
    expect(names(filterEnquiries(list, { ...DEFAULT_ENQUIRY_FILTERS, status: 'confirmed', event: 'Quiz Night' }, '2026-11-21', LONDON))).toEqual(['b'])
    expect(eventOptions(list).map((o) => o.label)).toEqual(['All events', 'Burns Night', 'Quiz Night'])
  })
})

describe('tableSummary', () => {
  it('counts the confirmed enquiries as tables and their party sizes as guests', () => {
    const summary = tableSummary(
      [enquiry({ name: 'Ann', status: 'confirmed', partySize: 4 }), enquiry({ status: 'pending', partySize: 6 }), enquiry({ name: 'Bob', status: 'confirmed', partySize: 3, specialRequests: 'Vegetarian' })],
      'Quiz Night',
    )
    expect(summary).toMatchObject({ tables: 2, guests: 7 })
    expect(summary.text.split('\n')).toEqual([
      'Table summary: Quiz Night',
      'Tables: 2',
      'Guests: 7',
      '- Ann: 4 people (07700 900 123)',
      '- Bob: 3 people (07700 900 123). Vegetarian',
    ])
    expect(tableSummary([], 'All events')).toMatchObject({ tables: 0, guests: 0 })
  })
})

describe('the texts staff read and copy', () => {
  it('shows a stored date and time readably, and free text as it is', () => {
    expect(eventWhen({ eventDate: '2026-12-10', eventTime: '19:30' })).toBe('Thursday, 10 December 2026 at 7:30 PM')
    expect(eventWhen({ eventDate: 'Friday 5th December', eventTime: '7:30pm' })).toBe('Friday 5th December at 7:30pm')
    expect(eventWhen({ eventDate: null, eventTime: null })).toBe('Date not given')
    expect(enquiryText(enquiry({ name: 'Ann', partySize: 1, specialRequests: 'Window seat' }))).toContain('Party size: 1 person\nStatus: Pending\nSpecial requests: Window seat')
  })
})

describe('inSeenOrder', () => {
  it('keeps a card where staff saw it after its status changes, and puts new enquiries first', () => {
    const first = enquiry({ name: 'first', createdAt: '2026-11-20T12:00:00.000Z' })
    const second = enquiry({ name: 'second', createdAt: '2026-11-19T12:00:00.000Z' })
    const seen = filterEnquiries([first, second], DEFAULT_ENQUIRY_FILTERS, '2026-11-21', LONDON).map((e) => e.id)
    expect(seen).toEqual([first.id, second.id])
    // Confirmed, the first sorts after the pending second; new arrivals are not hidden below.
    const confirmed = { ...first, status: 'confirmed' as const }
    const arrived = enquiry({ name: 'new', createdAt: '2026-11-21T09:00:00.000Z' })
    const sorted = filterEnquiries([confirmed, second, arrived], DEFAULT_ENQUIRY_FILTERS, '2026-11-21', LONDON)
    expect(names(sorted)).toEqual(['new', 'second', 'first'])
    expect(names(inSeenOrder(sorted, seen))).toEqual(['new', 'first', 'second'])
  })
})
