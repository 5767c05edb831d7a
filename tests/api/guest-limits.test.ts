/**
 * One address cannot empty an evening (issue 31, item 2; docs/decisions/0021):
 * a large party's request holds its seats for 30 minutes unless its guest
 * confirms it from their email; one email, phone or address holds a few
 * bookings of a date at most; past a few attempts an hour the form must send a
 * solved proof-of-work challenge. And the booking endpoint does not tell a
 * stranger whether someone else has a booking then (item 8).
 */
import { and, eq } from 'drizzle-orm'
import request from 'supertest'
import { beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { guestConfirmationOf } from '#common/admin-reservations-schema'
import { BOOKING_SETTING_DEFAULTS } from '#common/settings'
import { emailOutbox, reservations } from '../../server/db/schema'
import { startWorker } from '../../server/jobs/worker'
import { afterFile } from '../helpers/after-file'
import { solvedChallenge } from '../helpers/altcha'
import { createTestApp, signedInAgent, type TestApp } from '../helpers/app'
import { guestBooking } from '../helpers/guest-booking'
import { startSmtpServer } from '../helpers/smtp'

// Saturday 21 November 2026, 12:00 in London. Saturdays open 12:00-23:30; 60 covers; parties over 6 wait for staff.
const NOON = '2026-11-21T12:00:00Z'
const MINUTE = 60_000
let t: TestApp
let smtp: Awaited<ReturnType<typeof startSmtpServer>>

beforeAll(async () => {
  smtp = await startSmtpServer()
  t = await createTestApp({ now: NOON, env: { TRUST_PROXY: 'true', SMTP_URL: smtp.url } })
  const worker = await startWorker(t.deps, t.services, { pollInterval: 100 })
  afterFile(() => worker.stop())
})
beforeEach(async () => {
  t.clock.set(NOON)
  for (const [key, value] of Object.entries(BOOKING_SETTING_DEFAULTS)) await t.services.settings.set(key, value)
  await t.services.settings.set('booking_max_covers_per_slot', '0')
})

let n = 0
/** A guest of their own (email and phone), from an address of their own unless one is given. */
const guest = (over: Record<string, unknown> = {}) => guestBooking({ email: `limits-${++n}@example.com`, ...over })
const nextIp = () => `10.31.${(++n >> 8) & 255}.${n & 255}`
const book = (body: object, from = nextIp()) => request(t.app).post('/api/reservations').set('X-Forwarded-For', from).send(body)
const slots = async (date: string, partySize = 2) =>
  (await request(t.app).get(`/api/availability/slots/${date}?partySize=${partySize}`).expect(200)).body.map((s: { startTime: string }) => s.startTime)
const rowsOn = (date: string) => t.db.select().from(reservations).where(eq(reservations.date, date))
/** Moves the clock on, and lets availability's one-second cache go (a booking re-reads under its lock anyway). */
async function after(ms: number) {
  t.clock.advance(ms)
  t.services.reservations.forgetDays()
}

describe('the attack: parties of 20 that nobody confirms', () => {
  it('from one address, ten requests cannot keep the evening: after 30 minutes a real party of 2 books its last covers', async () => {
    const date = '2026-12-12'
    const attacker = '198.51.100.7'
    const answers: number[] = []
    for (let i = 0; i < 10; i++) answers.push((await book(guest({ date, startTime: '19:00', partySize: 20 }), attacker)).status)
    // Three fill the 60 covers (pending, holding them); two more find them full; past five attempts the form must prove work.
    expect(answers).toEqual([201, 201, 201, 409, 409, 400, 400, 400, 400, 400])
    expect(await slots(date)).not.toContain('19:00')
    await book(guest({ date, startTime: '19:00' })).expect(409)

    await after(29 * MINUTE)
    expect(await slots(date)).not.toContain('19:00')
    await after(2 * MINUTE)
    // Their 30 minutes are over: the time is offered again, and a real guest from the form books it.
    expect(await slots(date)).toContain('19:00')
    const real = await book(guest({ date, startTime: '19:00' })).expect(201)
    expect(real.body.status).toBe('confirmed')
    // The requests stay, pending, for staff: not confirmed by the guest.
    const pending = (await rowsOn(date)).filter((r) => r.partySize === 20)
    expect(pending).toHaveLength(3)
    for (const r of pending) {
      expect(r.status).toBe('pending')
      expect(guestConfirmationOf({ status: r.status as 'pending', holdUntil: r.holdUntil!.toISOString(), guestConfirmedAt: null }, t.clock.now())).toBe('not_confirmed')
    }
  })

  it('from ten addresses, the same: the covers come back after 30 minutes and the last of them go to real guests', async () => {
    const date = '2026-12-19'
    const answers: number[] = []
    for (let i = 0; i < 10; i++) answers.push((await book(guest({ date, startTime: '20:00', partySize: 20 }), `198.51.100.${20 + i}`)).status)
    expect(answers.filter((s) => s === 201)).toHaveLength(3)
    expect(answers.filter((s) => s === 409)).toHaveLength(7)
    await book(guest({ date, startTime: '20:00', partySize: 2 })).expect(409)
    await after(31 * MINUTE)
    // 58 covers from the form, then the last 2: the evening is the real guests'.
    await book(guest({ date, startTime: '20:00', partySize: 6 })).expect(201)
    for (let i = 0; i < 26; i++) await book(guest({ date, startTime: '20:00', partySize: 2 })).expect(201)
    expect(await slots(date, 2)).toContain('20:00')
    await book(guest({ date, startTime: '20:00', partySize: 2 })).expect(201)
    await book(guest({ date, startTime: '20:00', partySize: 2 })).expect(409)
  })
})

describe("a large party's request", () => {
  it('holds its seats for 30 minutes by the app clock, then holds none and stays pending for staff', async () => {
    const date = '2026-12-05'
    await t.services.settings.set('booking_capacity_covers', '20')
    const request20 = await book(guest({ date, startTime: '18:00', partySize: 20 })).expect(201)
    expect(request20.body.status).toBe('pending')
    const [row] = await t.db.select().from(reservations).where(eq(reservations.id, request20.body.id))
    expect(row!.holdUntil).toEqual(new Date(Date.parse(NOON) + 30 * MINUTE))
    expect(await slots(date)).not.toContain('18:00')
    await after(30 * MINUTE - 1000)
    await book(guest({ date, startTime: '18:00' })).expect(409)
    await after(1000)
    expect(await slots(date)).toContain('18:00')
    await book(guest({ date, startTime: '18:00' })).expect(201)
    const staff = await signedInAgent(t)
    const list = await staff.get(`/api/admin/reservations?from=${date}&to=${date}`).expect(200)
    const listed = list.body.find((r: { id: number }) => r.id === request20.body.id)
    expect(listed).toMatchObject({ status: 'pending', holdUntil: row!.holdUntil!.toISOString(), guestConfirmedAt: null })
  })

  it("is confirmed from the link in the guest's email and then holds its seats past the 30 minutes; pressing again changes nothing", async () => {
    const date = '2026-12-06'
    await t.services.settings.set('booking_capacity_covers', '20')
    const email = `confirm-${++n}@example.com`
    const made = await book(guest({ email, date, startTime: '13:00', partySize: 20 })).expect(201)
    // The page's loader and action (tests/e2e/confirm-request.spec.ts drives the page itself).
    const token = tokenOf(await confirmLinkIn(email))
    expect(await t.services.guestBookings.request(token)).toMatchObject({ state: 'waiting', partySize: 20, date })
    // Opening the link (as a mail scanner would) confirms nothing.
    expect((await t.db.select().from(reservations).where(eq(reservations.id, made.body.id)))[0]!.guestConfirmedAt).toBeNull()
    await after(10 * MINUTE)
    expect(await t.services.guestBookings.confirmRequest(token)).toMatchObject({ state: 'confirmed' })
    const [row] = await t.db.select().from(reservations).where(eq(reservations.id, made.body.id))
    expect(row).toMatchObject({ status: 'pending', holdUntil: null, guestConfirmedAt: t.clock.now() })
    await after(60 * MINUTE)
    expect(await slots(date)).not.toContain('13:00')
    await book(guest({ date, startTime: '13:00' })).expect(409)
    expect(await t.services.guestBookings.confirmRequest(token)).toMatchObject({ state: 'confirmed' })
    expect((await t.db.select().from(reservations).where(eq(reservations.id, made.body.id)))[0]!.guestConfirmedAt).toEqual(row!.guestConfirmedAt)
  })

  it('confirmed after its 30 minutes, takes its seats again if they are free, and none if they went meanwhile', async () => {
    const date = '2026-12-13'
    await t.services.settings.set('booking_capacity_covers', '20')
    const late = `late-${++n}@example.com`
    const gone = `gone-${++n}@example.com`
    await book(guest({ email: late, date, startTime: '12:00', partySize: 20 })).expect(201)
    await book(guest({ email: gone, date, startTime: '17:00', partySize: 20 })).expect(201)
    const [lateToken, goneToken] = [tokenOf(await confirmLinkIn(late)), tokenOf(await confirmLinkIn(gone))]
    await after(45 * MINUTE)
    await book(guest({ date, startTime: '17:00', partySize: 2 })).expect(201)
    expect(await t.services.guestBookings.confirmRequest(lateToken)).toMatchObject({ state: 'confirmed' })
    expect(await t.services.guestBookings.confirmRequest(goneToken)).toMatchObject({ state: 'no_room' })
    expect(await t.services.guestBookings.request(goneToken)).toMatchObject({ state: 'no_room' })
    const rows = await rowsOn(date)
    expect(rows.find((r) => r.email === late)).toMatchObject({ holdUntil: null })
    expect(rows.find((r) => r.email === gone)!.holdUntil).not.toBeNull()
    expect(rows.find((r) => r.email === gone)!.guestConfirmedAt).not.toBeNull()
    expect(await slots(date)).not.toContain('12:00')
  })

  it('not confirmed in time, is confirmed by staff only if its seats are still free (or with their override)', async () => {
    const date = '2026-12-20'
    await t.services.settings.set('booking_capacity_covers', '20')
    const lapsed = await book(guest({ date, startTime: '12:00', partySize: 20 })).expect(201)
    await after(31 * MINUTE)
    await book(guest({ date, startTime: '12:30', partySize: 4 })).expect(201)
    const staff = await signedInAgent(t)
    const refused = await staff.patch(`/api/admin/reservations/${lapsed.body.id}`).send({ status: 'confirmed', version: 1 }).expect(409)
    expect(refused.body.code).toBe('over_capacity')
    await staff.patch(`/api/admin/reservations/${lapsed.body.id}`).send({ status: 'confirmed', version: 1, force: true }).expect(200)
  })

  it('opens nothing for a link that is not ours (a manage link among them) or has expired', async () => {
    const email = `mixed-${++n}@example.com`
    await book(guest({ email, date: '2026-12-04', startTime: '19:00', partySize: 8 })).expect(201)
    const token = tokenOf(await confirmLinkIn(email))
    const problem = (work: Promise<unknown>) => work.then(() => 'none', (error: { problem?: string }) => error.problem)
    expect(await problem(t.services.guestBookings.confirmRequest(`${token.slice(0, -3)}abc`))).toBe('invalid')
    expect(await problem(t.services.guestBookings.confirmRequest(tokenOf(await manageLinkIn(email))))).toBe('invalid')
    t.clock.set('2026-12-05T12:00:00Z')
    expect(await problem(t.services.guestBookings.request(token))).toBe('expired')
    expect(await problem(t.services.guestBookings.confirmRequest(token))).toBe('expired')
  })
})

describe('one guest on one date', () => {
  it("takes 3 bookings of one email, and refuses a 4th in words that name no one, changing nothing", async () => {
    const date = '2026-12-10'
    const email = `three-${++n}@example.com`
    for (const startTime of ['16:00', '17:00', '18:00']) await book(guest({ email, date, startTime, phone: `0770090${++n}` })).expect(201)
    const fourth = await book(guest({ email: email.toUpperCase(), date, startTime: '21:00', phone: `0770090${++n}` })).expect(409)
    expect(fourth.body.message).toBe('Sorry, we cannot take more bookings online for Thursday, 10 December 2026 from these details. Please call us to book.')
    expect((await rowsOn(date)).filter((r) => r.email?.toLowerCase() === email)).toHaveLength(3)
    // Another date is another date.
    await book(guest({ email, date: '2026-12-11', startTime: '19:00' })).expect(201)
  })

  it("counts '+44 7700 900104' and '07700 900 104' as one phone", async () => {
    const date = '2026-12-17'
    for (const [startTime, phone] of [['16:00', '+44 7700 900104'], ['17:00', '07700 900 104'], ['18:00', '+447700900104']]) {
      await book(guest({ date, startTime, phone })).expect(201)
    }
    await book(guest({ date, startTime: '21:00', phone: '07700 900 104' })).expect(409)
    await book(guest({ date, startTime: '21:00', phone: '07700 900 105' })).expect(201)
  })

  it('takes 5 bookings from one address, and refuses a 6th (with the challenge solved) without storing it', async () => {
    const date = '2026-12-18'
    const from = '192.0.2.55'
    for (const startTime of ['16:00', '17:00', '18:00', '19:00', '20:00']) await book(guest({ date, startTime }), from).expect(201)
    const sixth = await book(guest({ date, startTime: '21:00', altcha: await solvedChallenge(t.app) }), from).expect(409)
    expect(sixth.body.message).toMatch(/^Sorry, we cannot take more bookings online for Friday, 18 December 2026/)
    expect(await rowsOn(date)).toHaveLength(5)
    // An address's limit is its own: a neighbour books.
    await book(guest({ date, startTime: '21:00' }), '192.0.2.56').expect(201)
  })

  it("does not limit staff: a phone booking for the same guest is taken, and does not count against their online ones", async () => {
    const date = '2026-12-20'
    const email = `regular-${++n}@example.com`
    const staff = await signedInAgent(t)
    for (const startTime of ['12:00', '13:00', '14:00', '15:00']) {
      await staff
        .post('/api/admin/reservations')
        .send({ ...guest({ email, date, startTime, phone: '07700 900 222' }), status: 'confirmed' })
        .expect(201)
    }
    await book(guest({ email, date, startTime: '19:00', phone: '07700 900 222' })).expect(201)
  })

  it('are counted within one batch too: of four sent at once by one email, three are taken', async () => {
    const date = '2026-12-24'
    const email = `batch-${++n}@example.com`
    const answers = await Promise.all(['16:00', '17:00', '18:00', '19:00'].map((startTime) => book(guest({ email, date, startTime }))))
    expect(answers.map((a) => a.status).sort()).toEqual([201, 201, 201, 409])
    expect(await rowsOn(date)).toHaveLength(3)
  })
})

describe('the proof-of-work challenge', () => {
  it('is not asked of an address that books a few times; past 5 attempts an hour it is, and a valid solution books', async () => {
    const from = '203.0.113.90'
    const date = '2026-12-26'
    for (let i = 0; i < 5; i++) await book(guest({ date, startTime: `1${i + 2}:00` }), from).expect(201)
    const missing = await book(guest({ date: '2026-12-27', startTime: '13:00' }), from).expect(400)
    expect(missing.body).toMatchObject({ message: 'Please wait a moment and try again.', code: 'challenge_required' })
    await book(guest({ date: '2026-12-27', startTime: '13:00', altcha: 'bm90IGEgc29sdXRpb24=' }), from).expect(400)
    const solution = await solvedChallenge(t.app)
    await book(guest({ date: '2026-12-27', startTime: '13:00', altcha: solution }), from).expect(201)
    // The same solution again is a replay: refused, and nothing stored.
    const replay = await book(guest({ date: '2026-12-27', startTime: '14:00', altcha: solution }), from).expect(400)
    expect(replay.body.code).toBe('challenge_required')
    expect(await rowsOn('2026-12-27')).toHaveLength(1)
    // An hour later the address starts again.
    await after(61 * MINUTE)
    await book(guest({ date: '2026-12-27', startTime: '15:00' }), from).expect(201)
  })

  it('refuses a solution of a challenge it did not sign', async () => {
    const from = '203.0.113.91'
    for (let i = 0; i < 5; i++) await book(guest({ date: '2027-01-09', startTime: `1${i + 2}:00` }), from).expect(201)
    const forged = JSON.parse(Buffer.from(await solvedChallenge(t.app), 'base64').toString())
    forged.challenge.parameters.cost = 1
    await book(guest({ date: '2027-01-01', startTime: '19:00', altcha: Buffer.from(JSON.stringify(forged)).toString('base64') }), from).expect(400)
  })

  it('is asked of every address once the whole site passes its hourly threshold', async () => {
    const site = await createTestApp({ now: NOON, env: { TRUST_PROXY: 'true', CHALLENGE_AFTER_SITE: '4' } })
    const siteBook = (body: object) => request(site.app).post('/api/reservations').set('X-Forwarded-For', nextIp()).send(body)
    for (let i = 0; i < 4; i++) await siteBook(guest({ date: '2026-12-05', startTime: `1${i + 2}:00` })).expect(201)
    expect((await siteBook(guest({ date: '2026-12-05', startTime: '17:00' })).expect(400)).body.code).toBe('challenge_required')
    await siteBook(guest({ date: '2026-12-05', startTime: '17:00', altcha: await solvedChallenge(site.app) })).expect(201)
  })

  it('guards the event enquiry form the same way', async () => {
    const from = '203.0.113.92'
    const [event] = await t.db
      .insert((await import('../../server/db/schema')).events)
      .values({ slug: `limits-event-${++n}`, title: 'Carols', description: 'Carols.', date: '2026-12-22', time: '19:30', bookingType: 'enquiry' })
      .returning()
    const enquire = (over: Record<string, unknown> = {}) =>
      request(t.app)
        .post('/api/event-enquiries')
        .set('X-Forwarded-For', from)
        .send({ eventId: event!.id, name: 'Ann', email: `enquiry-${++n}@example.com`, phone: '07700 900 333', ...over })
    for (let i = 0; i < 5; i++) await enquire().expect(201)
    expect((await enquire().expect(400)).body.code).toBe('challenge_required')
    await enquire({ altcha: await solvedChallenge(t.app) }).expect(201)
  })
})

describe('a stranger asking whether someone has a booking', () => {
  it('gets the same answer for another guest’s email at their time as for a time that is full', async () => {
    const date = '2027-01-02'
    await t.services.settings.set('booking_capacity_covers', '8')
    const victim = guest({ date, startTime: '19:00' })
    await book(victim).expect(201)
    await book(guest({ date, startTime: '13:00', partySize: 6 })).expect(201)
    // The victim's email at their time (the time has room for 2 more), and a stranger's own at a full time.
    const probe = await book({ ...victim, name: 'Stranger', phone: '07700 900 999' })
    const full = await book(guest({ date, startTime: '13:00', partySize: 4 }))
    await book(guest({ date, startTime: '13:00', partySize: 2 })).expect(201)
    expect(probe.status).toBe(409)
    expect(probe.status).toBe(full.status)
    expect(Object.keys(probe.body).sort()).toEqual(Object.keys(full.body).sort())
    expect(probe.body.message).toBe('Sorry, 7:00 PM is no longer available for 2 guests. Please choose another time.')
    expect(full.body.message).toBe('Sorry, 1:00 PM is no longer available for 4 guests. Please choose another time.')
  })
})

const tokenOf = (link: string) => link.split('/').at(-1)!

/** The confirm link in the 'request received' email sent to `email`, as the guest gets it. */
async function confirmLinkIn(email: string): Promise<string> {
  const text = await mailTo(email, 'booking_pending')
  const link = /https?:\/\/\S+\/booking\/confirm\/[\w.-]+/.exec(text)?.[0]
  if (!link) throw new Error(`No confirm link in: ${text}`)
  return link
}
async function manageLinkIn(email: string): Promise<string> {
  const text = await mailTo(email, 'booking_pending')
  return /https?:\/\/\S+\/booking\/manage\/[\w.-]+/.exec(text)![0]
}
async function mailTo(email: string, templateKey: string): Promise<string> {
  const until = Date.now() + 15_000
  for (;;) {
    const [row] = await t.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.toAddress, email), eq(emailOutbox.templateKey, templateKey)))
    const mail = smtp.received.find((m) => m.envelopeTo.includes(email))
    if (row?.status === 'sent' && mail) return mail.text ?? ''
    if (Date.now() > until) throw new Error(`No ${templateKey} mail to ${email}`)
    await new Promise((r) => setTimeout(r, 50))
  }
}
