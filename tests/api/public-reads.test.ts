/**
 * Public JSON reads kept in memory (server/http/public-reads.ts): a change
 * made through the app shows on the very next request; a change the app
 * did not make (another instance, a direct write) shows within the
 * documented bound; kept answers carry the same headers as fresh ones.
 */
import { eq } from 'drizzle-orm'
import type http from 'node:http'
import { pino } from 'pino'
import request from 'supertest'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp } from '../../server/app'
import { createDb } from '../../server/db/client'
import { listenForContentChanges, type ContentChanges } from '../../server/db/content-changes'
import { events, hourExceptions } from '../../server/db/schema'
import { createTestApp, secondInstance, signedInAgent, type TestApp } from '../helpers/app'
import { dayVersion, settingVersion, versionOf } from '../helpers/versions'

// Saturday 21 November 2026, 12:00 in London. Seeded: Wednesdays 16:00-22:30, Mondays and Tuesdays closed.
let t: TestApp
let staff: Awaited<ReturnType<typeof signedInAgent>>
let other: http.Server
let listening: http.Server
let changes: ContentChanges
beforeAll(async () => {
  t = await createTestApp({ now: '2026-11-21T12:00:00Z', env: { TRUST_PROXY: 'true' } })
  staff = await signedInAgent(t)
  other = secondInstance(t).app.listen(0)
  // A third instance as production runs it: hearing the database's announcements of content changes.
  const db = createDb(t.url, { max: 5 })
  changes = listenForContentChanges(t.url, pino({ level: 'silent' }))
  listening = createApp({ ...t.deps, db }, { contentChanges: changes }).app.listen(0)
  for (let i = 0; i < 100 && !changes.listening(); i++) await sleep(20)
  return async () => {
    await changes.close()
    await db.$client.end()
  }
})
afterAll(() => Promise.all([other, listening].map((server) => new Promise((resolve) => server.close(resolve)))))

let n = 0
const createEvent = async () =>
  (
    await staff
      .post('/api/admin/events')
      .send({ title: `Cached Quiz ${++n}`, description: 'Six rounds.', date: '2026-12-10', time: '19:30', status: 'published' })
      .expect(201)
  ).body as { id: number; slug: string }
const upcomingSlugs = async (app: http.Server | TestApp['app'] = t.app) =>
  (await request(app).get('/api/events/upcoming').expect(200)).body.map((e: { slug: string }) => e.slug)
const slotsOn = async (date: string, app: http.Server | TestApp['app'] = t.app) =>
  (await request(app).get(`/api/availability/slots/${date}`).expect(200)).body.map((s: { startTime: string }) => s.startTime)
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

describe('a staff change shows on the next request', () => {
  it('an event put back to draft leaves the list and its page at once', async () => {
    const event = await createEvent()
    expect(await upcomingSlugs()).toContain(event.slug)
    await request(t.app).get(`/api/events/${event.slug}`).expect(200)
    await staff.patch(`/api/admin/events/${event.id}`).send({ status: 'draft', version: await versionOf(t.db, 'events', event.id) }).expect(200)
    expect(await upcomingSlugs()).not.toContain(event.slug)
    await request(t.app).get(`/api/events/${event.slug}`).expect(404)
  })

  it('a new event, and a deleted one, show at once', async () => {
    expect(await upcomingSlugs()).toBeInstanceOf(Array)
    const event = await createEvent()
    expect(await upcomingSlugs()).toContain(event.slug)
    await staff.delete(`/api/admin/events/${event.id}`).expect(204)
    expect(await upcomingSlugs()).not.toContain(event.slug)
  })

  it('a new hour exception shows in the exceptions and closes the date', async () => {
    expect((await request(t.app).get('/api/hour-exceptions').expect(200)).body).toEqual([])
    expect(await slotsOn('2026-12-16')).toHaveLength(13) // a Wednesday
    await staff.post('/api/admin/hour-exceptions').send({ date: '2026-12-16', isClosed: true, reason: 'Staff party' }).expect(201)
    expect((await request(t.app).get('/api/hour-exceptions').expect(200)).body).toMatchObject([{ date: '2026-12-16', isClosed: true }])
    expect(await slotsOn('2026-12-16')).toEqual([])
  })

  it('a weekday opened shows in the opening hours', async () => {
    const monday = async () =>
      (await request(t.app).get('/api/opening-hours').expect(200)).body.find((d: { dayOfWeek: number }) => d.dayOfWeek === 1)
    expect((await monday())?.isClosed ?? true).toBe(true)
    await staff.put('/api/admin/opening-hours/1').send({ isClosed: false, version: await dayVersion(t.db, 1) }).expect(200)
    expect((await monday()).isClosed).toBe(false)
    await staff.put('/api/admin/opening-hours/1').send({ isClosed: true, version: await dayVersion(t.db, 1) }).expect(200)
  })

  it('a public setting saved shows at once, and so do booking rules in availability', async () => {
    await request(t.app).get('/api/site-settings/venue_phone').expect(200)
    await staff.put('/api/admin/site-settings/venue_phone').send({ value: '01279 000 111', version: await settingVersion(t.db, 'venue_phone') }).expect(200)
    expect((await request(t.app).get('/api/site-settings/venue_phone').expect(200)).body).toEqual({ key: 'venue_phone', value: '01279 000 111' })
    expect(await slotsOn('2026-12-23')).toHaveLength(13)
    await staff.put('/api/admin/site-settings/booking_max_days_ahead').send({ value: 7, version: await settingVersion(t.db, 'booking_max_days_ahead') }).expect(200)
    expect(await slotsOn('2026-12-23')).toEqual([])
    await staff.put('/api/admin/site-settings/booking_max_days_ahead').send({ value: 90, version: await settingVersion(t.db, 'booking_max_days_ahead') }).expect(200)
    expect(await slotsOn('2026-12-23')).toHaveLength(13)
  })

  it('a booking that fills a slot takes it off the next availability answer', async () => {
    await t.services.settings.set('booking_max_covers_per_slot', '4')
    expect(await slotsOn('2026-12-30')).toContain('19:00')
    await request(t.app)
      .post('/api/reservations')
      .set('X-Forwarded-For', '10.91.0.1')
      .send({ name: 'Full Table', email: 'full@example.com', phone: '07700 900 000', date: '2026-12-30', startTime: '19:00', partySize: 4 })
      .expect(201)
    expect(await slotsOn('2026-12-30')).not.toContain('19:00')
    await t.services.settings.set('booking_max_covers_per_slot', '0')
  })
})

