import { describe, expect, it } from 'vitest'
import {
  availableSlots,
  bookingTimesOf,
  bookingTimesOn,
  bookingHoursFor,
  fitsCovers,
  fitsPacing,
  isDayDisabled,
  lastBookableDate,
  meetsNotice,
  partyFits,
  peakSeated,
  slotTimes,
  startingInSlot,
  startsThatMatter,
  timesTaken,
  zonedInstant,
  type ActiveBooking,
  type DateException,
  type SlotQuery,
  type WeeklyHours,
} from './availability'
import { todayIn } from './time'

const TZ = 'Europe/London'

/** The demo venue's week: Mon+Tue closed, Wed/Thu 16-22:30, Fri 16-23:30, Sat 12-23:30, Sun 12-19:30. */
function givenWeek(overrides: Partial<Record<number, [string, string] | 'closed' | 'missing'>> = {}): WeeklyHours[] {
  const base: Record<number, [string, string] | 'closed' | 'missing'> = {
    0: ['12:00', '19:30'],
    1: 'closed',
    2: 'closed',
    3: ['16:00', '22:30'],
    4: ['16:00', '22:30'],
    5: ['16:00', '23:30'],
    6: ['12:00', '23:30'],
    ...overrides,
  }
  return Object.entries(base).flatMap(([day, v]): WeeklyHours[] => {
    if (v === 'missing') return []
    if (v === 'closed') return [{ dayOfWeek: Number(day), openTime: null, closeTime: null, isClosed: true }]
    return [{ dayOfWeek: Number(day), openTime: v[0], closeTime: v[1], isClosed: false }]
  })
}
const closedOn = (date: string): DateException => ({ date, openTime: null, closeTime: null, isClosed: true })
const openOn = (date: string, open: string, close: string): DateException => ({
  date,
  openTime: open,
  closeTime: close,
  isClosed: false,
})
const booking = (startTime: string, partySize: number): ActiveBooking => ({ startTime, partySize })

const RULES = {
  capacityCovers: 60,
  durationMinutes: 120,
  maxCoversPerSlot: 20,
  minNoticeMinutes: 60,
  maxDaysAhead: 120,
}
function query(over: Partial<SlotQuery> = {}): SlotQuery {
  return {
    date: '2026-12-05',
    partySize: 2,
    now: new Date('2026-11-21T12:00:00Z'),
    timeZone: TZ,
    weekly: givenWeek(),
    exceptions: [],
    bookings: [],
    rules: RULES,
    ...over,
  }
}

describe('booking hours of a date', () => {
  it('uses the weekday row when there is no exception', () => {
    expect(bookingHoursFor('2026-12-05', givenWeek(), [])).toEqual({ open: '12:00', close: '23:30' })
  })
  it('lets an exception override the weekday row', () => {
    expect(bookingHoursFor('2026-12-05', givenWeek(), [openOn('2026-12-05', '18:00', '21:00')])).toEqual({
      open: '18:00',
      close: '21:00',
    })
  })
  it('gives no hours on a closed exception, even on an open weekday', () => {
    expect(bookingHoursFor('2026-12-05', givenWeek(), [closedOn('2026-12-05')])).toBeNull()
  })
  it('opens a normally closed weekday when an open exception says so', () => {
    expect(bookingHoursFor('2026-12-07', givenWeek(), [openOn('2026-12-07', '12:00', '15:00')])).toEqual({
      open: '12:00',
      close: '15:00',
    })
  })
  it('gives no hours on a closed weekday or a weekday without a row', () => {
    expect(bookingHoursFor('2026-12-07', givenWeek(), [])).toBeNull()
    expect(bookingHoursFor('2026-12-05', givenWeek({ 6: 'missing' }), [])).toBeNull()
  })
  it('ignores an exception for another date', () => {
    expect(bookingHoursFor('2026-12-05', givenWeek(), [closedOn('2026-12-06')])).not.toBeNull()
  })
})

describe('30-minute slots', () => {
  it('starts each slot strictly before a close on the hour', () => {
    expect(slotTimes({ open: '16:00', close: '21:00' })).toEqual([
      '16:00',
      '16:30',
      '17:00',
      '17:30',
      '18:00',
      '18:30',
      '19:00',
      '19:30',
      '20:00',
      '20:30',
    ])
  })
  it('handles a close on the half hour', () => {
    const slots = slotTimes({ open: '12:00', close: '19:30' })
    expect(slots[0]).toBe('12:00')
    expect(slots.at(-1)).toBe('19:00')
    expect(slots).toHaveLength(15)
  })
  it('gives no slots without hours or when close is not after open', () => {
    expect(slotTimes(null)).toEqual([])
    expect(slotTimes({ open: '18:00', close: '18:00' })).toEqual([])
  })
})

