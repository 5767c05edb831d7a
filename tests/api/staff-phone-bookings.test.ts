/**
 * Issue 36, items 4 and 5: phone and walk-in bookings without an email (the
 * staff form needs a phone or an email; with no email the guest is sent
 * nothing), phones matched in E.164 however they are typed, and the staff
 * search across every date: the day on screen first, then upcoming, then past.
 */
import { readFileSync } from 'node:fs'
import { eq } from 'drizzle-orm'
import request from 'supertest'
import { beforeAll, describe, expect, it } from 'vitest'
import { ADMIN_RESERVATION_MESSAGES, RESERVATION_SEARCH_LIMIT, searchCountText, searchPlaceOf } from '#common/admin-reservations-schema'
import { ADMIN_MESSAGES } from '#common/messages'
import { emailOutbox, reservations } from '../../server/db/schema'
import { createTestApp, signedInAgent, type TestApp } from '../helpers/app'
import { guestBooking } from '../helpers/guest-booking'

// Saturday 21 November 2026, 12:00 in London.
let t: TestApp
let staff: Awaited<ReturnType<typeof signedInAgent>>
beforeAll(async () => {
  t = await createTestApp({ now: '2026-11-21T12:00:00Z', env: { TRUST_PROXY: 'true' } })
  staff = await signedInAgent(t)
})

let n = 0
const form = (over: Record<string, unknown> = {}) => ({
  name: `Phone Guest ${++n}`,
  email: '',
  phone: '07700 900104',
  date: '2026-12-12',
  startTime: '19:00',
  partySize: 2,
  additionalInfo: '',
  foodDrinks: 'food_and_drinks',
  status: 'confirmed',
  ...over,
})
const book = (body: Record<string, unknown>) => staff.post('/api/admin/reservations').send(body)
const outboxOf = (id: number) => t.db.select().from(emailOutbox).where(eq(emailOutbox.reservationId, id))
const stored = async (id: number) => (await t.db.select().from(reservations).where(eq(reservations.id, id)))[0]!
const count = async () => (await t.db.$client.query<{ n: number }>('select count(*)::int as n from reservations')).rows[0]!.n
const search = (params: string) => staff.get(`/api/admin/reservations?${params}`)
const names = (res: { body: { name: string }[] }) => res.body.map((r) => r.name)

