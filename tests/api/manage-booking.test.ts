import { eq } from 'drizzle-orm'
import request from 'supertest'
import { beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { BOOKING_SETTING_DEFAULTS } from '#common/settings'
import { emailOutbox, reservationHistory, reservations } from '../../server/db/schema'
import { manageLinkFor } from '../../server/reservations/manage-link'
import { signToken } from '../../server/signed-tokens'
import { phoneOf } from '../helpers/guest-booking'
import { createTestApp, secondInstance, signedInAgent, type TestApp } from '../helpers/app'

// Saturday 21 November 2026, 12:00 in London (GMT). Saturdays open 12:00-23:30, Mondays are closed.
let t: TestApp
beforeAll(async () => {
  // Many bookings in one frozen hour: the site's challenge threshold is guest-limits.test.ts's to test.
  t = await createTestApp({ now: '2026-11-21T12:00:00Z', env: { TRUST_PROXY: 'true', CHALLENGE_AFTER_SITE: '100000' } })
  await t.services.settings.set('venue_notification_email', 'staff@example.com')
})
beforeEach(async () => {
  t.clock.set('2026-11-21T12:00:00Z')
  for (const [key, value] of Object.entries(BOOKING_SETTING_DEFAULTS)) {
    if (key !== 'venue_notification_email') await t.services.settings.set(key, value)
  }
})

let counter = 0
const nextIp = () => `10.9.${(++counter >> 8) & 255}.${counter & 255}`
// Each guest with a phone of their own, as real guests have (the per-phone limit counts it).
const guest = (over: Record<string, unknown> = {}) => ({
  name: 'Ann Guest',
  email: `manage${++counter}@example.com`,
  phone: phoneOf(`manage${counter}@example.com`),
  date: '2026-12-05',
  startTime: '19:00',
  partySize: 2,
  foodDrinks: 'food_and_drinks',
  ...over,
})
async function book(over: Record<string, unknown> = {}) {
  const res = await request(t.app).post('/api/reservations').set('X-Forwarded-For', nextIp()).send(guest(over)).expect(201)
  return res.body as { id: number; date: string; email: string }
}
const tokenOf = (id: number, date: string) => manageLinkFor(t.config, 'http://localhost', id, date).split('/').at(-1)!
const api = (token: string, rest = '') => `/api/manage-booking/${token}${rest}`
const row = async (id: number) => (await t.db.select().from(reservations).where(eq(reservations.id, id)))[0]!
const outboxOf = async (id: number) => (await t.db.select().from(emailOutbox).where(eq(emailOutbox.reservationId, id))).map((m) => m.templateKey).sort()
const times = (body: { startTime: string }[]) => body.map((s) => s.startTime)

describe('the manage link', () => {
  it('reads the booking it was made for, and says what the guest may do', async () => {
    const b = await book()
    const res = await request(t.app).get(api(tokenOf(b.id, b.date))).expect(200)
    expect(res.body).toMatchObject({
      booking: { name: 'Ann Guest', date: '2026-12-05', startTime: '19:00', partySize: 2, status: 'confirmed', eventTitle: null },
      state: 'open',
      venuePhone: '01279 555 014',
    })
  })

  it('a token for booking A cannot read or change booking B', async () => {
    const a = await book()
    const b = await book({ startTime: '20:00' })
    const tokenA = tokenOf(a.id, a.date)
    expect((await request(t.app).get(api(tokenA)).expect(200)).body.booking.startTime).toBe('19:00')
    // The id travels inside the signed token: swapping it breaks the signature.
    const [body, mac] = tokenA.split('.')
    const decoded = JSON.parse(Buffer.from(body!, 'base64url').toString())
    decoded.p.r = b.id
    const forged = `${Buffer.from(JSON.stringify(decoded)).toString('base64url')}.${mac}`
    const res = await request(t.app).patch(api(forged)).send({ date: '2026-12-05', startTime: '21:00', partySize: 2 }).expect(404)
    expect(res.body.message).toBe('This link does not work. Please use the link in the latest email we sent you, or call us on 01279 555 014.')
    await request(t.app).post(api(forged, '/cancel')).expect(404)
    expect((await row(b.id)).startTime).toBe('20:00')
    expect((await row(b.id)).status).toBe('confirmed')
  })

  it('refuses an altered, a foreign or an expired token and changes nothing', async () => {
    const b = await book()
    const token = tokenOf(b.id, b.date)
    const altered = token.slice(0, -2) + (token.endsWith('AA') ? 'BB' : 'AA')
    for (const bad of [altered, 'not-a-token', `${token}.extra`, signToken(t.config.sessionSecret, 'unsubscribe', { r: b.id }, new Date('2030-01-01'))]) {
      await request(t.app).get(api(bad)).expect(404)
      await request(t.app).post(api(bad, '/cancel')).expect(404)
    }
    // A week after the visit the link has expired.
    t.clock.set('2026-12-13T12:00:00Z')
    const expired = await request(t.app).get(api(token)).expect(410)
    expect(expired.body.message).toBe('This link has expired. If you need help with a booking, please call us on 01279 555 014.')
    expect((await row(b.id)).status).toBe('confirmed')
    expect((await row(b.id)).changedBy).toBeNull()
  })

  it('moves a booking: frees the old seats at once, records who and when, emails the guest and alerts staff', async () => {
    await t.services.settings.set('booking_capacity_covers', '4')
    const b = await book({ date: '2026-12-04', partySize: 4 })
    const token = tokenOf(b.id, b.date)
    expect(times((await request(t.app).get('/api/availability/slots/2026-12-04?partySize=2').expect(200)).body)).not.toContain('19:00')
    // Its own seats do not count against a move: 19:30 overlaps 19:00's table and is still offered.
    expect(times((await request(t.app).get(api(token, '/slots/2026-12-04?partySize=4')).expect(200)).body)).toContain('19:30')

    t.clock.set('2026-11-22T09:15:00Z')
    const res = await request(t.app).patch(api(token)).send({ date: '2026-12-04', startTime: '21:30', partySize: 3 }).expect(200)
    expect(res.body).toMatchObject({ changed: true, booking: { startTime: '21:30', partySize: 3, status: 'confirmed' }, state: 'open' })
    const saved = await row(b.id)
    expect(saved).toMatchObject({ startTime: '21:30', partySize: 3, changedBy: 'guest' })
    expect(saved.changedAt?.toISOString()).toBe('2026-11-22T09:15:00.000Z')
    expect(times((await request(t.app).get('/api/availability/slots/2026-12-04?partySize=4').expect(200)).body)).toContain('19:00')
    expect(await outboxOf(b.id)).toEqual(['booking_changed', 'booking_confirmed', 'staff_booking_changed', 'staff_new_booking'])
    const history = await t.db.select().from(reservationHistory).where(eq(reservationHistory.reservationId, b.id))
    expect(history).toMatchObject([{ kind: 'changed', actor: 'guest', detail: '7:00 PM → 9:30 PM; 4 → 3 guests' }])
  })

  it('sends a party made 7 or more back to pending', async () => {
    const b = await book({ partySize: 4 })
    const res = await request(t.app).patch(api(tokenOf(b.id, b.date))).send({ date: '2026-12-05', startTime: '19:00', partySize: 8 }).expect(200)
    expect(res.body.booking.status).toBe('pending')
    expect((await row(b.id)).status).toBe('pending')
  })

  it('a move to a full slot gets 409 and leaves the booking as it was', async () => {
    await t.services.settings.set('booking_capacity_covers', '6')
    const b = await book({ date: '2026-12-12', startTime: '18:00', partySize: 2 })
    await book({ date: '2026-12-12', startTime: '20:00', partySize: 6 })
    const res = await request(t.app).patch(api(tokenOf(b.id, b.date))).send({ date: '2026-12-12', startTime: '20:00', partySize: 2 }).expect(409)
    expect(res.body.message).toBe('Sorry, 8:00 PM is no longer available for 2 guests. Please choose another time.')
    expect(await row(b.id)).toMatchObject({ startTime: '18:00', partySize: 2, status: 'confirmed', changedBy: null })
    expect(await outboxOf(b.id)).toEqual(['booking_confirmed', 'staff_new_booking'])
  })

  it('refuses a change or cancellation inside 2 hours, and says to phone', async () => {
    const b = await book({ date: '2026-11-28', startTime: '19:00' })
    const token = tokenOf(b.id, b.date)
    // 19:00 GMT on the 28th; 17:00:01 is inside the 2 hours.
    t.clock.set('2026-11-28T17:00:01Z')
    const view = await request(t.app).get(api(token)).expect(200)
    expect(view.body.state).toBe('phone')
    const phoneOnly = 'Your table is less than 2 hours away, so it can no longer be changed or cancelled online. Please call us on 01279 555 014.'
    expect((await request(t.app).patch(api(token)).send({ date: '2026-12-05', startTime: '19:00', partySize: 2 }).expect(409)).body.message).toBe(phoneOnly)
    expect((await request(t.app).post(api(token, '/cancel')).expect(409)).body.message).toBe(phoneOnly)
    expect((await row(b.id)).status).toBe('confirmed')
    t.clock.set('2026-11-28T16:59:59Z')
    expect((await request(t.app).get(api(token)).expect(200)).body.state).toBe('open')
  })

  it('cancels: the seats are free at once, the guest and staff are told, and a second cancel is refused', async () => {
    await t.services.settings.set('booking_capacity_covers', '4')
    const b = await book({ date: '2026-12-11', startTime: '19:00', partySize: 4 })
    const token = tokenOf(b.id, b.date)
    const res = await request(t.app).post(api(token, '/cancel')).set('X-Forwarded-For', '203.0.113.77').expect(200)
    expect(res.body).toMatchObject({ booking: { status: 'cancelled' }, state: 'cancelled' })
    expect(times((await request(t.app).get('/api/availability/slots/2026-12-11?partySize=4').expect(200)).body)).toContain('19:00')
    expect(await outboxOf(b.id)).toEqual(['booking_cancelled', 'booking_confirmed', 'staff_booking_changed', 'staff_new_booking'])
    expect((await request(t.app).post(api(token, '/cancel')).expect(409)).body.message).toBe('This booking has been cancelled.')
    const history = await t.db.select().from(reservationHistory).where(eq(reservationHistory.reservationId, b.id))
    expect(history).toMatchObject([{ kind: 'cancelled', actor: 'guest' }])
    // One audit row, the guest's, from the guest's address: the refused second cancel wrote none.
    const audit = await t.db.$client.query("select username, role, action, summary, before, after, address from audit_log where entity_type = 'reservation' and entity_id = $1", [String(b.id)])
    expect(audit.rows).toEqual([
      {
        username: 'guest',
        role: 'guest',
        action: 'cancel',
        summary: 'cancelled the booking of Ann Guest, 4 guests, 19:00 on 11 Dec 2026',
        before: { status: 'confirmed' },
        after: { status: 'cancelled' },
        address: '203.0.113.77',
      },
    ])
  })

  it('answers 400 with the field for a bad change, and changes nothing', async () => {
    const b = await book()
    const token = tokenOf(b.id, b.date)
    const res = await request(t.app).patch(api(token)).send({ date: '2026-02-30', startTime: '7pm', partySize: 0 }).expect(400)
    expect(res.body.errors).toMatchObject({
      date: 'Date must be a valid date (YYYY-MM-DD)',
      startTime: 'Start time must be a time such as 19:30',
      partySize: 'Number of guests must be between 1 and 20',
    })
    expect((await row(b.id)).changedBy).toBeNull()
  })

  it('gives the visit as a calendar file', async () => {
    const b = await book()
    const res = await request(t.app).get(api(tokenOf(b.id, b.date), '/calendar.ics')).expect(200)
    expect(res.headers['content-type']).toContain('text/calendar')
    expect(res.text).toContain('DTSTART:20261205T190000Z')
    expect(res.text).toContain('DTEND:20261205T210000Z')
  })

  it('shows the history of a booking to staff: made, changed by the guest, cancelled by staff', async () => {
    const b = await book()
    await request(t.app).patch(api(tokenOf(b.id, b.date))).send({ date: '2026-12-05', startTime: '20:00', partySize: 2 }).expect(200)
    const agent = await signedInAgent(t)
    t.clock.advance(60_000)
    // Version 2: the guest's change raised it.
    await agent.patch(`/api/admin/reservations/${b.id}`).send({ status: 'cancelled', version: 2 }).expect(200)
    const res = await agent.get(`/api/admin/reservations/${b.id}/history`).expect(200)
    expect(res.body.map((e: { kind: string; actor: string }) => `${e.kind} by ${e.actor}`)).toEqual(['created by guest', 'changed by guest', 'cancelled by staff'])
    expect((await row(b.id)).changedBy).toBe('staff')
    await request(t.app).get(`/api/admin/reservations/${b.id}/history`).expect(401)
  })
})

describe('guest changes racing new bookings', () => {
  it('never overbook: many guests moving into one evening while others book it, on two app instances', async () => {
    await t.services.settings.set('booking_capacity_covers', '10')
    await t.services.settings.set('booking_max_covers_per_slot', '0')
    const other = secondInstance(t)
    // Ten parties of 2 on another evening, each trying to move to 19:00 on the 19th, while ten new parties of 2 book it.
    const movers = await Promise.all(Array.from({ length: 10 }, (_, i) => book({ date: '2026-12-18', startTime: i % 2 ? '18:00' : '20:00' })))
    const apps = [t.app, other.app]
    const results = await Promise.all([
      ...movers.map((m, i) =>
        request(apps[i % 2]!).patch(api(tokenOf(m.id, m.date))).send({ date: '2026-12-19', startTime: '19:00', partySize: 2 }),
      ),
      ...Array.from({ length: 10 }, (_, i) =>
        request(apps[(i + 1) % 2]!).post('/api/reservations').set('X-Forwarded-For', nextIp()).send(guest({ date: '2026-12-19', startTime: '19:00' })),
      ),
    ])
    const ok = results.filter((r) => r.status === 200 || r.status === 201).length
    expect(results.every((r) => [200, 201, 409].includes(r.status))).toBe(true)
    expect(ok).toBe(5)
    const { rows } = await t.db.$client.query(`select coalesce(sum(party_size), 0)::int as seated from reservations where date = '2026-12-19' and status <> 'cancelled'`)
    expect(rows[0].seated).toBe(10)
  })
})
