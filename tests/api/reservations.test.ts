import { and, eq, sql } from 'drizzle-orm'
import request from 'supertest'
import { beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { CreateReservationSchema, toPublicReservation } from '#common/reservation-schema'
import { BOOKING_SETTING_DEFAULTS } from '#common/settings'
import { emailOutbox, events, hourExceptions, marketingConsents, reservations } from '../../server/db/schema'
import { statusOf } from '../../server/http/errors'
import { countAttemptsQuery } from '../../server/rate-limits/attempts'
import { SITE_KEYS } from '../../server/rate-limits/challenge'
import { INTAKE_WAIT_MAX_MS } from '../../server/reservations/booking-batch'
import { createTestApp, type TestApp } from '../helpers/app'
import { heldBehindDate } from '../helpers/date-locks'
import { guestBooking } from '../helpers/guest-booking'

// Saturday 21 November 2026, 12:00 in London. Saturdays open 12:00-23:30, Mondays are closed.
let t: TestApp
beforeAll(async () => {
  // Behind a trusted proxy each test request can come from its own address, as real guests do. The limits of
  // one address (its bookings of a date, the challenge past a few attempts an hour) and the site's challenge
  // have their own file (guest-limits.test.ts): here one address makes the attempt limit's twenty, and the
  // file's hundreds of bookings happen in one frozen hour.
  t = await createTestApp({
    now: '2026-11-21T12:00:00Z',
    env: { TRUST_PROXY: 'true', BOOKINGS_PER_ADDRESS_PER_DATE: '1000', CHALLENGE_AFTER_PER_ADDRESS: '1000', CHALLENGE_AFTER_SITE: '100000' },
  })
})
beforeEach(async () => {
  t.clock.set('2026-11-21T12:00:00Z')
  for (const [key, value] of Object.entries(BOOKING_SETTING_DEFAULTS)) await t.services.settings.set(key, value)
})

let counter = 0
const nextIp = () => {
  counter++
  return `10.${(counter >> 16) & 255}.${(counter >> 8) & 255}.${counter & 255}`
}
const guest = (over: Record<string, unknown> = {}) => guestBooking({ email: `guest${++counter}@example.com`, ...over })
const book = (body: unknown, headers: Record<string, string> = {}) =>
  request(t.app).post('/api/reservations').set('X-Forwarded-For', nextIp()).set(headers).send(body as object)
const slots = (date: string, partySize?: number) =>
  request(t.app).get(`/api/availability/slots/${date}${partySize ? `?partySize=${partySize}` : ''}`)
const rowsOn = (date: string) => t.db.select().from(reservations).where(eq(reservations.date, date))
const setting = (key: string, value: number) => t.services.settings.set(key, String(value))

describe('GET /api/availability/slots/:date', () => {
  it("lists every half hour of an open day as {date, startTime}; those from the kitchen's last orders carry them", async () => {
    const res = await slots('2026-12-05').expect(200)
    expect(res.body[0]).toEqual({ date: '2026-12-05', startTime: '12:00' })
    expect(res.body.find((s: { startTime: string }) => s.startTime === '20:30')).toEqual({ date: '2026-12-05', startTime: '20:30' })
    expect(res.body.find((s: { startTime: string }) => s.startTime === '21:00')).toEqual({ date: '2026-12-05', startTime: '21:00', lastOrders: '21:00' })
    expect(res.body.at(-1)).toEqual({ date: '2026-12-05', startTime: '23:00', lastOrders: '21:00' })
    expect(res.body).toHaveLength(23)
  })
  it("keeps today's slots at least the minimum notice away", async () => {
    const res = await slots('2026-11-21').expect(200)
    expect(res.body[0].startTime).toBe('13:00')
  })
  it('gives [] for a past day, a closed weekday and a closed exception', async () => {
    await t.db.insert(hourExceptions).values({ date: '2026-12-19', isClosed: true, reason: 'Private party' })
    expect((await slots('2026-11-20').expect(200)).body).toEqual([])
    expect((await slots('2026-11-23').expect(200)).body).toEqual([])
    expect((await slots('2026-12-19').expect(200)).body).toEqual([])
  })
  it('opens a closed Monday when an exception opens it', async () => {
    await t.db.insert(hourExceptions).values({ date: '2026-12-21', openTime: '12:00', closeTime: '15:00', reason: 'Christmas week' })
    const res = await slots('2026-12-21').expect(200)
    expect(res.body.map((s: { startTime: string }) => s.startTime)).toEqual(['12:00', '12:30', '13:00', '13:30', '14:00', '14:30'])
  })
  it('answers 400 for a date that is not YYYY-MM-DD or not real', async () => {
    for (const date of ['tomorrow', '2026-13-01', '2026-02-30', '05-12-2026']) {
      const res = await slots(date).expect(400)
      expect(res.body.message).toBe('Date must be a valid date (YYYY-MM-DD)')
    }
  })
  it('answers 400 for a party size outside 1 to 20', async () => {
    const res = await request(t.app).get('/api/availability/slots/2026-12-05?partySize=21').expect(400)
    expect(res.body.message).toBe('Number of guests must be between 1 and 20')
  })
  it('hides the slots a larger party no longer fits', async () => {
    await setting('booking_capacity_covers', 10)
    await book(guest({ date: '2026-12-12', startTime: '19:00', partySize: 8 })).expect(201)
    const forTwo = (await slots('2026-12-12', 2).expect(200)).body.map((s: { startTime: string }) => s.startTime)
    const forThree = (await slots('2026-12-12', 3).expect(200)).body.map((s: { startTime: string }) => s.startTime)
    expect(forTwo).toContain('19:00')
    expect(forThree).not.toContain('19:00')
    expect(forThree).not.toContain('17:30')
    expect(forThree).toContain('17:00')
    expect(forThree).toContain('21:00')
  })
})

describe('availability of a busy date', () => {
  const times = async (date: string) => (await slots(date).expect(200)).body.map((s: { startTime: string }) => s.startTime)

  it('shows a booking made here at once', async () => {
    await setting('booking_max_covers_per_slot', 2)
    expect(await times('2026-12-10')).toContain('19:00')
    await book(guest({ date: '2026-12-10', startTime: '19:00', partySize: 2 })).expect(201)
    expect(await times('2026-12-10')).not.toContain('19:00')
  })
  it('shows a change made elsewhere (another app instance, staff) within a second', async () => {
    expect(await times('2026-12-17')).toContain('16:00')
    await t.db.insert(hourExceptions).values({ date: '2026-12-17', isClosed: true, reason: 'Staff party' })
    // Reused for up to a second...
    expect(await times('2026-12-17')).toContain('16:00')
    await new Promise((r) => setTimeout(r, 1100))
    // ...then read again.
    expect(await times('2026-12-17')).toEqual([])
  })
  it('never lets a stale list book a closed day: the booking reads the day again under the lock', async () => {
    expect(await times('2026-12-24')).toContain('16:00')
    await t.db.insert(hourExceptions).values({ date: '2026-12-24', isClosed: true, reason: 'Christmas Eve' })
    await book(guest({ date: '2026-12-24', startTime: '16:00' })).expect(409)
    expect(await rowsOn('2026-12-24')).toHaveLength(0)
  })
})

describe('a booking waiting for a busy date', () => {
  /**
   * Holds `date`'s lock in another transaction while `send` books it, and,
   * once the booking waits for the lock, counts an attempt on every row of the
   * site's hourly count, as any other form (an enquiry, a booking of another
   * date on another instance) may: that must not wait for the held booking.
   */
  async function othersCountWhileItWaits(date: string, send: () => request.Test) {
    const held = await heldBehindDate(t.db, date, send)
    try {
      const other = await t.db.$client.connect()
      let failed: unknown
      try {
        await other.query('begin')
        await other.query("set local lock_timeout = '2s'")
        await other.query(countAttemptsQuery([...SITE_KEYS], 3600, t.clock.now()))
      } catch (error) {
        failed = error
      } finally {
        await other.query('rollback').catch(() => undefined)
        other.release()
      }
      expect(failed, 'another form waited for the booking that waits for its date').toBeUndefined()
    } finally {
      await held.release()
    }
    return held.answer
  }

  it('holds no rate-limit row while it waits, so other forms are never held up by it', async () => {
    const res = await othersCountWhileItWaits('2027-01-29', () => book(guest({ date: '2027-01-29', startTime: '19:00' })))
    expect(res.status).toBe(201)
  })

  it('nor does an event booking', async () => {
    const [event] = await t.db
      .insert(events)
      .values({ slug: `busy-${++counter}`, title: 'Busy Night', description: 'Music', date: '2027-01-30', time: '19:30', bookingType: 'table', status: 'published', capacity: 40 })
      .returning()
    const { startTime: _s, additionalInfo: _a, ...rest } = guest({ date: '2027-01-30', partySize: 2 })
    const res = await othersCountWhileItWaits('2027-01-30', () => book({ ...rest, eventId: event!.id, time: '7:30' }))
    expect(res.status).toBe(201)
  })

  // Decision 44: a booking that arrives while a batch waits for its reads is taken in once the batch has
  // sent its writes, so that in a rush the batch's decisions do not wait behind the intake of the next one.
  it('takes in a booking that arrives while the batch waits for its reads once the batch has sent its writes', async () => {
    const email = `intake-${++counter}@example.com`
    // The batch's writes will wait for this guest's row, held by another transaction: sent, not yet committed.
    await book(guest({ email, date: '2027-02-04', startTime: '19:00' })).expect(201)
    const rowHolder = await t.db.$client.connect()
    await rowHolder.query('begin')
    await rowHolder.query('select id from guests where email_key = $1 for update', [email])
    const held = await heldBehindDate(t.db, '2027-02-05', () => book(guest({ email, date: '2027-02-05', startTime: '19:00' })))
    try {
      // The batch waits for its reads (its date's lock): a booking just arrived is not taken in yet.
      const turn = t.services.reservations.bookingTurn(60_000)
      expect(turn).toBeInstanceOf(Promise)
      let taken = false
      void turn!.then(() => (taken = true))
      await new Promise((r) => setTimeout(r, 300))
      expect(taken).toBe(false)
      // Its reads come, it decides and sends its writes, which wait for the guest's row: now it is taken in.
      await held.release()
      await expect.poll(() => taken, { timeout: 15_000 }).toBe(true)
      expect(held.answered()).toBe(false)
      expect(t.services.reservations.bookingTurn()).toBeUndefined()
    } finally {
      await held.release()
      await rowHolder.query('commit')
      rowHolder.release()
    }
    expect((await held.answer).status).toBe(201)
  })

  it('but never keeps a booking waiting behind a batch held up for long: 100 ms at most', async () => {
    const held = await heldBehindDate(t.db, '2027-02-06', () => book(guest({ date: '2027-02-06', startTime: '19:00' })))
    try {
      const started = performance.now()
      const turn = t.services.reservations.bookingTurn()
      expect(turn).toBeInstanceOf(Promise)
      await turn
      expect(performance.now() - started).toBeGreaterThanOrEqual(INTAKE_WAIT_MAX_MS - 10)
      // The batch still waits; bookings arriving now are taken in at once: one with no name is answered 400.
      expect(held.answered()).toBe(false)
      expect(t.services.reservations.bookingTurn()).toBeUndefined()
      const refused = await book(guest({ date: '2027-02-06', startTime: '19:00', name: '' }))
      expect(refused.status).toBe(400)
      expect(held.answered()).toBe(false)
    } finally {
      await held.release()
    }
    expect((await held.answer).status).toBe(201)
  })
})

describe('POST /api/reservations validation', () => {
  it('names every missing field with the SPEC messages', async () => {
    const res = await book({}).expect(400)
    expect(res.body).toEqual({
      message: 'Name is required',
      errors: {
        name: 'Name is required',
        email: 'Email is required',
        phone: 'Phone is required',
        date: 'Date is required',
        startTime: 'Start time is required',
        partySize: 'Number of guests must be between 1 and 20',
      },
    })
  })
  it.each([
    ['name', { name: '   ' }, 'Name is required'],
    ['email', { email: '  ' }, 'Email is required'],
    ['phone', { phone: '' }, 'Phone is required'],
    ['startTime', { startTime: ' ' }, 'Start time is required'],
    ['partySize', { partySize: 0 }, 'Number of guests must be between 1 and 20'],
    ['partySize', { partySize: 21 }, 'Number of guests must be between 1 and 20'],
    ['email', { email: 'not-an-email' }, 'Please enter a valid email address'],
    ['date', { date: '2026-02-30' }, 'Date must be a valid date (YYYY-MM-DD)'],
  ])('rejects a bad %s with its message and stores nothing', async (field, over, message) => {
    const before = (await t.db.select({ n: sql<number>`count(*)::int` }).from(reservations))[0]!.n
    const res = await book(guest(over)).expect(400)
    expect(res.body.message).toBe(message)
    expect(res.body.errors[field]).toBe(message)
    const after = (await t.db.select({ n: sql<number>`count(*)::int` }).from(reservations))[0]!.n
    expect(after).toBe(before)
  })
  it('refuses a filled honeypot with 400 and stores nothing', async () => {
    const body = guest({ date: '2026-12-06', startTime: '13:00', website: 'http://spam.example' })
    const res = await book(body).expect(400)
    expect(res.body.message).toBe('Your booking could not be accepted. Please call us to book.')
    expect(await rowsOn('2026-12-06')).toHaveLength(0)
  })
})

describe('POST /api/reservations', () => {
  it("books with the booking page's shape and returns the public fields", async () => {
    const body = guest({ date: '2026-12-04', startTime: '18:30', additionalInfo: 'Window seat, one vegan', foodDrinks: 'drinks_only' })
    const res = await book(body).expect(201)
    expect(res.body).toMatchObject({
      name: 'Ann Guest',
      email: body.email,
      date: '2026-12-04',
      startTime: '18:30',
      partySize: 2,
      additionalInfo: 'Window seat, one vegan',
      foodDrinks: 'drinks_only',
      status: 'confirmed',
      eventId: null,
    })
    expect(res.body).not.toHaveProperty('idempotencyKey')
    expect(typeof res.body.id).toBe('number')
  })
  it("books with the event dialog's shape (time without am/pm, specialRequests)", async () => {
    const { startTime: _s, additionalInfo: _a, ...rest } = guest({ date: '2026-12-04' })
    const res = await book({ ...rest, time: '7:30 pm', specialRequests: 'Birthday' }).expect(201)
    expect(res.body).toMatchObject({ startTime: '19:30', additionalInfo: 'Birthday' })
  })
  it('confirms a party of 6 at once', async () => {
    const res = await book(guest({ date: '2026-12-04', startTime: '20:00', partySize: 6 })).expect(201)
    expect(res.body.status).toBe('confirmed')
  })
  it('keeps a party of 7 pending', async () => {
    const res = await book(guest({ date: '2026-12-04', startTime: '20:00', partySize: 7 })).expect(201)
    expect(res.body.status).toBe('pending')
  })
  it('records the marketing opt-in with the booking', async () => {
    const body = guest({ date: '2026-12-04', startTime: '17:00', receiveOffers: true, name: 'Opt In' })
    await book(body).expect(201)
    const [consent] = await t.db.select().from(marketingConsents).where(eq(marketingConsents.email, body.email))
    expect(consent).toMatchObject({ name: 'Opt In', source: 'booking' })
    expect(consent!.lastReservation).toBeInstanceOf(Date)
  })
  it('emits reservation.created after the booking is stored', async () => {
    const seen: number[] = []
    const off = t.services.reservations.events.on('reservation.created', ({ reservation }) => {
      seen.push(reservation.id)
    })
    const res = await book(guest({ date: '2026-12-04', startTime: '17:30' })).expect(201)
    off()
    expect(seen).toEqual([res.body.id])
  })
})

describe('reservation.created inside the transaction', () => {
  it('lets a listener write with the booking, in the same transaction', async () => {
    const off = t.services.reservations.events.inTransaction('reservation.created', (payloads) =>
      payloads.map(({ reservation }) => ({
        text: 'insert into email_outbox (message_key, template_key, to_address) values ($1, $2, $3)',
        values: [`test:${reservation.id}`, 'booking_confirmed', reservation.email],
      })),
    )
    const body = guest({ date: '2026-12-04', startTime: '18:00', receiveOffers: true })
    const res = await book(body).expect(201)
    off()
    const outbox = await t.db.select().from(emailOutbox).where(eq(emailOutbox.messageKey, `test:${res.body.id}`))
    expect(outbox).toHaveLength(1)
    expect(outbox[0]!.toAddress).toBe(body.email)
  })
  it('gives listeners, and the guest, the reservation exactly as stored (nothing is read back from the insert)', async () => {
    const seen: unknown[] = []
    const off = t.services.reservations.events.inTransaction('reservation.created', (payloads) => {
      seen.push(...payloads.map((p) => p.reservation))
      return []
    })
    const [event] = await t.db
      .insert(events)
      .values({ slug: `listened-${++counter}`, title: 'Quiz', description: 'A quiz', date: '2026-12-09', time: '19:30', bookingType: 'table', status: 'published', capacity: 20 })
      .returning()
    const table = await book(guest({ date: '2026-12-04', startTime: '17:30', receiveOffers: true, additionalInfo: 'Window' })).expect(201)
    const { startTime: _s, ...rest } = guest({ date: '2026-12-09', partySize: 9 })
    const atEvent = await book({ ...rest, eventId: event!.id }).expect(201)
    off()
    const stored = await t.db.select().from(reservations).where(sql`${reservations.id} in (${table.body.id}, ${atEvent.body.id})`).orderBy(reservations.id)
    expect(stored).toHaveLength(2)
    expect(seen).toEqual(stored)
    expect([table.body, atEvent.body]).toEqual(stored.map(toPublicReservation))
  })
  it('stores nothing when such a listener fails, and says so with a 500', async () => {
    const off = t.services.reservations.events.inTransaction('reservation.created', async () => {
      throw new Error('outbox unavailable')
    })
    const body = guest({ date: '2026-12-04', startTime: '18:30', receiveOffers: true })
    const res = await book(body)
    off()
    expect(res.status).toBe(500)
    expect(await t.db.select().from(reservations).where(eq(reservations.email, body.email))).toHaveLength(0)
    expect(await t.db.select().from(marketingConsents).where(eq(marketingConsents.email, body.email))).toHaveLength(0)
    // The connection went back to the pool clean: the next booking works.
    await book(guest({ date: '2026-12-04', startTime: '18:30' })).expect(201)
  })
  it("rolls the booking back when the listener's statement fails in the database", async () => {
    const off = t.services.reservations.events.inTransaction('reservation.created', () => [{ text: 'select * from no_such_table' }])
    const body = guest({ date: '2026-12-04', startTime: '19:00' })
    const res = await book(body)
    off()
    expect(res.status).toBe(500)
    expect(await t.db.select().from(reservations).where(eq(reservations.email, body.email))).toHaveLength(0)
  })
})

describe('POST /api/reservations conflicts (409)', () => {
  it('refuses a slot whose covers are taken, naming the time and party size', async () => {
    await setting('booking_capacity_covers', 10)
    await book(guest({ date: '2026-12-11', startTime: '19:30', partySize: 8 })).expect(201)
    const res = await book(guest({ date: '2026-12-11', startTime: '19:30', partySize: 4 })).expect(409)
    expect(res.body.message).toBe('Sorry, 7:30 PM is no longer available for 4 guests. Please choose another time.')
  })
  it('counts the bookings still seated from earlier and those arriving before the table is free, also off the half hour', async () => {
    // Tables are held 120 minutes. A booking reads only the start times that can matter to it, so these sit near that edge.
    await setting('booking_capacity_covers', 10)
    await setting('booking_max_covers_per_slot', 0)
    // Staff can book off the half hour: 17:01 is still seated at 19:00; 17:00 has left.
    await t.db.insert(reservations).values([
      { name: 'Early', email: 'early@example.com', phone: '07700 900000', date: '2027-01-15', startTime: '17:01', partySize: 8, status: 'confirmed' },
      { name: 'Left', email: 'left@example.com', phone: '07700 900000', date: '2027-01-15', startTime: '17:00', partySize: 8, status: 'confirmed' },
      { name: 'Late', email: 'late@example.com', phone: '07700 900000', date: '2027-01-22', startTime: '20:59', partySize: 8, status: 'confirmed' },
    ])
    await book(guest({ date: '2027-01-15', startTime: '19:00', partySize: 4 })).expect(409)
    await book(guest({ date: '2027-01-15', startTime: '19:30', partySize: 4 })).expect(201)
    // 19:00 holds its table until 21:00, so it meets 20:59; 18:30 has left by then.
    await book(guest({ date: '2027-01-22', startTime: '19:00', partySize: 4 })).expect(409)
    await book(guest({ date: '2027-01-22', startTime: '18:30', partySize: 4 })).expect(201)
  })
  it('refuses a slot over its pacing limit', async () => {
    await setting('booking_max_covers_per_slot', 10)
    await book(guest({ date: '2026-12-11', startTime: '18:00', partySize: 6 })).expect(201)
    await book(guest({ date: '2026-12-11', startTime: '18:00', partySize: 5 })).expect(409)
    await book(guest({ date: '2026-12-11', startTime: '18:30', partySize: 5 })).expect(201)
  })
  it('refuses the same email at the same date and time, in the words of a full time (a stranger learns nothing)', async () => {
    const body = guest({ date: '2026-12-11', startTime: '21:00' })
    await book(body).expect(201)
    const res = await book({ ...body, email: body.email.toUpperCase() }).expect(409)
    expect(res.body.message).toBe('Sorry, 9:00 PM is no longer available for 2 guests. Please choose another time.')
    expect((await rowsOn('2026-12-11')).filter((r) => r.startTime === '21:00')).toHaveLength(1)
  })
  it('refuses a closed day, a time that is not a slot, too little notice and beyond the horizon', async () => {
    await book(guest({ date: '2026-11-23', startTime: '19:00' })).expect(409) // Monday
    await book(guest({ date: '2026-12-11', startTime: '19:15' })).expect(409)
    await book(guest({ date: '2026-12-11', startTime: '10:00' })).expect(409)
    await book(guest({ date: '2026-11-21', startTime: '12:30' })).expect(409)
    await book(guest({ date: '2026-11-20', startTime: '19:00' })).expect(409)
    await book(guest({ date: '2027-03-27', startTime: '19:00' })).expect(409)
    await book(guest({ date: '2026-11-21', startTime: '13:00' })).expect(201)
  })
})

describe('Idempotency-Key', () => {
  it('returns the first answer to a retry and stores one booking', async () => {
    const body = guest({ date: '2026-12-13', startTime: '14:00' })
    const key = 'attempt-7f1c2a9e-0001'
    const first = await book(body, { 'Idempotency-Key': key }).expect(201)
    const again = await book(body, { 'Idempotency-Key': key }).expect(201)
    expect(again.body).toEqual(first.body)
    expect(again.headers['idempotent-replayed']).toBe('true')
    expect(await rowsOn('2026-12-13')).toHaveLength(1)
  })
  it('gives one booking for a double click sent at the same moment', async () => {
    const body = guest({ date: '2026-12-13', startTime: '15:00' })
    const key = 'attempt-7f1c2a9e-0002'
    const [a, b] = await Promise.all([book(body, { 'Idempotency-Key': key }), book(body, { 'Idempotency-Key': key })])
    expect([a.status, b.status]).toEqual([201, 201])
    expect(a.body).toEqual(b.body)
    const rows = await t.db.select().from(reservations).where(and(eq(reservations.date, '2026-12-13'), eq(reservations.startTime, '15:00')))
    expect(rows).toHaveLength(1)
  })
  it('gives one booking when the same key is sent at once for two different dates, and 422 to the other', async () => {
    const key = 'attempt-7f1c2a9e-0003'
    const [a, b] = await Promise.all([
      book(guest({ date: '2026-12-13', startTime: '16:00', email: 'same-key@example.com' }), { 'Idempotency-Key': key }),
      book(guest({ date: '2026-12-20', startTime: '16:00', email: 'same-key@example.com' }), { 'Idempotency-Key': key }),
    ])
    expect([a.status, b.status].sort()).toEqual([201, 422])
    expect(await t.db.select().from(reservations).where(eq(reservations.email, 'same-key@example.com'))).toHaveLength(1)
  })
  it('refuses a malformed key', async () => {
    await book(guest({ date: '2026-12-13' }), { 'Idempotency-Key': 'x' }).expect(400)
  })
})

describe('event table bookings', () => {
  async function givenEvent(over: Partial<typeof events.$inferInsert> = {}) {
    const [event] = await t.db
      .insert(events)
      .values({
        slug: `jazz-${++counter}`,
        title: 'Jazz Night',
        description: 'Live jazz',
        date: '2026-12-08', // a Tuesday: the pub is normally closed
        time: '19:30',
        bookingType: 'table',
        status: 'published',
        capacity: 10,
        ...over,
      })
      .returning()
    return event!
  }
  const eventGuest = (eventId: number, partySize: number) => {
    const { startTime: _s, additionalInfo: _a, ...rest } = guest({ date: '2026-12-08', partySize })
    return { ...rest, eventId, time: '7:30', specialRequests: 'Event booking: Jazz Night. Near the stage' }
  }

  it("books at the event's date and time even on a closed day", async () => {
    const event = await givenEvent()
    const res = await book(eventGuest(event.id, 4)).expect(201)
    expect(res.body).toMatchObject({
      date: '2026-12-08',
      startTime: '19:30',
      eventId: event.id,
      additionalInfo: 'Event booking: Jazz Night. Near the stage',
    })
  })
  it('prefixes the event title when the request did not', async () => {
    const event = await givenEvent()
    const { specialRequests: _r, ...body } = eventGuest(event.id, 2)
    const res = await book({ ...body, specialRequests: 'Vegan' }).expect(201)
    expect(res.body.additionalInfo).toBe('Event booking: Jazz Night. Vegan')
  })
  it("stops at the event's capacity", async () => {
    const event = await givenEvent({ capacity: 6 })
    await book(eventGuest(event.id, 4)).expect(201)
    const res = await book(eventGuest(event.id, 3)).expect(409)
    expect(res.body.message).toBe('Sorry, Jazz Night does not have room for 3 more guests.')
    await book(eventGuest(event.id, 2)).expect(201)
  })
  it('refuses enquiry-only, cancelled and past events, and hides drafts', async () => {
    await book(eventGuest((await givenEvent({ bookingType: 'enquiry' })).id, 2)).expect(409)
    await book(eventGuest((await givenEvent({ status: 'cancelled' })).id, 2)).expect(409)
    await book(eventGuest((await givenEvent({ date: '2026-11-20' })).id, 2)).expect(409)
    await book(eventGuest((await givenEvent({ status: 'draft' })).id, 2)).expect(404)
  })
})

describe('rate limit', () => {
  it('answers 429 after 20 bookings from one address in 10 minutes', async () => {
    const ip = '192.0.2.77'
    for (let i = 0; i < 20; i++) {
      const res = await request(t.app).post('/api/reservations').set('X-Forwarded-For', ip).send({})
      expect(res.status).toBe(400)
    }
    const res = await request(t.app).post('/api/reservations').set('X-Forwarded-For', ip).send({}).expect(429)
    expect(res.body.message).toMatch(/^Too many booking attempts\. Please try again in \d+ minutes?\.$/)
  })
  it('counts real bookings too, and says when to retry', async () => {
    const ip = '192.0.2.78'
    const from = (body: object) => request(t.app).post('/api/reservations').set('X-Forwarded-For', ip).send(body)
    for (let i = 0; i < 20; i++) await from(guest({ date: '2026-12-31', startTime: '16:00', partySize: 1 })).expect(201)
    const res = await from(guest({ date: '2026-12-31', startTime: '16:30', partySize: 1 })).expect(429)
    expect(res.body.message).toBe('Too many booking attempts. Please try again in 10 minutes.')
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(590)
    expect(await t.db.select().from(reservations).where(and(eq(reservations.date, '2026-12-31'), eq(reservations.startTime, '16:30')))).toHaveLength(0)
    // Another address is not affected.
    await book(guest({ date: '2026-12-31', startTime: '16:30', partySize: 1 })).expect(201)
  })
})

describe('bookings that arrive together', () => {
  // Called in one go, the first booking starts a transaction and the others wait and share the next one.
  const create = (body: object, options: { client?: string; idempotencyKey?: string } = {}) =>
    t.services.reservations
      .create(CreateReservationSchema.parse(body), { client: options.client ?? nextIp(), idempotencyKey: options.idempotencyKey })
      .then(
        (result) => ({ status: result.statusCode, body: result.body as object & { message?: string }, replayed: result.replayed }),
        (error: { message: string }) => ({
          status: statusOf(error),
          body: { message: error.message } as object & { message?: string },
          replayed: false,
        }),
      )
  const opener = () => create(guest({ date: '2026-12-03', startTime: '16:00', partySize: 1 }))

  it('are decided in arrival order, each against the ones before it', async () => {
    await setting('booking_capacity_covers', 4)
    await setting('booking_max_covers_per_slot', 0)
    const [, a, b, c] = await Promise.all([
      opener(),
      create(guest({ date: '2026-12-16', startTime: '19:00', partySize: 2 })),
      create(guest({ date: '2026-12-16', startTime: '19:30', partySize: 2 })),
      create(guest({ date: '2026-12-16', startTime: '20:00', partySize: 2 })),
    ])
    expect([a.status, b.status, c.status]).toEqual([201, 201, 409])
    expect(c.body.message).toBe('Sorry, 8:00 PM is no longer available for 2 guests. Please choose another time.')
    expect((await rowsOn('2026-12-16')).map((r) => r.startTime).sort()).toEqual(['19:00', '19:30'])
  })
  it('on one date, are each decided against the bookings near their own time, early and late', async () => {
    await setting('booking_capacity_covers', 10)
    await setting('booking_max_covers_per_slot', 0)
    await book(guest({ date: '2027-01-16', startTime: '12:30', partySize: 8 })).expect(201)
    await book(guest({ date: '2027-01-16', startTime: '21:30', partySize: 8 })).expect(201)
    const [, early, late, between] = await Promise.all([
      opener(),
      create(guest({ date: '2027-01-16', startTime: '12:00', partySize: 3 })),
      create(guest({ date: '2027-01-16', startTime: '22:00', partySize: 3 })),
      create(guest({ date: '2027-01-16', startTime: '17:00', partySize: 10 })),
    ])
    expect([early.status, late.status, between.status]).toEqual([409, 409, 201])
    expect((await rowsOn('2027-01-16')).map((r) => r.startTime).sort()).toEqual(['12:30', '17:00', '21:30'])
  })
  it('cannot give one guest the same slot twice', async () => {
    const body = guest({ date: '2026-12-16', startTime: '16:00' })
    const [, a, b] = await Promise.all([opener(), create(body), create({ ...body, name: 'Ann Again' })])
    expect([a.status, b.status]).toEqual([201, 409])
    expect(b.body.message).toBe('Sorry, 4:00 PM is no longer available for 2 guests. Please choose another time.')
  })
  it('with one Idempotency-Key, book once and answer both with that booking', async () => {
    const body = guest({ date: '2026-12-16', startTime: '16:30' })
    const key = 'attempt-batch-0001'
    const [, a, b] = await Promise.all([opener(), create(body, { idempotencyKey: key }), create(body, { idempotencyKey: key })])
    expect([a.status, b.status]).toEqual([201, 201])
    expect(b.body).toEqual(a.body)
    expect([a.replayed, b.replayed]).toEqual([false, true])
    expect((await rowsOn('2026-12-16')).filter((r) => r.startTime === '16:30')).toHaveLength(1)
  })
  it('count every attempt of one address, in order', async () => {
    const client = '198.51.100.9'
    const results = await Promise.all([
      opener(),
      ...Array.from({ length: 22 }, (_, i) => create(guest({ date: '2027-01-06', startTime: i % 2 ? '17:00' : '17:30', partySize: 1 }), { client })),
    ])
    expect(results.slice(1).map((r) => r.status)).toEqual([...Array(20).fill(201), 429, 429])
  })
  it('fail alone: one booking that cannot be stored does not stop the others', async () => {
    const off = t.services.reservations.events.inTransaction('reservation.created', (payloads) => {
      if (payloads.some(({ reservation }) => reservation.email === 'unlucky@example.com')) throw new Error('outbox unavailable')
      return []
    })
    const results = await Promise.all([
      opener(),
      create(guest({ date: '2027-01-07', startTime: '16:00' })),
      create(guest({ date: '2027-01-07', startTime: '16:00', email: 'unlucky@example.com' })),
      create(guest({ date: '2027-01-07', startTime: '16:30' })),
    ])
    off()
    expect(results.map((r) => r.status)).toEqual([201, 201, 500, 201])
    expect(await rowsOn('2027-01-07')).toHaveLength(2)
  })
})

describe('a lost database connection', () => {
  it('fails the bookings it carried, and the next booking gets a new connection', async () => {
    const off = t.services.reservations.events.inTransaction('reservation.created', (payloads) =>
      payloads.some(({ reservation }) => reservation.email === 'cut-off@example.com') ? [{ text: 'select pg_terminate_backend(pg_backend_pid())' }] : [],
    )
    const cut = await book(guest({ date: '2027-01-08', startTime: '16:00', email: 'cut-off@example.com' }))
    off()
    // Nothing was stored and a retry is safe: the answer says to try again (503), not that the request was wrong.
    expect(cut.status).toBe(503)
    expect(cut.headers['retry-after']).toBe('5')
    expect(cut.body.message).toBe('We cannot take requests for a moment. Please try again shortly.')
    await book(guest({ date: '2027-01-08', startTime: '16:00' })).expect(201)
    expect((await rowsOn('2027-01-08')).map((r) => r.email)).not.toContain('cut-off@example.com')
  })
})

describe('concurrency', () => {
  // One app instance queues its bookings in one process, in batches, and never waits on the date lock (two
  // instances are in two-instances.test.ts): this checks that a batch decides its bookings in order, each
  // counting those before it.
  it("decides a batch's bookings in order: of 50 simultaneous bookings of 2 against a capacity of 10, the first 5 are taken", async () => {
    await setting('booking_capacity_covers', 10)
    await setting('booking_max_covers_per_slot', 0)
    const responses = await Promise.all(
      Array.from({ length: 50 }, () => book(guest({ date: '2026-12-18', startTime: '19:00', partySize: 2 }))),
    )
    const accepted = responses.filter((r) => r.status === 201)
    const rejected = responses.filter((r) => r.status !== 201)
    expect(accepted.length * 2).toBeLessThanOrEqual(10)
    expect(accepted).toHaveLength(5)
    expect(new Set(rejected.map((r) => r.status))).toEqual(new Set([409]))
    for (const r of rejected) {
      expect(r.body.message).toBe('Sorry, 7:00 PM is no longer available for 2 guests. Please choose another time.')
    }
    const stored = await rowsOn('2026-12-18')
    expect(stored.reduce((sum, r) => sum + r.partySize, 0)).toBe(10)
    expect(stored.map((r) => r.id).sort()).toEqual(accepted.map((r) => r.body.id).sort())
  })
})