describe('a staff booking without an email', () => {
  it('is stored with the phone and its E.164 key, and no message goes to the guest (staff are alerted as before)', async () => {
    const res = await book(form({ name: 'Walk-in Wendy' })).expect(201)
    expect(res.body).toMatchObject({ name: 'Walk-in Wendy', email: null, phone: '07700 900104', status: 'confirmed' })
    expect(await stored(res.body.id)).toMatchObject({ email: null, phone: '07700 900104', phoneKey: '+447700900104', createdBy: 'staff' })
    const messages = await outboxOf(res.body.id)
    expect(messages.filter((m) => m.templateKey !== 'staff_new_booking')).toEqual([])
    expect(messages.map((m) => m.templateKey)).toEqual(['staff_new_booking'])
    // The alert says how to reach the guest, and that they get no email.
    expect(messages[0]!.data).toMatchObject({ summary: expect.arrayContaining([['Email', 'None: the guest is not emailed'], ['Phone', '07700 900104']]) })
  })

  it('is taken with the email left out or null too', async () => {
    const { email: _, ...without } = form()
    expect((await book(without).expect(201)).body.email).toBeNull()
    expect((await book(form({ email: null })).expect(201)).body.email).toBeNull()
  })

  it('with an email and no phone, is emailed as before', async () => {
    const res = await book(form({ email: 'mail-only@example.com', phone: '' })).expect(201)
    expect(await stored(res.body.id)).toMatchObject({ email: 'mail-only@example.com', phone: '', phoneKey: null })
    expect((await outboxOf(res.body.id)).map((m) => [m.templateKey, m.toAddress]).sort()).toContainEqual(['booking_confirmed', 'mail-only@example.com'])
  })

  it('with neither a phone nor an email: 400 with the message, beside the phone, and nothing stored', async () => {
    const before = await count()
    const res = await book(form({ email: ' ', phone: '' })).expect(400)
    expect(res.body).toEqual({
      message: 'Enter a phone number or an email',
      errors: { phone: 'Enter a phone number or an email' },
    })
    expect(ADMIN_RESERVATION_MESSAGES.contactRequired).toBe('Enter a phone number or an email')
    expect((await book(form({ email: null, phone: null })).expect(400)).body.message).toBe('Enter a phone number or an email')
    // A body with no fields to read is refused as such (the contact check never reads a field of nothing).
    const made = (await book(form()).expect(201)).body
    for (const body of [undefined, [], 'text']) {
      await staff.patch(`/api/admin/reservations/${made.id}`).send(body as object).expect(400)
      await book(body as unknown as Record<string, unknown>).expect(400)
    }
    expect(await count()).toBe(before + 1)
  })

  it("with a bad email: 400 'Valid email required' (SPEC.md section 5), phone or not, and nothing stored", async () => {
    const before = await count()
    for (const phone of ['07700 900104', '']) {
      const res = await book(form({ email: 'not-an-email', phone })).expect(400)
      expect(res.body).toMatchObject({ message: 'Valid email required', errors: { email: 'Valid email required' } })
    }
    expect(await count()).toBe(before)
  })

  it('sends nothing to the guest when staff cancel it, confirm it or make it active again', async () => {
    const made = (await book(form({ status: 'pending', partySize: 8 })).expect(201)).body
    const confirmed = (await staff.patch(`/api/admin/reservations/${made.id}`).send({ status: 'confirmed', version: made.version }).expect(200)).body
    const cancelled = (await staff.patch(`/api/admin/reservations/${made.id}`).send({ status: 'cancelled', version: confirmed.version }).expect(200)).body
    await staff.patch(`/api/admin/reservations/${made.id}`).send({ status: 'confirmed', version: cancelled.version }).expect(200)
    expect((await outboxOf(made.id)).map((m) => m.templateKey)).toEqual(['staff_new_booking'])
    // The cancel prompt of issue 36 item 9 says so.
    expect(ADMIN_MESSAGES.cancelEmailNote(made.name, made.email)).toBe('No email will be sent: this booking has no email address.')
  })

  it('an edit that takes the email away keeps the booking and the guest is emailed no more; the phone key follows the phone', async () => {
    const made = (await book(form({ email: 'was-here@example.com', phone: '01632 960 001' })).expect(201)).body
    const edited = (
      await staff
        .patch(`/api/admin/reservations/${made.id}`)
        .send({ ...form(), name: made.name, email: '', phone: '+44 7700 900 555', version: made.version })
        .expect(200)
    ).body
    expect(await stored(made.id)).toMatchObject({ email: null, phone: '+44 7700 900 555', phoneKey: '+447700900555' })
    await staff.patch(`/api/admin/reservations/${made.id}`).send({ status: 'cancelled', version: edited.version }).expect(200)
    expect((await outboxOf(made.id)).map((m) => m.templateKey).sort()).toEqual(['booking_confirmed', 'staff_new_booking'])
  })
})

describe('the public booking form', () => {
  it('still requires an email (SPEC.md section 5), and nothing is stored without one', async () => {
    const before = await count()
    for (const email of ['', undefined, null]) {
      const res = await request(t.app).post('/api/reservations').set('X-Forwarded-For', `198.51.100.${++n}`).send(guestBooking({ email, phone: '07700 900104' }))
      expect(res.status).toBe(400)
      expect(res.body.errors.email).toBe('Email is required')
    }
    expect(await count()).toBe(before)
  })
})

describe('search by phone (E.164)', () => {
  it("finds a booking typed '07700 900104' by '+44 7700 900104', '07700900104' and '07700 900 104', on any date, and a part of the number", async () => {
    const jan = (await book(form({ name: 'January Jones', phone: '07700 900104', date: '2027-01-09' })).expect(201)).body
    // A guest's own booking, typed the other way.
    const guest = (
      await request(t.app)
        .post('/api/reservations')
        .set('X-Forwarded-For', '203.0.113.7')
        .send(guestBooking({ name: 'Plus Forty-Four', email: 'plus44@example.com', phone: '+44 7700 900 104', date: '2026-12-05' }))
        .expect(201)
    ).body
    for (const q of ['+44 7700 900104', '07700900104', '07700 900 104', '(0)7700-900104', '+447700900104', '0044 7700 900104']) {
      const res = await search(`q=${encodeURIComponent(q)}&first=2026-11-21`).expect(200)
      const ids = res.body.map((r: { id: number }) => r.id)
      expect(ids, q).toContain(jan.id)
      expect(ids, q).toContain(guest.id)
    }
    for (const q of ['900104', '07700 900', '+44 7700 9001']) {
      expect(names(await search(`q=${encodeURIComponent(q)}`).expect(200)), q).toContain('January Jones')
    }
    expect(names(await search(`q=${encodeURIComponent('07700 900 999')}`).expect(200))).not.toContain('January Jones')
  })

  it('finds bookings stored before phones had keys (the migration keyed their UK numbers)', async () => {
    const [old] = await t.db.insert(reservations).values({ ...form({ name: 'Old Key', phone: '07700 900 888', date: '2026-12-01' }), email: null, phoneKey: null }).returning()
    // Unkeyed (as before the migration): still found by its digits as typed.
    expect(names(await search('q=07700900888').expect(200))).toContain('Old Key')
    // Migration 0014's own statement, as it ran on the bookings there were.
    const migration = readFileSync(new URL('../../server/db/migrations/0015_reservation_email_optional.sql', import.meta.url), 'utf8')
    const keying = migration.split('--> statement-breakpoint').find((statement) => /UPDATE "reservations" SET "phone_key"/.test(statement))!
    await t.db.$client.query(keying)
    expect((await stored(old!.id)).phoneKey).toBe('+447700900888')
    expect(names(await search(`q=${encodeURIComponent('+44 7700 900888')}`).expect(200))).toContain('Old Key')
  })
})

