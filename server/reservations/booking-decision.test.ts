import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { availableSlots, type ActiveBooking, type DateException, type WeeklyHours } from '#common/availability'
import { EVENT_FULL_MESSAGE, GUEST_LIMIT_MESSAGE, slotUnavailableMessage } from '#common/reservation-schema'
import { formatTime12 } from '#common/time'
import { decideBooking, type BookingRequest, type BookingRules, type EventDay, type GuestCounts, type RefusalCode, type TableDay } from './booking-decision'

const RULES: BookingRules = {
  capacityCovers: 60,
  durationMinutes: 120,
  maxCoversPerSlot: 20,
  autoConfirmMaxParty: 6,
  minNoticeMinutes: 60,
  maxDaysAhead: 120,
  timeZone: 'Europe/London',
}
// Wednesday 18 November 2026, 15:00 in London (GMT).
const NOW = new Date('2026-11-18T15:00:00Z')
// Wednesdays and Saturdays open; Mondays closed; every other weekday has no row.
const WEEK: WeeklyHours[] = [
  { dayOfWeek: 1, openTime: null, closeTime: null, isClosed: true },
  { dayOfWeek: 3, openTime: '12:00', closeTime: '22:00', isClosed: false },
  { dayOfWeek: 6, openTime: '12:00', closeTime: '23:00', isClosed: false },
]
const closedOn = (date: string): DateException => ({ date, openTime: null, closeTime: null, isClosed: true })
const booked = (startTime: string, partySize: number): ActiveBooking => ({ startTime, partySize })

const day = (over: Partial<TableDay> = {}): TableDay => ({ weekly: WEEK, exceptions: [], bookings: [], duplicate: false, ...over })
const ask = (over: Partial<BookingRequest> = {}): BookingRequest => ({ date: '2026-11-21', startTime: '19:00', partySize: 2, ...over })

type Case = { rule: string; request?: Partial<BookingRequest>; day?: Partial<TableDay>; rules?: Partial<BookingRules>; now?: Date; expected: 'confirmed' | 'pending' | RefusalCode }

const TABLE_CASES: Case[] = [
  { rule: 'confirms a party of 2 on an open evening', expected: 'confirmed' },
  { rule: 'confirms a party of 6, the largest confirmed at once', request: { partySize: 6 }, expected: 'confirmed' },
  { rule: 'keeps a party of 7 pending for staff', request: { partySize: 7 }, expected: 'pending' },
  { rule: 'keeps any party pending when auto-confirm is 0', rules: { autoConfirmMaxParty: 0 }, expected: 'pending' },
  { rule: 'refuses a closed weekday', request: { date: '2026-11-23' }, expected: 'closed' },
  { rule: 'refuses a weekday with no hours at all', request: { date: '2026-11-20' }, expected: 'closed' },
  { rule: 'refuses a date closed by an exception', day: { exceptions: [closedOn('2026-11-21')] }, expected: 'closed' },
  { rule: 'refuses a time that is not on the half hour', request: { startTime: '19:15' }, expected: 'closed' },
  { rule: 'refuses a time at closing (the last slot starts before it)', request: { startTime: '23:00' }, expected: 'closed' },
  { rule: 'refuses a slot that started earlier today', request: { date: '2026-11-18', startTime: '13:30' }, expected: 'past' },
  { rule: 'refuses a date gone by', request: { date: '2026-11-14' }, expected: 'past' },
  { rule: 'refuses a slot within the minimum notice', request: { date: '2026-11-18', startTime: '15:30' }, expected: 'notice' },
  { rule: 'takes a slot exactly the notice away', request: { date: '2026-11-18', startTime: '16:00' }, expected: 'confirmed' },
  { rule: 'takes a slot starting now when no notice is asked', request: { date: '2026-11-18', startTime: '15:00' }, rules: { minNoticeMinutes: 0 }, expected: 'confirmed' },
  { rule: 'refuses a date beyond the horizon', request: { date: '2027-03-20' }, expected: 'horizon' },
  { rule: 'takes the last date of the horizon', request: { date: '2027-03-17' }, expected: 'confirmed' },
  {
    rule: 'refuses a party the covers cannot seat at one of its half hours',
    day: { bookings: [booked('18:00', 20), booked('18:30', 20), booked('19:30', 16)] },
    request: { startTime: '19:00', partySize: 5 },
    expected: 'capacity',
  },
  {
    rule: 'seats a party that fills the covers exactly',
    day: { bookings: [booked('18:00', 20), booked('18:30', 20), booked('19:30', 16)] },
    request: { startTime: '19:00', partySize: 4 },
    expected: 'confirmed',
  },
  { rule: 'refuses more arrivals than the pacing limit in one slot', day: { bookings: [booked('19:00', 18)] }, request: { partySize: 3 }, expected: 'pacing' },
  { rule: 'has no pacing limit at 0', day: { bookings: [booked('19:00', 18)] }, request: { partySize: 3 }, rules: { maxCoversPerSlot: 0 }, expected: 'confirmed' },
  { rule: "refuses the guest's second booking at the same time", day: { duplicate: true }, expected: 'duplicate' },
  { rule: 'names the duplicate before any other reason', day: { duplicate: true, exceptions: [closedOn('2026-11-21')] }, expected: 'duplicate' },
]