describe("the calendar's disabled days", () => {
  const today = '2026-11-21'
  it('disables past days', () => {
    expect(isDayDisabled('2026-11-20', today, givenWeek(), [])).toBe(true)
    expect(isDayDisabled('2026-11-21', today, givenWeek(), [])).toBe(false)
  })
  it('disables closed weekdays and weekdays with no row', () => {
    expect(isDayDisabled('2026-11-23', today, givenWeek(), [])).toBe(true) // Monday
    expect(isDayDisabled('2026-11-24', today, givenWeek(), [])).toBe(true) // Tuesday
    expect(isDayDisabled('2026-11-25', today, givenWeek({ 3: 'missing' }), [])).toBe(true)
  })
  it('disables a closed exception on an open weekday', () => {
    expect(isDayDisabled('2026-11-28', today, givenWeek(), [closedOn('2026-11-28')])).toBe(true)
  })
  it('enables an open exception on a normally closed weekday', () => {
    expect(isDayDisabled('2026-11-23', today, givenWeek(), [openOn('2026-11-23', '12:00', '16:00')])).toBe(false)
  })
  it('keeps a past day disabled whatever its exception says', () => {
    expect(isDayDisabled('2026-11-20', today, givenWeek(), [openOn('2026-11-20', '12:00', '16:00')])).toBe(true)
  })
})

describe('minimum notice for today', () => {
  // 2026-11-21 is a Saturday, open 12:00-23:30; 12:00 UTC is 12:00 in London (GMT).
  it("drops today's slots that start within the notice", () => {
    const slots = availableSlots(query({ date: '2026-11-21' }))
    expect(slots[0]).toBe('13:00')
    expect(slots).not.toContain('12:30')
  })
  it('keeps a slot that starts exactly at the notice', () => {
    expect(meetsNotice('2026-11-21', '13:00', new Date('2026-11-21T12:00:00Z'), TZ, 60)).toBe(true)
    expect(meetsNotice('2026-11-21', '12:30', new Date('2026-11-21T12:00:00Z'), TZ, 60)).toBe(false)
  })
  it('gives no slots on a past date', () => {
    expect(availableSlots(query({ date: '2026-11-14' }))).toEqual([])
  })
  it('gives no slots once the last one of today is inside the notice', () => {
    expect(availableSlots(query({ date: '2026-11-21', now: new Date('2026-11-21T22:31:00Z') }))).toEqual([])
  })
})

describe('booking horizon', () => {
  it('books the last day of the horizon and nothing after it', () => {
    expect(lastBookableDate(new Date('2026-11-21T12:00:00Z'), TZ, 120)).toBe('2027-03-21')
    // 2027-03-20 is a Saturday (inside), 2027-03-27 a Saturday (outside).
    expect(availableSlots(query({ date: '2027-03-20' })).length).toBeGreaterThan(0)
    expect(availableSlots(query({ date: '2027-03-27' }))).toEqual([])
  })
})

describe('covers capacity over the booking duration', () => {
  const rules = { capacityCovers: 10, durationMinutes: 120, maxCoversPerSlot: 0 }
  it('counts every booking that overlaps a block the new one would hold', () => {
    // 18:00 (6) and 19:00 (2) both overlap 19:00-19:30; a party of 3 at 19:00 makes 11.
    const bookings = [booking('18:00', 6), booking('19:00', 2)]
    expect(fitsCovers('19:00', 2, bookings, rules)).toBe(true)
    expect(fitsCovers('19:00', 3, bookings, rules)).toBe(false)
  })
  it('frees the seats once a booking has ended', () => {
    // 18:00 for 120 minutes ends at 20:00.
    expect(fitsCovers('20:00', 10, [booking('18:00', 10)], rules)).toBe(true)
    expect(fitsCovers('19:30', 1, [booking('18:00', 10)], rules)).toBe(false)
  })
  it('refuses a booking that would collide with a later one', () => {
    // A party starting at 17:00 still sits at 18:30 when the 18:30 party of 8 arrives.
    expect(fitsCovers('17:00', 3, [booking('18:30', 8)], rules)).toBe(false)
    expect(fitsCovers('16:00', 3, [booking('18:30', 8)], rules)).toBe(true)
  })
  it('hides full slots from the list', () => {
    const slots = availableSlots(
      query({ bookings: [booking('19:00', 10)], rules: { ...RULES, capacityCovers: 10, maxCoversPerSlot: 0 } }),
    )
    expect(slots).toContain('17:00')
    expect(slots).not.toContain('17:30')
    expect(slots).not.toContain('20:30')
    expect(slots).toContain('21:00')
  })
})