describe('search across every date', () => {
  it('puts the day on screen first, then upcoming (soonest first), then past (latest first)', async () => {
    const at = async (date: string, name: string, startTime = '19:00') =>
      t.db.insert(reservations).values({ ...form({ name, date, startTime }), email: `${name.replace(/\W/g, '').toLowerCase()}@example.com` })
    await at('2026-10-01', 'Zebedee Long Ago')
    await at('2027-01-09', 'Zebedee January')
    await at('2026-11-21', 'Zebedee Tonight', '20:00')
    await at('2026-11-21', 'Zebedee Lunch', '12:30')
    await at('2026-11-14', 'Zebedee Last Week')
    await at('2026-12-24', 'Zebedee Christmas Eve')
    const today = await search('q=zebedee&first=2026-11-21').expect(200)
    expect(names(today)).toEqual(['Zebedee Lunch', 'Zebedee Tonight', 'Zebedee Christmas Eve', 'Zebedee January', 'Zebedee Last Week', 'Zebedee Long Ago'])
    expect(today.headers['x-total-count']).toBe('6')
    // Looking at Christmas Eve: its bookings first, then the rest as before.
    const eve = await search('q=zebedee&first=2026-12-24').expect(200)
    expect(names(eve)).toEqual(['Zebedee Christmas Eve', 'Zebedee Lunch', 'Zebedee Tonight', 'Zebedee January', 'Zebedee Last Week', 'Zebedee Long Ago'])
    // Each result's place, as the panel labels it.
    expect(['2026-11-21', '2026-12-24', '2026-11-14'].map((d) => searchPlaceOf(d, '2026-11-21', '2026-11-21'))).toEqual(['shown', 'upcoming', 'past'])
    expect(['2026-11-21', '2026-12-24', '2026-11-14'].map((d) => searchPlaceOf(d, '2026-12-24', '2026-11-21'))).toEqual(['upcoming', 'shown', 'past'])
    // By email too, whatever its case.
    expect(names(await search('q=ZEBEDEEJANUARY%40EXAMPLE').expect(200))).toEqual(['Zebedee January'])
  })

  it(`answers at most ${RESERVATION_SEARCH_LIMIT} at once, with the whole count for 'showing the first'`, async () => {
    await t.db.insert(reservations).values(Array.from({ length: RESERVATION_SEARCH_LIMIT + 5 }, (_, i) => ({ ...form({ name: `Crowd ${i}`, date: '2027-02-13' }), email: null })))
    const res = await search(`q=crowd&first=2026-11-21&pageSize=${RESERVATION_SEARCH_LIMIT}`).expect(200)
    expect(res.body).toHaveLength(RESERVATION_SEARCH_LIMIT)
    expect(res.headers['x-total-count']).toBe(String(RESERVATION_SEARCH_LIMIT + 5))
    expect(searchCountText(RESERVATION_SEARCH_LIMIT + 5, res.body.length)).toBe(
      '55 bookings found: showing the first 50. Type more of the name, email or phone to narrow it down.',
    )
    expect(searchCountText(1, 1)).toBe('1 booking found')
  })

  it('refuses a search that is too long, not text, or a day that is not a date: 400, never a 500', async () => {
    const long = await search(`q=${'a'.repeat(101)}`).expect(400)
    expect(long.body.message).toBe('Search must be at most 100 characters')
    expect((await search(`q=${'a'.repeat(100)}`)).status).toBe(200)
    expect((await search('first=2026-02-30&q=x').expect(400)).body.message).toBe('Date must be a real date')
    expect((await search('q=a&q=b').expect(400)).body.errors).toHaveProperty('q')
    expect((await search(`q=${encodeURIComponent('x\u0000y')}`).expect(400)).body.errors).toHaveProperty('q')
  })

  it('is for staff only', async () => {
    await request(t.app).get('/api/admin/reservations?q=zebedee').expect(401)
  })
})