describe('decideBooking: a table', () => {
  it.each(TABLE_CASES)('$rule', ({ request, day: over, rules, now, expected }) => {
    const decision = decideBooking(ask(request), day(over), { ...RULES, ...rules }, now ?? NOW)
    expect(decision.outcome === 'accepted' ? decision.status : decision.reason.code).toBe(expected)
  })

  it("gives every slot reason the same words, naming the time and party, so a refusal tells nothing of others' bookings", () => {
    const slotReasons = TABLE_CASES.filter((c) => !['confirmed', 'pending', 'duplicate'].includes(c.expected))
    for (const c of slotReasons) {
      const decision = decideBooking(ask(c.request), day(c.day), { ...RULES, ...c.rules }, NOW)
      const request = ask(c.request)
      expect(decision).toEqual({
        outcome: 'refused',
        reason: { code: c.expected, message: slotUnavailableMessage(formatTime12(request.startTime), request.partySize) },
      })
    }
    // A duplicate gets the same words as a full time: the form never tells a stranger that another person has a booking then.
    expect(decideBooking(ask(), day({ duplicate: true }), RULES, NOW)).toEqual({
      outcome: 'refused',
      reason: { code: 'duplicate', message: slotUnavailableMessage(formatTime12(ask().startTime), ask().partySize) },
    })
  })

  describe('the limits of one guest on a date (from the public form)', () => {
    const LIMITED = { ...RULES, guestLimits: { perGuest: 3, perAddress: 5 } }
    const counts = (over: Partial<GuestCounts> = {}): GuestCounts => ({ byEmail: 0, byPhone: 0, byClient: 0, ...over })
    it.each([
      { held: counts({ byEmail: 2, byPhone: 2, byClient: 4 }), expected: 'confirmed' },
      { held: counts({ byEmail: 3 }), expected: 'guest_limit' },
      { held: counts({ byPhone: 3 }), expected: 'guest_limit' },
      { held: counts({ byClient: 4 }), expected: 'confirmed' },
      { held: counts({ byClient: 5 }), expected: 'guest_limit' },
    ])('with $held held, answers $expected', ({ held, expected }) => {
      const decision = decideBooking(ask(), day({ guest: held }), LIMITED, NOW)
      expect(decision.outcome === 'accepted' ? decision.status : decision.reason.code).toBe(expected)
    })
    it('says so in one message whichever key reached it, naming the date', () => {
      for (const held of [counts({ byEmail: 3 }), counts({ byPhone: 3 }), counts({ byClient: 5 })]) {
        expect(decideBooking(ask(), day({ guest: held }), LIMITED, NOW)).toEqual({
          outcome: 'refused',
          reason: { code: 'guest_limit', message: GUEST_LIMIT_MESSAGE('Saturday, 21 November 2026') },
        })
      }
    })
    it('limits an event table too, and nobody when no limits are given (staff, a guest moving their own booking)', () => {
      expect(decideBooking(ask({ event: { title: 'Quiz', capacity: null } }), { duplicate: false, covers: 0, guest: counts({ byEmail: 3 }) }, LIMITED, NOW)).toMatchObject({
        reason: { code: 'guest_limit' },
      })
      expect(decideBooking(ask(), day({ guest: counts({ byEmail: 30 }) }), RULES, NOW)).toMatchObject({ outcome: 'accepted' })
    })
  })

  it('refuses the hour the clocks skip in March, and takes the hour they repeat in October', () => {
    const openAllDay = (date: string): DateException => ({ date, openTime: '00:00', closeTime: '04:00', isClosed: false })
    const march = { date: '2027-03-28', startTime: '01:30' }
    const october = { date: '2026-10-25', startTime: '01:30' }
    expect(decideBooking(ask(march), day({ exceptions: [openAllDay(march.date)] }), RULES, new Date('2027-03-20T12:00:00Z'))).toMatchObject({ reason: { code: 'closed' } })
    expect(decideBooking(ask(october), day({ exceptions: [openAllDay(october.date)] }), RULES, new Date('2026-10-20T12:00:00Z'))).toMatchObject({ outcome: 'accepted' })
  })
})

