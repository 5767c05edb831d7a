/**
 * The staff screens' live channel (issue 35, docs/decisions/0033): changes
 * committed through one app instance arrive on a stream opened on another,
 * through the database's notifications and each instance's own listener.
 * Instance A takes the writes and listens to nothing; instance B serves the
 * streams. Removing the reservations' insert trigger of migration 0021 fails
 * the cross-instance test (no event within the second); removing the
 * enquiries' triggers of migration 0028 fails the enquiry's test likewise.
 */
import type http from 'node:http'
import type { AddressInfo } from 'node:net'
import { pino } from 'pino'
import request from 'supertest'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SERVICE_CHANGES_CHANNEL, SESSION_ENDED_CHANNEL, LIVE_MESSAGES } from '#common/live'
import { createApp } from '../../server/app'
import { createUserService } from '../../server/auth/users'
import { createDb } from '../../server/db/client'
import { events } from '../../server/db/schema'
import { listenForNotifications, type Notifications } from '../../server/db/notifications'
import type { RouteDef } from '../../server/http/routes'
import type { LiveHub } from '../../server/live/live-hub'
import { afterFile } from '../helpers/after-file'
import { createTestApp, type TestApp } from '../helpers/app'
import { guestBooking } from '../helpers/guest-booking'
// @ts-expect-error a plain ESM helper shared with the live bench script
import { openEventStream } from '../helpers/event-stream.mjs'

type LiveEvent = { name: string; data: Record<string, unknown>; at: number }
type EventStream = {
  status: number
  headers: http.IncomingHttpHeaders
  body: () => Promise<{ message: string }>
  ended: Promise<void>
  next: (name: string, predicate?: (data: Record<string, unknown>) => boolean, timeoutMs?: number) => Promise<LiveEvent>
  close: () => void
}

let t: TestApp
let notifications: Notifications
let a: http.Server
let b: http.Server
let capped: http.Server
let hubB: LiveHub
let hubCapped: LiveHub
const urlOf = (server: http.Server) => `http://127.0.0.1:${(server.address() as AddressInfo).port}`

beforeAll(async () => {
  t = await createTestApp({ now: '2026-11-21T12:00:00Z', env: { TRUST_PROXY: 'true' } })
  const logger = pino({ level: 'silent' })
  notifications = listenForNotifications(t.url, logger, [SERVICE_CHANGES_CHANNEL, SESSION_ENDED_CHANNEL])
  afterFile(() => notifications.close())
  const dbB = createDb(t.url, { max: 5 })
  afterFile(() => dbB.$client.end())
  const appB = createApp({ ...t.deps, db: dbB }, { notifications })
  hubB = appB.services.live
  // A third instance with small caps, fed by the same listener.
  const appCapped = createApp({ ...t.deps, db: dbB }, { notifications, liveLimits: { perSession: 2, perInstance: 3, sessionCheckMs: 200 } })
  hubCapped = appCapped.services.live
  ;[a, b, capped] = [t.app.listen(0), appB.app.listen(0), appCapped.app.listen(0)]
  const users = createUserService(t.db)
  await users.create('live-staff', 'live-staff-password-42', { role: 'staff' })
  await users.create('live-owner', 'live-owner-password-42', { role: 'owner' })
  while (!notifications.listening()) await new Promise((resolve) => setTimeout(resolve, 20))
})
afterAll(async () => {
  hubB.closeAll()
  hubCapped.closeAll()
  await Promise.all([a, b, capped].map((server) => new Promise((resolve) => server.close(resolve))))
})