describe('pacing per slot', () => {
  it('limits the guests who start in one slot', () => {
    const rules = { capacityCovers: 100, durationMinutes: 120, maxCoversPerSlot: 20 }
    const bookings = [booking('19:00', 12), booking('19:30', 8)]
    expect(fitsPacing('19:00', 8, bookings, rules)).toBe(true)
    expect(fitsPacing('19:00', 9, bookings, rules)).toBe(false)
    expect(partyFits('19:00', 9, bookings, rules)).toBe(false)
  })
  it('does not limit when the pacing is 0', () => {
    expect(fitsPacing('19:00', 50, [booking('19:00', 50)], { capacityCovers: 200, durationMinutes: 120, maxCoversPerSlot: 0 })).toBe(
      true,
    )
  })
})

describe('the bookings that can matter to one start time', () => {
  it('reach a booking\'s duration and a slot either side, within the day', () => {
    expect(startsThatMatter('19:00', { durationMinutes: 120 })).toEqual({ from: '16:30', to: '21:30' })
    expect(startsThatMatter('12:00', { durationMinutes: 30 })).toEqual({ from: '11:00', to: '13:00' })
    expect(startsThatMatter('01:00', { durationMinutes: 240 })).toEqual({ from: '00:00', to: '05:30' })
    expect(startsThatMatter('22:00', { durationMinutes: 480 })).toEqual({ from: '13:30', to: '23:59' })
  })

  it('leave out only bookings that change nothing, for every duration and start time', () => {
    // Bookings at any minute of the day (staff can book off the half hour), from a fixed seed.
    let seed = 7
    const next = () => (seed = (seed * 48271) % 2147483647)
    const bookings = Array.from({ length: 400 }, () => {
      const minute = next() % (24 * 60)
      const time = `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`
      return booking(time, 1 + (next() % 8))
    })
    let checked = 0
    for (let durationMinutes = 30; durationMinutes <= 480; durationMinutes += 30) {
      for (let minute = 0; minute < 24 * 60; minute += 15) {
        const time = `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`
        const { from, to } = startsThatMatter(time, { durationMinutes })
        // As the database compares them: text, inclusive.
        const within = bookings.filter((b) => b.startTime >= from && b.startTime <= to)
        expect(peakSeated(time, within, { durationMinutes })).toBe(peakSeated(time, bookings, { durationMinutes }))
        expect(startingInSlot(time, within)).toBe(startingInSlot(time, bookings))
        checked++
      }
    }
    expect(checked).toBe(16 * 96)
  })
})

describe('British Summer Time changes', () => {
  // Clocks go forward at 01:00 UTC on Sunday 29 March 2026 and back at 01:00 UTC on Sunday 25 October 2026.
  it('knows the venue date around midnight either side of the changes', () => {
    expect(todayIn(new Date('2026-03-28T23:30:00Z'), TZ)).toBe('2026-03-28')
    expect(todayIn(new Date('2026-03-29T23:30:00Z'), TZ)).toBe('2026-03-30')
    expect(todayIn(new Date('2026-10-24T23:30:00Z'), TZ)).toBe('2026-10-25')
    expect(todayIn(new Date('2026-10-25T23:30:00Z'), TZ)).toBe('2026-10-25')
  })
  it('applies the notice in summer time on the day the clocks go forward', () => {
    // 11:30 UTC is 12:30 BST: with 60 minutes' notice the first Sunday slot is 13:30.
    const slots = availableSlots(query({ date: '2026-03-29', now: new Date('2026-03-29T11:30:00Z') }))
    expect(slots[0]).toBe('13:30')
  })
  it('applies the notice in winter time on the day the clocks go back', () => {
    // 11:30 UTC is 11:30 GMT: with 60 minutes' notice the first Sunday slot is 12:30.
    const slots = availableSlots(query({ date: '2026-10-25', now: new Date('2026-10-25T11:30:00Z') }))
    expect(slots[0]).toBe('12:30')
  })
  it('turns venue wall times into the right instants across both changes', () => {
    expect(zonedInstant('2026-03-28', '19:00', TZ)?.toISOString()).toBe('2026-03-28T19:00:00.000Z')
    expect(zonedInstant('2026-03-29', '19:00', TZ)?.toISOString()).toBe('2026-03-29T18:00:00.000Z')
    expect(zonedInstant('2026-10-24', '19:00', TZ)?.toISOString()).toBe('2026-10-24T18:00:00.000Z')
    expect(zonedInstant('2026-10-25', '19:00', TZ)?.toISOString()).toBe('2026-10-25T19:00:00.000Z')
  })
  it('skips the wall times that do not exist when clocks go forward', () => {
    expect(zonedInstant('2026-03-29', '01:30', TZ)).toBeNull()
    const slots = availableSlots(
      query({
        date: '2026-03-29',
        now: new Date('2026-03-20T12:00:00Z'),
        exceptions: [openOn('2026-03-29', '00:00', '03:00')],
      }),
    )
    expect(slots).toEqual(['00:00', '00:30', '02:00', '02:30'])
  })
  it('keeps the repeated hour once when clocks go back', () => {
    expect(zonedInstant('2026-10-25', '01:30', TZ)?.toISOString()).toBe('2026-10-25T00:30:00.000Z')
    const slots = availableSlots(
      query({
        date: '2026-10-25',
        now: new Date('2026-10-20T12:00:00Z'),
        exceptions: [openOn('2026-10-25', '00:00', '03:00')],
      }),
    )
    expect(slots).toEqual(['00:00', '00:30', '01:00', '01:30', '02:00', '02:30'])
  })
  it('measures the horizon in venue days across a change', () => {
    expect(lastBookableDate(new Date('2026-03-28T23:30:00Z'), TZ, 1)).toBe('2026-03-29')
    expect(lastBookableDate(new Date('2026-10-24T23:30:00Z'), TZ, 1)).toBe('2026-10-26')
  })
})