describe('decideBooking: an event', () => {
  const event = { title: 'Quiz Night', capacity: 30 }
  const eventDay = (over: Partial<EventDay> = {}): EventDay => ({ duplicate: false, covers: 0, ...over })
  const cases: { rule: string; partySize: number; day: Partial<EventDay>; capacity?: number | null; expected: 'confirmed' | 'pending' | RefusalCode }[] = [
    { rule: 'confirms a table while the event has room', partySize: 4, day: { covers: 26 }, expected: 'confirmed' },
    { rule: "refuses a table over the event's capacity", partySize: 5, day: { covers: 26 }, expected: 'event_capacity' },
    { rule: 'has no limit when the event has no capacity', partySize: 5, day: { covers: 500 }, capacity: null, expected: 'confirmed' },
    { rule: 'keeps a party of 7 pending', partySize: 7, day: { covers: 0 }, expected: 'pending' },
    { rule: "refuses the guest's second booking of the event", partySize: 2, day: { duplicate: true }, expected: 'duplicate' },
  ]
  it.each(cases)('$rule', ({ partySize, day: over, capacity, expected }) => {
    const request = ask({ partySize, event: { ...event, capacity: capacity === undefined ? event.capacity : capacity } })
    const decision = decideBooking(request, eventDay(over), RULES, NOW)
    expect(decision.outcome === 'accepted' ? decision.status : decision.reason.code).toBe(expected)
  })

  it("says the event's name and the party in its refusal", () => {
    expect(decideBooking(ask({ partySize: 5, event }), eventDay({ covers: 26 }), RULES, NOW)).toEqual({
      outcome: 'refused',
      reason: { code: 'event_capacity', message: EVENT_FULL_MESSAGE('Quiz Night', 5) },
    })
  })

  it("ignores the venue's hours: an event is booked at its own time", () => {
    expect(decideBooking(ask({ date: '2026-11-23', startTime: '08:15', event }), eventDay(), RULES, NOW)).toMatchObject({ outcome: 'accepted' })
  })
})

describe('decideBooking and the offered times', () => {
  it('accepts exactly the times availability offers, for any day, party and moment', () => {
    const time = fc.integer({ min: 0, max: 47 }).map((h) => `${String(Math.floor(h / 2)).padStart(2, '0')}:${h % 2 ? '30' : '00'}`)
    fc.assert(
      fc.property(
        fc.array(fc.record({ startTime: time, partySize: fc.integer({ min: 1, max: 20 }) }), { maxLength: 40 }),
        fc.integer({ min: 1, max: 20 }),
        fc.integer({ min: 0, max: 3 }),
        fc.integer({ min: 0, max: 36 * 60 }),
        fc.record({ capacityCovers: fc.integer({ min: 10, max: 80 }), maxCoversPerSlot: fc.integer({ min: 0, max: 30 }), durationMinutes: fc.constantFrom(30, 90, 120, 180) }),
        (bookings, partySize, daysAhead, minutesFromNow, over) => {
          const rules = { ...RULES, ...over }
          const date = ['2026-11-18', '2026-11-21', '2026-11-25', '2027-03-17'][daysAhead]!
          const now = new Date(NOW.getTime() - 15 * 3_600_000 + minutesFromNow * 60_000)
          const offered = new Set(availableSlots({ date, partySize, now, timeZone: rules.timeZone, rules, weekly: WEEK, exceptions: [], bookings }))
          for (let h = 0; h < 48; h++) {
            const startTime = `${String(Math.floor(h / 2)).padStart(2, '0')}:${h % 2 ? '30' : '00'}`
            const decision = decideBooking({ date, startTime, partySize }, { weekly: WEEK, exceptions: [], bookings, duplicate: false }, rules, now)
            expect(decision.outcome === 'accepted', `${date} ${startTime}`).toBe(offered.has(startTime))
          }
        },
      ),
      { numRuns: 300 },
    )
  })
})