describe('answers kept in memory', () => {
  it('are reused for up to a second: a write the app did not make shows after it', async () => {
    expect(await slotsOn('2027-01-06')).toHaveLength(13)
    await t.db.insert(hourExceptions).values({ date: '2027-01-06', isClosed: true, reason: 'Written directly' })
    expect(await slotsOn('2027-01-06')).toHaveLength(13)
    // A second for the kept answer, and a second for the date's bookings and hours under it.
    await sleep(2100)
    expect(await slotsOn('2027-01-06')).toEqual([])
  })

  it('on another instance show a change within a second', async () => {
    const event = await createEvent()
    expect(await upcomingSlugs(other)).toContain(event.slug)
    await staff.patch(`/api/admin/events/${event.id}`).send({ status: 'draft', version: await versionOf(t.db, 'events', event.id) }).expect(200)
    expect(await upcomingSlugs()).not.toContain(event.slug)
    await sleep(1100)
    expect(await upcomingSlugs(other)).not.toContain(event.slug)
  })

  it('on an instance hearing the announcements show a change as soon as it is announced, a write made with SQL too', async () => {
    const event = await createEvent()
    expect(await upcomingSlugs(listening)).toContain(event.slug)
    await staff.patch(`/api/admin/events/${event.id}`).send({ status: 'draft', version: await versionOf(t.db, 'events', event.id) }).expect(200)
    // Well inside the second the answer would otherwise be kept.
    const shows = async () => {
      for (const started = performance.now(); performance.now() - started < 500; await sleep(10)) {
        if (!(await upcomingSlugs(listening)).includes(event.slug)) return true
      }
      return false
    }
    expect(await shows()).toBe(true)
    await t.db.update(events).set({ status: 'published' }).where(eq(events.id, event.id))
    for (const started = performance.now(); performance.now() - started < 500; await sleep(10)) {
      if ((await upcomingSlugs(listening)).includes(event.slug)) break
    }
    expect(await upcomingSlugs(listening)).toContain(event.slug)
  })

  it('follow the app clock: a new day answers afresh', async () => {
    const event = await createEvent()
    await t.db.update(events).set({ date: '2026-11-22' }).where(eq(events.id, event.id))
    t.services.publicReads.drop('events')
    expect(await upcomingSlugs()).toContain(event.slug)
    t.clock.set('2026-11-23T12:00:00Z')
    try {
      expect(await upcomingSlugs()).not.toContain(event.slug)
    } finally {
      t.clock.set('2026-11-21T12:00:00Z')
    }
  })

  it('carry the headers of a fresh answer, compressed as the client accepts', async () => {
    const get = () => request(t.app).get('/api/events/upcoming?headers').set('Accept-Encoding', 'gzip').expect(200)
    const fresh = await get()
    const kept = await get()
    for (const res of [fresh, kept]) {
      expect(res.headers).toMatchObject({
        'content-type': 'application/json; charset=utf-8',
        'cache-control': 'no-store',
        'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
        'x-content-type-options': 'nosniff',
        'x-frame-options': 'DENY',
        vary: 'Accept-Encoding',
        'content-encoding': 'gzip',
      })
      expect(res.headers['x-request-id']).toBeTruthy()
    }
    const names = (res: request.Response) => Object.keys(res.headers).sort()
    expect(names(kept)).toEqual(names(fresh))
    expect(kept.headers['x-request-id']).not.toBe(fresh.headers['x-request-id'])
    expect(kept.body).toEqual(fresh.body)
    const plain = await request(t.app).get('/api/events/upcoming?headers').set('Accept-Encoding', 'identity').expect(200)
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(Number(plain.headers['content-length'])).toBeGreaterThan(Number(kept.headers['content-length']))
    expect(plain.body).toEqual(kept.body)
  })

  it('are never an error: a missing event stays a 404 with its message', async () => {
    for (let i = 0; i < 2; i++) expect((await request(t.app).get('/api/events/no-such-event').expect(404)).body).toEqual({ message: 'Event not found' })
  })
})