describe('process time zone', () => {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone
  it(`gives London answers with the process in ${zone}`, () => {
    expect(availableSlots(query({ date: '2026-11-21' }))[0]).toBe('13:00')
    expect(todayIn(new Date('2026-11-21T23:30:00Z'), TZ)).toBe('2026-11-21')
  })
})

describe('timesTaken', () => {
  const day = ['17:00', '17:30', '18:00', '18:30', '19:00', '19:30', '20:00', '20:30', '21:00', '21:30']

  it('gives the day’s times the slots leave out, in order', () => {
    expect(timesTaken(day, ['17:00', '17:30', '18:00', '21:00', '21:30'], false)).toEqual(['18:30', '19:00', '19:30', '20:00', '20:30'])
    expect(timesTaken(day, day, false)).toEqual([])
    expect(timesTaken(day, [], false)).toEqual(day)
  })

  it('on today counts only the times after the first offered: the earlier ones may have passed', () => {
    expect(timesTaken(day, ['19:00', '20:30', '21:00'], true)).toEqual(['19:30', '20:00', '21:30'])
    expect(timesTaken(day, ['19:00', '20:30', '21:00'], false)).toEqual(['17:00', '17:30', '18:00', '18:30', '19:30', '20:00', '21:30'])
  })
})

describe('bookingTimesOf and bookingTimesOn', () => {
  const weekly: WeeklyHours[] = [
    { dayOfWeek: 1, openTime: null, closeTime: null, isClosed: true },
    { dayOfWeek: 5, openTime: '16:00', closeTime: '18:00', isClosed: false },
    {
      dayOfWeek: 0,
      openTime: '12:00',
      closeTime: '20:00',
      isClosed: false,
      services: [
        { name: 'Lunch', startTime: '12:00', endTime: '13:00' },
        { name: 'Supper', startTime: '18:00', endTime: '19:00' },
      ],
    },
  ]
  const exceptions: DateException[] = [{ date: '2026-12-25', openTime: '12:00', closeTime: '13:30', isClosed: false }]
  const times = bookingTimesOf(weekly, exceptions)

  it('gives each day its services’ start times, none between them, and none on a closed day', () => {
    expect(times.weekly).toEqual({ 0: ['12:00', '12:30', '18:00', '18:30'], 1: [], 5: ['16:00', '16:30', '17:00', '17:30'] })
    expect(times.exceptions).toEqual({ '2026-12-25': ['12:00', '12:30', '13:00'] })
  })

  it('reads a date’s exception before its weekday, and nothing for a weekday without a row', () => {
    expect(bookingTimesOn('2026-12-04', times)).toEqual(['16:00', '16:30', '17:00', '17:30'])
    expect(bookingTimesOn('2026-12-06', times)).toEqual(['12:00', '12:30', '18:00', '18:30'])
    expect(bookingTimesOn('2026-12-25', times)).toEqual(['12:00', '12:30', '13:00'])
    expect(bookingTimesOn('2026-12-08', times)).toEqual([])
  })
})
