import { describe, expect, it } from 'vitest'
import type { AdminEvent } from '#common/event-schema'
import { bookedLine, eventTimes } from './event-card'
import { FILTER_OPTIONS, filterEvents, isFiltered, NO_FILTERS } from './event-filters'

let n = 0
const event = (over: Partial<AdminEvent>): AdminEvent =>
  ({ id: ++n, title: `Event ${n}`, date: '2026-12-10', time: '19:30', endTime: null, type: 'special_event', status: 'published', bookingType: 'table', capacity: null, guestsBooked: 0, ...over }) as AdminEvent
const titles = (list: AdminEvent[]) => list.map((e) => e.title)

describe('filterEvents', () => {
  const list = [
    event({ title: 'January quiz', date: '2027-01-14', type: 'quiz_night', bookingType: 'enquiry', status: 'draft' }),
    event({ title: 'December music', date: '2026-12-04', type: 'live_music' }),
    event({ title: 'Last January', date: '2026-01-09', type: 'live_music', status: 'cancelled' }),
  ]
  it('matches a month by its index 0-11 in any year', () => {
    expect(FILTER_OPTIONS.month.map((o) => o.label).slice(0, 3)).toEqual(['All', 'January', 'February'])
    expect(titles(filterEvents(list, { ...NO_FILTERS, month: '0' }))).toEqual(['January quiz', 'Last January'])
    expect(titles(filterEvents(list, { ...NO_FILTERS, month: '11' }))).toEqual(['December music'])
  })
  it('combines status, event type and booking type', () => {
    expect(titles(filterEvents(list, { ...NO_FILTERS, type: 'live_music', status: 'cancelled' }))).toEqual(['Last January'])
    expect(titles(filterEvents(list, { ...NO_FILTERS, booking: 'enquiry-booking' }))).toEqual(['January quiz'])
    expect(titles(filterEvents(list, { ...NO_FILTERS, booking: 'table-booking', status: 'draft' }))).toEqual([])
    expect(filterEvents(list, NO_FILTERS)).toHaveLength(3)
    expect(isFiltered(NO_FILTERS)).toBe(false)
    expect(isFiltered({ ...NO_FILTERS, type: 'quiz_night' })).toBe(true)
  })
})

describe('the card', () => {
  it('shows 12-hour times and the guests booked of the capacity', () => {
    expect(eventTimes({ time: '19:30', endTime: '23:00' })).toBe('7:30 PM – 11:00 PM')
    expect(eventTimes({ time: '12:00', endTime: null })).toBe('12:00 PM')
    expect(bookedLine({ guestsBooked: 12, capacity: 40 })).toBe('12 / 40 guests booked')
    expect(bookedLine({ guestsBooked: 1, capacity: null })).toBe('1 guest booked')
  })
})
