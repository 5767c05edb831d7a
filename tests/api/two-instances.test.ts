/**
 * The guarantees that hold across app instances, tested where they can fail:
 * two apps on one database, each with its own pool and its own in-process
 * booking queue (which serialises one app's bookings, so a test with one app
 * never contends on the advisory lock). What each rests on, as seen by
 * removing it (issue 31):
 *
 * - the last covers, and an event's capacity: the date lock of
 *   reservations-data.ts (`lockDatesQuery`). Without it both fail: 20 covers
 *   where 10 may go.
 * - one key sent to both at once: the date lock or the unique index on
 *   reservations.idempotency_key, either alone. It passes with one of them
 *   removed and fails with both (six bookings for one key).
 * - two different bookings with one key: the unique index alone (they are on
 *   different dates, so they take different locks). Without it both answer 201.
 */
import { and, eq, sql } from 'drizzle-orm'
import type http from 'node:http'
import request from 'supertest'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { events, reservations } from '../../server/db/schema'
import { createTestApp, secondInstance, type TestApp } from '../helpers/app'
import { phoneOf, seededPreference } from '../helpers/guest-booking'

let t: TestApp
let apps: [http.Server, http.Server]
beforeAll(async () => {
  // Hundreds of bookings in one frozen hour: the site's challenge threshold is guest-limits.test.ts's to test.
  t = await createTestApp({ now: '2026-11-21T12:00:00Z', env: { TRUST_PROXY: 'true', CHALLENGE_AFTER_SITE: '100000' } })
  // Both listening already, so a burst of requests reaches both at once.
  apps = [t.app.listen(0), secondInstance(t).app.listen(0)]
})
afterAll(() => Promise.all(apps.map((server) => new Promise((resolve) => server.close(resolve)))))
beforeEach(async () => {
  await t.services.settings.set('booking_capacity_covers', '10')
  await t.services.settings.set('booking_max_covers_per_slot', '0')
})

let n = 0
// Each guest with a phone of their own, as real guests have (the per-phone limit counts it).
const guest = (over: Record<string, unknown> = {}) => ({
  name: 'Two Apps',
  email: `two-apps-${++n}@example.com`,
  phone: phoneOf(`two-apps-${n}@example.com`),
  partySize: 2,
  // Drinks Only from the kitchen's last orders, as the booking page sends it (issue 36); event bookings have none.
  ...(typeof over.date === 'string' && typeof over.startTime === 'string' && { foodDrinks: seededPreference(over.date, over.startTime) }),
  ...over,
})
const post = (app: http.Server, body: object, headers: Record<string, string> = {}) =>
  request(app).post('/api/reservations').set('X-Forwarded-For', `10.44.${(++n >> 8) & 255}.${n & 255}`).set(headers).send(body)

const coversAt = async (date: string, startTime?: string) =>
  (
    await t.db
      .select({ covers: sql<number>`coalesce(sum(${reservations.partySize}), 0)::int` })
      .from(reservations)
      .where(and(eq(reservations.date, date), startTime ? eq(reservations.startTime, startTime) : undefined, sql`status <> 'cancelled'`))
  )[0]!.covers

describe('two app instances on one database', () => {
  it('give the last 10 covers to one party: at 6 times on 3 Saturdays, parties of 10 race on both instances', async () => {
    // Two hours apart, so each booking's table is free again by the next time.
    const times = ['12:00', '14:00', '16:00', '18:00', '20:00', '22:00']
    const saturdays = ['2027-01-02', '2027-01-09', '2027-01-16']
    // Connections open first, so neither instance starts late.
    await Promise.all(apps.map((app) => request(app).get('/api/availability/slots/2027-01-02').expect(200)))
    for (const date of saturdays) {
      await Promise.all(
        times.flatMap((startTime) => [0, 1, 2, 3].map((i) => post(apps[i % 2]!, guest({ date, startTime, partySize: 10 })))),
      )
    }
    for (const date of saturdays) for (const startTime of times) expect(await coversAt(date, startTime), `${date} ${startTime}`).toBe(10)
  })

  it('keep an event to its capacity: in each of 6 events, parties of 10 race for 10 places on both instances', async () => {
    const made = await t.db
      .insert(events)
      .values(
        Array.from({ length: 6 }, (_, i) => ({
          slug: `two-apps-jazz-${i}`,
          title: `Jazz ${i}`,
          description: 'Jazz',
          date: `2026-12-${String(7 + i).padStart(2, '0')}`,
          time: '19:30',
          bookingType: 'table',
          capacity: 10,
        })),
      )
      .returning()
    await Promise.all(
      made.flatMap((event) => [0, 1, 2, 3].map((i) => post(apps[i % 2]!, guest({ date: event.date, time: '19:30', eventId: event.id, partySize: 10 })))),
    )
    for (const event of made) {
      const [row] = await t.db
        .select({ covers: sql<number>`coalesce(sum(${reservations.partySize}), 0)::int` })
        .from(reservations)
        .where(eq(reservations.eventId, event.id))
      expect(row!.covers, event.title).toBe(10)
    }
  })

  it('replay one booking for an Idempotency-Key sent to both at once, three times each', async () => {
    const body = guest({ date: '2026-12-19', startTime: '20:00' })
    const key = 'two-apps-same-key-0001'
    const answers = await Promise.all([0, 1, 2, 3, 4, 5].map((i) => post(apps[i % 2]!, body, { 'Idempotency-Key': key })))
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201, 201, 201, 201])
    expect(new Set(answers.map((a) => a.body.id)).size).toBe(1)
    expect(await t.db.select().from(reservations).where(eq(reservations.email, body.email as string))).toHaveLength(1)
  })

  it('refuse the second of two different bookings sent with one key to both at once (the unique-key fallback)', async () => {
    // Different dates take different locks: the database's unique key decides, and the loser is told why.
    const key = 'two-apps-same-key-0002'
    const email = `fallback-${Date.now()}@example.com`
    const [a, b] = await Promise.all([
      post(apps[0], guest({ email, date: '2026-12-19', startTime: '16:00' }), { 'Idempotency-Key': key }),
      post(apps[1], guest({ email, date: '2026-12-26', startTime: '16:00' }), { 'Idempotency-Key': key }),
    ])
    expect([a.status, b.status].sort()).toEqual([201, 422])
    expect(await t.db.select().from(reservations).where(eq(reservations.email, email))).toHaveLength(1)
  })
})