/** A signed-in session's cookie, one per user (sessions live in the database: any instance honours it). */
const cookies = new Map<string, Promise<string>>()
function sessionCookie(username: string): Promise<string> {
  if (!cookies.has(username)) cookies.set(username, signIn(username))
  return cookies.get(username)!
}
async function signIn(username: string): Promise<string> {
  const res = await request(a).post('/api/login').set('Sec-Fetch-Site', 'same-origin').send({ username, password: `${username}-password-42` }).expect(200)
  return (res.headers['set-cookie'] as unknown as string[]).map((c) => c.split(';')[0]).join('; ')
}
const streams: EventStream[] = []
async function open(server: http.Server, cookie?: string): Promise<EventStream> {
  const stream = (await openEventStream(`${urlOf(server)}/api/admin/live`, cookie ? { Cookie: cookie, 'Accept-Encoding': 'gzip' } : {})) as EventStream
  if (stream.status === 200) streams.push(stream)
  return stream
}
afterFile(() => streams.forEach((s) => s.close()))
const until = async (check: () => boolean, what: string) => {
  const started = Date.now()
  while (!check()) {
    if (Date.now() - started > 2_000) throw new Error(`Not within 2 s: ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
}

/** Fails unless the stream is closed by the server within a second. */
const closedWithinASecond = (stream: EventStream) =>
  Promise.race([stream.ended, new Promise((_, reject) => setTimeout(() => reject(new Error('the stream was not closed within a second')), 1_000))])

/** A guest books through instance A (from its own address), and the stream hears that booking within a second. */
async function hearsABooking(stream: EventStream, address: string, email: string, startTime: string) {
  const booked = await request(a).post('/api/reservations').set('X-Forwarded-For', address).send(guestBooking({ email, date: '2026-12-05', startTime })).expect(201)
  await stream.next('change', (d) => d.id === booked.body.id, 1_000)
}

describe('GET /api/admin/live', () => {
  it('needs a session (401) and is declared with reservations.read', async () => {
    const out = await open(b)
    expect(out.status).toBe(401)
    const route = (t.app.locals.routes as RouteDef[]).find((r) => r.path === '/api/admin/live')
    expect(route).toMatchObject({ method: 'get', permission: 'reservations.read' })
  })

  it('streams uncompressed and uncached Server-Sent Events, saying first that the instance hears changes', async () => {
    const stream = await open(b, await sessionCookie('live-staff'))
    expect(stream.status).toBe(200)
    expect(stream.headers['content-type']).toMatch(/^text\/event-stream/)
    expect(stream.headers['cache-control']).toMatch(/no-store/)
    expect(stream.headers['content-encoding']).toBeUndefined()
    await stream.next('ready')
    stream.close()
  })

  it('a guest booking made through instance A arrives on a stream of instance B within a second', async () => {
    const stream = await open(b, await sessionCookie('live-staff'))
    await stream.next('ready')
    const started = performance.now()
    const booked = await request(a)
      .post('/api/reservations')
      .set('X-Forwarded-For', '10.35.0.1')
      .send(guestBooking({ email: 'live-guest@example.com', date: '2026-12-05', startTime: '18:00' }))
      .expect(201)
    const event = await stream.next('change', (d) => d.id === booked.body.id, 1_000)
    expect(event.data).toEqual({ kind: 'reservation', date: '2026-12-05', id: booked.body.id })
    expect(event.at - started).toBeLessThan(1_000)
    stream.close()
  })

  it("a staff change and a cancellation arrive, and a move to another date announces both dates", async () => {
    const cookie = await sessionCookie('live-staff')
    const stream = await open(b, cookie)
    await stream.next('ready')
    const staff = request.agent(a).set('Sec-Fetch-Site', 'same-origin').set('Cookie', cookie)
    const made = (
      await staff
        .post('/api/admin/reservations')
        .send({ name: 'Phone Guest', email: 'phone-live@example.com', phone: '07700 900 351', date: '2026-12-12', startTime: '19:00', partySize: 4, foodDrinks: 'food_and_drinks', status: 'confirmed', force: true })
        .expect(201)
    ).body
    await stream.next('change', (d) => d.id === made.id && d.date === '2026-12-12', 1_000)
    const moved = (await staff.patch(`/api/admin/reservations/${made.id}`).send({ ...pick(made), date: '2026-12-19', force: true, version: made.version }).expect(200)).body
    await Promise.all([
      stream.next('change', (d) => d.id === made.id && d.date === '2026-12-12', 1_000),
      stream.next('change', (d) => d.id === made.id && d.date === '2026-12-19', 1_000),
    ])
    await staff.patch(`/api/admin/reservations/${made.id}`).send({ status: 'cancelled', version: moved.version }).expect(200)
    await stream.next('change', (d) => d.id === made.id && d.date === '2026-12-19', 1_000)
    stream.close()
  })

  it("a guest's event enquiry, a colleague marking it contacted and its deletion arrive, with no name or contact", async () => {
    const [event] = await t.db
      .insert(events)
      .values({ slug: 'live-christmas-party', title: 'Christmas Party Night', description: 'Three courses and a band.', date: '2026-12-18', time: '19:00', bookingType: 'enquiry' })
      .returning()
    const cookie = await sessionCookie('live-owner')
    const stream = await open(b, cookie)
    await stream.next('ready')
    const started = performance.now()
    const asked = await request(a)
      .post('/api/event-enquiries')
      .set('X-Forwarded-For', '10.35.0.9')
      .send({ eventId: event!.id, name: 'Party Planner', email: 'party-planner@example.com', phone: '07700 900 360', partySize: 12 })
      .expect(201)
    const event1 = await stream.next('change', (d) => d.kind === 'enquiry' && d.id === asked.body.id, 1_000)
    // The day it came in (UTC, as stored), and nothing of the guest's.
    const { rows } = await t.db.$client.query<{ day: string }>(`select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD') as day from event_enquiries where id = $1`, [asked.body.id])
    expect(event1.data).toEqual({ kind: 'enquiry', date: rows[0]!.day, id: asked.body.id })
    expect(event1.at - started).toBeLessThan(1_000)
    const staff = request.agent(a).set('Sec-Fetch-Site', 'same-origin').set('Cookie', cookie)
    await staff.patch(`/api/admin/event-enquiries/${asked.body.id}`).send({ status: 'contacted' }).expect(200)
    await stream.next('change', (d) => d.kind === 'enquiry' && d.id === asked.body.id, 1_000)
    await staff.delete(`/api/admin/event-enquiries/${asked.body.id}`).expect(204)
    await stream.next('change', (d) => d.kind === 'enquiry' && d.id === asked.body.id, 1_000)
    stream.close()
  })

  it('a party added to the walk-in queue on one instance, and marked gone, arrives on the other with no name', async () => {
    const cookie = await sessionCookie('live-staff')
    const stream = await open(b, cookie)
    await stream.next('ready')
    const staff = request.agent(a).set('Sec-Fetch-Site', 'same-origin').set('Cookie', cookie)
    const joined = await staff.post('/api/admin/walk-in-queue').send({ name: 'Queue Live', partySize: 2 }).expect(201)
    const event = await stream.next('change', (d) => d.kind === 'queue' && d.id === joined.body.id, 1_000)
    const { rows } = await t.db.$client.query<{ date: string }>('select date from walk_in_queue where id = $1', [joined.body.id])
    expect(event.data).toEqual({ kind: 'queue', date: rows[0]!.date, id: joined.body.id })
    await staff.patch(`/api/admin/walk-in-queue/${joined.body.id}`).send({ status: 'left', version: 1 }).expect(200)
    await stream.next('change', (d) => d.kind === 'queue' && d.id === joined.body.id, 1_000)
    stream.close()
  })

  it('forgets a stream at once when its client goes away', async () => {
    // The streams of the tests before, closed by their clients, gone first.
    await until(() => hubB.count() === 0, 'the earlier streams removed')
    const stream = await open(b, await sessionCookie('live-staff'))
    await stream.next('ready')
    expect(hubB.count()).toBe(1)
    stream.close()
    await until(() => hubB.count() === 0, 'the closed stream removed')
  })

  it('refuses streams over the caps of a session and of the instance with 429', async () => {
    const first = await sessionCookie('live-staff')
    const [one, two] = [await open(capped, first), await open(capped, first)]
    expect([one.status, two.status]).toEqual([200, 200])
    const third = await open(capped, first)
    expect(third.status).toBe(429)
    expect((await third.body()).message).toBe(LIVE_MESSAGES.tooManyStreams)
    const other = await sessionCookie('live-owner')
    const others = await open(capped, other)
    expect(others.status).toBe(200)
    const over = await open(capped, other)
    expect(over.status).toBe(429)
    expect((await over.body()).message).toBe(LIVE_MESSAGES.serverBusy)
    // A stream that ends makes room.
    one.close()
    await until(() => hubCapped.count() === 2, 'the closed stream removed')
    const last = await open(capped, other)
    expect(last.status).toBe(200)
    for (const stream of [two, others, last]) stream.close()
    await until(() => hubCapped.count() === 0, 'the caps test leaves the instance empty')
  })

  it('tells streams `stale` when the listener is cut off, `ready` when it is back, and changes flow again', async () => {
    const stream = await open(b, await sessionCookie('live-staff'))
    await stream.next('ready')
    const { rowCount } = await t.db.$client.query(
      "select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query like 'LISTEN%'",
    )
    expect(rowCount).toBe(1)
    await stream.next('stale', undefined, 1_000)
    await stream.next('ready', undefined, 2_000)
    await hearsABooking(stream, '10.35.0.2', 'live-after@example.com', '18:30')
    stream.close()
  })

  it("closes a stream within a second once its session ends on another instance, and leaves another session's open", async () => {
    const ending = await signIn('live-staff')
    const staying = await signIn('live-staff')
    const [gone, kept] = [await open(b, ending), await open(b, staying)]
    await Promise.all([gone.next('ready'), kept.next('ready')])
    const started = performance.now()
    // Signed out through instance A: its session row goes, and migration 0030's trigger announces it.
    await request(a).get('/api/logout').set('Sec-Fetch-Site', 'same-origin').set('Cookie', ending).expect(302)
    await closedWithinASecond(gone)
    expect(performance.now() - started).toBeLessThan(1_000)
    await until(() => hubB.count() === 1, 'the ended stream removed')
    // Refused on reconnecting, as the browser finds (and says signed out, asking /api/user: app/lib/live.ts).
    expect((await open(b, ending)).status).toBe(401)
    // The other session's stream still hears changes.
    await hearsABooking(kept, '10.35.0.3', 'live-kept@example.com', '19:00')
    kept.close()
  })

  it("closes a stream once its session passes its idle expiry, which no deletion announces, and leaves another session's open", async () => {
    const expiring = await signIn('live-owner')
    const staying = await signIn('live-owner')
    const [gone, kept] = [await open(capped, expiring), await open(capped, staying)]
    await Promise.all([gone.next('ready'), kept.next('ready')])
    // 12 hours unused: the row stays until housekeeping sweeps it, so no trigger fires.
    const { rowCount } = await t.db.$client.query(`update session set expire = now() - interval '1 second' where sid = $1`, [sidOf(expiring)])
    expect(rowCount).toBe(1)
    // The capped instance checks its streams' sessions every 200 ms.
    await closedWithinASecond(gone)
    expect((await open(capped, expiring)).status).toBe(401)
    await until(() => hubCapped.count() === 1, 'only the unexpired stream left')
    await hearsABooking(kept, '10.35.0.4', 'live-unexpired@example.com', '19:30')
    kept.close()
  })
})

/** The session id in a signed cookie `sid=s:<id>.<signature>`. */
function sidOf(cookie: string) {
  const value = decodeURIComponent(cookie.split('; ').find((c) => c.startsWith('sid='))!.slice('sid='.length))
  return value.slice('s:'.length, value.lastIndexOf('.'))
}

/** The fields of a staff edit, from the booking as the API answered it. */
function pick(r: Record<string, unknown>) {
  const { name, email, phone, date, startTime, partySize, foodDrinks, additionalInfo, status } = r
  return { name, email, phone, date, startTime, partySize, foodDrinks, status, additionalInfo: additionalInfo ?? '' }
}
