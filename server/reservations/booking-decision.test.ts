import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { availableSlots, type ActiveBooking, type DateException, type WeeklyHours } from '#common/availability'
import { EVENT_FULL_MESSAGE, GUEST_LIMIT_MESSAGE, slotUnavailableMessage } from '#common/reservation-schema'
import { holdsOf, preparePlan, type TableHold } from '#common/tables'
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

// Saturdays split into lunch (its own pacing of 6) and dinner (the setting's 20): issue 36.
const SPLIT: WeeklyHours[] = [
  {
    dayOfWeek: 6,
    openTime: '12:00',
    closeTime: '23:00',
    isClosed: false,
    services: [
      { name: 'Lunch', startTime: '12:00', endTime: '14:30', maxCoversPerSlot: 6 },
      { name: 'Dinner', startTime: '17:30', endTime: '21:00' },
    ],
  },
]

/** Booking services (issue 36): a time between services never starts; each service paces its own arrivals. */
const SERVICE_CASES: Case[] = [
  { rule: 'refuses a time between lunch and dinner', request: { startTime: '15:00' }, day: { weekly: SPLIT }, expected: 'between_services' },
  { rule: 'refuses a time after dinner within the hours', request: { startTime: '21:00' }, day: { weekly: SPLIT }, expected: 'between_services' },
  { rule: 'takes times within lunch and dinner', request: { startTime: '14:00' }, day: { weekly: SPLIT }, expected: 'confirmed' },
  { rule: "refuses over lunch's own pacing", request: { startTime: '12:30', partySize: 4 }, day: { weekly: SPLIT, bookings: [booked('12:30', 4)] }, expected: 'pacing' },
  { rule: "gives dinner the setting's pacing", request: { startTime: '19:30', partySize: 4 }, day: { weekly: SPLIT, bookings: [booked('19:30', 14)] }, expected: 'confirmed' },
  { rule: "refuses over the setting's pacing at dinner", request: { startTime: '19:30', partySize: 4 }, day: { weekly: SPLIT, bookings: [booked('19:30', 17)] }, expected: 'pacing' },
]

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

  it.each(SERVICE_CASES)('$rule (services)', ({ request, day: over, rules, now, expected }) => {
    const decision = decideBooking(ask(request), day(over), { ...RULES, ...rules }, now ?? NOW)
    expect(decision.outcome === 'accepted' ? decision.status : decision.reason.code).toBe(expected)
  })

  it('names the services when a time falls between them', () => {
    expect(decideBooking(ask({ startTime: '15:00' }), day({ weekly: SPLIT }), RULES, NOW)).toEqual({
      outcome: 'refused',
      reason: { code: 'between_services', message: 'We take bookings 12:00 PM–2:30 PM and 5:30 PM–9:00 PM on this day' },
    })
    // availableSlots agrees: lunch and dinner only, lunch paced by its own 6.
    const slots = availableSlots({ date: '2026-11-21', partySize: 4, now: NOW, timeZone: 'Europe/London', weekly: SPLIT, exceptions: [], bookings: [booked('12:30', 4)], rules: RULES })
    expect(slots).toEqual(['12:00', '13:00', '13:30', '14:00', '17:30', '18:00', '18:30', '19:00', '19:30', '20:00', '20:30'])
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

describe('decideBooking: a venue with tables (issue 34)', () => {
  // Restaurant T1 (2), T2 (4), T3 (4), 'T2 + T3' for 5-6; Garden G1 (4); turn times 1-2: 90, 3-4: 120, 5+: 150.
  const plan = preparePlan({
    areas: [
      { id: 1, name: 'Restaurant', sortOrder: 0, onlineBookable: true, isActive: true },
      { id: 2, name: 'Garden', sortOrder: 1, onlineBookable: true, isActive: true },
    ],
    tables: [
      { id: 1, name: 'T1', areaId: 1, minCovers: 1, maxCovers: 2, onlineBookable: true, isActive: true, sortOrder: 1 },
      { id: 2, name: 'T2', areaId: 1, minCovers: 1, maxCovers: 4, onlineBookable: true, isActive: true, sortOrder: 2 },
      { id: 3, name: 'T3', areaId: 1, minCovers: 1, maxCovers: 4, onlineBookable: true, isActive: true, sortOrder: 3 },
      { id: 4, name: 'G1', areaId: 2, minCovers: 1, maxCovers: 4, onlineBookable: true, isActive: true, sortOrder: 1 },
    ],
    combinations: [{ id: 10, name: 'T2 + T3', areaId: 1, minCovers: 5, maxCovers: 6, onlineBookable: true, isActive: true, sortOrder: 0, tableIds: [2, 3] }],
    turnTimes: [
      { minParty: 1, maxParty: 2, durationMinutes: 90, weekday: null },
      { minParty: 3, maxParty: 4, durationMinutes: 120, weekday: null },
      { minParty: 5, maxParty: 20, durationMinutes: 150, weekday: null },
    ],
  })
  const held = (reservationId: number, tableIds: number[], startTime: string, minutes: number) => holdsOf(reservationId, tableIds, startTime, minutes)
  const tablesDay = (holds: TableHold[] = [], closedAreaIds: number[] = [], over: Partial<TableDay> = {}): TableDay =>
    day({ tables: { plan, holds, closedAreaIds }, ...over })

  type TablesCase = { rule: string; request?: Partial<BookingRequest>; holds?: TableHold[]; closed?: number[]; over?: Partial<TableDay>; rules?: Partial<BookingRules>; expected: string; tables?: number[]; minutes?: number }
  const CASES: TablesCase[] = [
    { rule: 'seats a couple at the two-top for 90 minutes', expected: 'confirmed', tables: [1], minutes: 90 },
    { rule: 'seats a party of 6 at the combination for 150 minutes', request: { partySize: 6 }, expected: 'confirmed', tables: [2, 3], minutes: 150 },
    { rule: 'has no covers limit: tables decide', over: { bookings: [booked('19:00', 19), booked('18:30', 60)] }, rules: { maxCoversPerSlot: 0 }, expected: 'confirmed', tables: [1] },
    { rule: 'keeps the pacing limit', over: { bookings: [booked('19:00', 19)] }, expected: 'pacing' },
    { rule: 'refuses when each fitting table is held at some moment of the visit', request: { partySize: 6 }, holds: held(7, [3], '20:30', 90), expected: 'tables_taken' },
    { rule: 'takes a table freed exactly as the visit starts', request: { partySize: 6 }, holds: held(7, [3], '17:00', 120), expected: 'confirmed', tables: [2, 3] },
    { rule: 'refuses a party of 5 when the combination has a table held', request: { partySize: 5 }, holds: held(7, [2], '19:00', 120), expected: 'tables_taken' },
    { rule: 'refuses 7 when nothing seats 7 and 7 is confirmed at once', request: { partySize: 7 }, rules: { autoConfirmMaxParty: 8 }, expected: 'no_table_fits' },
    { rule: 'takes 7 as a pending request without a table when staff confirm 7', request: { partySize: 7 }, expected: 'pending', tables: [], minutes: 150 },
    { rule: 'says the tables are taken when those open are held and the rest closed', request: { partySize: 4 }, holds: held(7, [2, 3], '19:00', 120), closed: [2], expected: 'tables_taken' },
    { rule: 'says area_closed when every table that fits is in a closed area', request: { partySize: 3 }, closed: [1, 2], expected: 'area_closed' },
    { rule: 'still refuses the closed day first', request: { date: '2026-11-23' }, expected: 'closed' },
    { rule: 'still refuses the duplicate first', over: { duplicate: true }, expected: 'duplicate' },
  ]
  it.each(CASES)('$rule', ({ request, holds, closed, over, rules, expected, tables, minutes }) => {
    const decision = decideBooking(ask(request), tablesDay(holds, closed, over), { ...RULES, ...rules }, NOW)
    expect(decision.outcome === 'accepted' ? decision.status : decision.reason.code).toBe(expected)
    if (tables && decision.outcome === 'accepted') expect(decision.seated?.tableIds).toEqual(tables)
    if (minutes && decision.outcome === 'accepted') expect(decision.seated?.durationMinutes).toBe(minutes)
  })

  it('names the bookings holding the fitting tables, and gives the guest only the slot message', () => {
    const decision = decideBooking(ask({ partySize: 6 }), tablesDay([...held(7, [2], '18:00', 120), ...held(8, [3], '20:00', 90)]), RULES, NOW)
    expect(decision).toEqual({ outcome: 'refused', reason: { code: 'tables_taken', message: slotUnavailableMessage('7:00 PM', 6), heldBy: [7, 8] } })
  })

  it('accepts exactly the times availability offers, for any holds, closures, party and moment', () => {
    const time = fc.integer({ min: 24, max: 46 }).map((h) => `${String(Math.floor(h / 2)).padStart(2, '0')}:${h % 2 ? '30' : '00'}`)
    fc.assert(
      fc.property(
        fc.array(fc.record({ table: fc.integer({ min: 1, max: 4 }), start: time, minutes: fc.constantFrom(60, 90, 120, 150), id: fc.nat(50) }), { maxLength: 12 }),
        fc.subarray([1, 2]),
        fc.integer({ min: 1, max: 9 }),
        fc.integer({ min: 0, max: 30 * 60 }),
        fc.record({ maxCoversPerSlot: fc.constantFrom(0, 6, 20), autoConfirmMaxParty: fc.constantFrom(4, 6, 20) }),
        (holdList, closed, partySize, minutesFromNow, over) => {
          const rules = { ...RULES, ...over }
          const holds = holdList.flatMap((h) => held(h.id, [h.table], h.start, h.minutes))
          const bookings = holdList.map((h) => booked(h.start, 2))
          const now = new Date(NOW.getTime() - 3 * 3_600_000 + minutesFromNow * 60_000)
          const date = '2026-11-18'
          const tables = { plan, holds, closedAreaIds: closed }
          const offered = new Set(availableSlots({ date, partySize, now, timeZone: rules.timeZone, rules, weekly: WEEK, exceptions: [], bookings, tables }))
          for (let h = 24; h < 44; h++) {
            const startTime = `${String(Math.floor(h / 2)).padStart(2, '0')}:${h % 2 ? '30' : '00'}`
            const decision = decideBooking({ date, startTime, partySize }, { weekly: WEEK, exceptions: [], bookings, duplicate: false, tables }, rules, now)
            expect(decision.outcome === 'accepted', `${startTime}`).toBe(offered.has(startTime))
          }
        },
      ),
      { numRuns: 300 },
    )
  })
})
