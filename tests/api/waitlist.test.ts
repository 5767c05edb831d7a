/**
 * The waitlist (issue 35): the public form's checks and refusals, the offer
 * of a freed time over real SMTP (exactly once), its claim through the
 * booking engine (source 'waitlist'), an offer expiring on to the next guest
 * under the fixed clock, two guests claiming one freed table on two app
 * instances, staff's list, offer and removal with their audit rows, and the
 * link to leave. What the once-only and one-booking tests rest on, as seen
 * by removing it: the offer's `where status = 'waiting'` with the date lock
 * (two offers without them), and the booking batch's date lock (two bookings
 * for one freed table without it).
 */
import { and, eq, sql } from 'drizzle-orm'
import request from 'supertest'
import { beforeAll, describe, expect, it } from 'vitest'
import { WAITLIST_MESSAGES } from '#common/waitlist-schema'
import { SYSTEM } from '../../server/audit/audit'
import { emailOutbox, reservations, waitlistEntries } from '../../server/db/schema'
import { startWorker } from '../../server/jobs/worker'
import { claimLinkFor } from '../../server/waitlist/waitlist-links'
import { afterFile } from '../helpers/after-file'
import { createTestApp, secondInstance, signedInAgent, signedInAs, type TestApp } from '../helpers/app'
import { until } from '../helpers/booking-stream'
import { phoneOf } from '../helpers/guest-booking'
import { startSmtpServer } from '../helpers/smtp'

let t: TestApp
let smtp: Awaited<ReturnType<typeof startSmtpServer>>
let owner: Awaited<ReturnType<typeof signedInAgent>>

beforeAll(async () => {
  smtp = await startSmtpServer()
  t = await createTestApp({ now: '2026-11-21T12:00:00Z', env: { SMTP_URL: smtp.url, TRUST_PROXY: 'true' } })
  // Four covers a night: two parties of two fill it.
  await t.services.settings.set('booking_capacity_covers', '4')
  await t.services.settings.set('booking_max_covers_per_slot', '0')
  owner = await signedInAgent(t)
})

let n = 0
const guest = (over: Record<string, unknown> = {}) => {
  const email = `wait-${++n}@example.com`
  return { name: 'Wendy Wait', email, phone: phoneOf(email), date: '2026-12-05', partySize: 2, earliestTime: '19:30', latestTime: '20:30', ...over }
}
const join = (body: object) => request(t.app).post('/api/waitlist').set('X-Forwarded-For', `10.66.0.${++n % 250}`).send(body)

/** A confirmed booking, made long before: it holds its covers. */
async function givenBooking(date: string, startTime: string, partySize = 2) {
  const email = `booked-${++n}@example.com`
  const [row] = await t.db
    .insert(reservations)
    .values({ name: 'Bea Booked', email, phone: phoneOf(email), date, startTime, partySize, status: 'confirmed', createdAt: new Date('2026-01-01T12:00:00Z') })
    .returning()
  return row!
}
const cancel = (r: { id: number; version: number }) => t.services.staffReservations.update(r.id, { status: 'cancelled', version: r.version }, SYSTEM)
const entry = async (id: number) => (await t.db.select().from(waitlistEntries).where(eq(waitlistEntries.id, id)))[0]!
const offersOf = (id: number) =>
  t.db.select().from(emailOutbox).where(and(eq(emailOutbox.templateKey, 'waitlist_offer'), sql`${emailOutbox.messageKey} like ${`waitlist:${id}:%`}`))
/** Waits until `check` holds (the job queue works in the background). */
/** The claim token an entry's current offer carries (as its email has it). */
const tokenOf = (e: { id: number; offerCount: number; offerExpiresAt: Date | null }) =>
  claimLinkFor(t.config, 'https://example.com', { w: e.id, n: e.offerCount }, e.offerExpiresAt!).split('/booking/claim/')[1]!

describe('POST /api/waitlist', () => {
  it('answers 201 for a full date, and refuses bad fields with the booking form’s words', async () => {
    const ok = await join(guest()).expect(201)
    expect(ok.body).toMatchObject({ date: '2026-12-05', partySize: 2, earliestTime: '19:30', latestTime: '20:30' })
    expect(ok.body.message).toContain("You're on the waitlist for Saturday, 05 December 2026")

    const bad = await join({ ...guest(), name: ' ', email: 'not-an-email', earliestTime: '19:00', latestTime: '21:30' }).expect(400)
    expect(bad.body.errors).toMatchObject({ name: 'Name is required', email: 'Please enter a valid email address', latestTime: WAITLIST_MESSAGES.windowTooWide })
    expect((await join({ ...guest(), earliestTime: '20:00', latestTime: '19:00' }).expect(400)).body.errors.latestTime).toBe(WAITLIST_MESSAGES.windowBackwards)
    expect((await join({ ...guest(), website: 'http://spam' }).expect(400)).body.message).toBe(WAITLIST_MESSAGES.honeypot)
  })

  it('refuses a past date, a closed day, times outside the hours, a party over the online maximum and a second entry', async () => {
    expect((await join(guest({ date: '2026-11-20' })).expect(400)).body.errors.date).toBe(WAITLIST_MESSAGES.past)
    // Mondays are closed (the seeded hours).
    expect((await join(guest({ date: '2026-12-07' })).expect(400)).body.errors.date).toBe(WAITLIST_MESSAGES.closed)
    expect((await join(guest({ earliestTime: '08:00', latestTime: '09:00' })).expect(400)).body.errors.earliestTime).toMatch(/^Please choose times between/)
    expect((await join(guest({ partySize: 7 })).expect(400)).body.errors.partySize).toBe(WAITLIST_MESSAGES.tooLarge(6))
    const twice = guest({ date: '2026-12-12' })
    await join(twice).expect(201)
    expect((await join({ ...twice, phone: '07700 111111' }).expect(409)).body).toMatchObject({ message: WAITLIST_MESSAGES.duplicate, code: 'waitlist_duplicate' })
    expect((await join({ ...twice, email: 'other@example.com' }).expect(409)).body.code).toBe('waitlist_duplicate')
  })
})

describe('a freed table, end to end over SMTP', () => {
  it('a full 19:30, a guest joins, a booking is cancelled: one offer email, the claim books it, a second click says claimed', async () => {
    const worker = await startWorker(t.deps, t.services, { pollInterval: 50 })
    afterFile(() => worker.stop())
    const date = '2026-12-19'
    const [first] = [await givenBooking(date, '19:30'), await givenBooking(date, '19:30')]
    const wendy = guest({ date })
    const joined = (await join(wendy).expect(201)).body as { id: number }
    await until(async () => smtp.received.some((m) => m.envelopeTo.includes(wendy.email)), 5000, "Wendy's email")
    expect(smtp.received.find((m) => m.envelopeTo.includes(wendy.email))!.subject).toBe("You're on the waitlist at The Wheatsheaf Inn: Saturday, 19 December 2026")

    await cancel(first!)
    await until(async () => (await entry(joined.id)).status === 'offered', 5000, 'the entry to be offered')
    const offered = await entry(joined.id)
    expect(offered).toMatchObject({ offeredTime: '19:30', offerCount: 1 })
    expect(offered.offerExpiresAt).toEqual(new Date(t.clock.now().getTime() + 30 * 60_000))
    await until(async () => smtp.received.filter((m) => m.envelopeTo.includes(wendy.email)).length === 2, 5000, "Wendy's second email")
    // A moment for a second offer to come, were one to: another run of the job offers nothing more.
    await t.services.waitlist.runOffers(date)
    await new Promise((r) => setTimeout(r, 300))
    const mails = smtp.received.filter((m) => m.envelopeTo.includes(wendy.email))
    expect(mails).toHaveLength(2)
    const offer = mails[1]!
    expect(offer.subject).toBe('A table has come up at The Wheatsheaf Inn: Saturday, 19 December 2026 at 7:30 PM')
    const token = /\/booking\/claim\/([\w.-]+)/.exec(offer.text!)![1]!
    expect(offer.text).toMatch(/\/waitlist\/leave\/[\w.-]+/)

    const claimed = await t.services.waitlist.claim(token)
    expect(claimed).toMatchObject({ state: 'claimed', justBooked: true, startTime: '19:30' })
    const [booking] = await t.db.select().from(reservations).where(and(eq(reservations.date, date), eq(reservations.source, 'waitlist')))
    expect(booking).toMatchObject({ email: wendy.email, startTime: '19:30', partySize: 2, status: 'confirmed' })
    expect(await entry(joined.id)).toMatchObject({ status: 'claimed', claimedReservationId: booking!.id })
    // The usual confirmation follows.
    await until(async () => smtp.received.some((m) => m.envelopeTo.includes(wendy.email) && m.subject!.startsWith('Your table at')), 5000, "Wendy's confirmation")

    expect(await t.services.waitlist.claim(token)).toMatchObject({ state: 'claimed', justBooked: false })
    expect(await t.db.select().from(reservations).where(and(eq(reservations.date, date), eq(reservations.source, 'waitlist')))).toHaveLength(1)
  })
})

describe('a guest who joins for times of which one is free already', () => {
  it('is offered it at once, with nothing cancelled: the join queues the date’s offers', async () => {
    const worker = await startWorker(t.deps, t.services, { pollInterval: 50 })
    afterFile(() => worker.stop())
    const date = '2027-01-02'
    // One party of two: two of the night's four covers are free (the guest's page was out of date, say).
    await givenBooking(date, '19:30')
    const wendy = guest({ date, earliestTime: '19:30', latestTime: '20:30' })
    const joined = (await join(wendy).expect(201)).body.id as number
    await until(async () => (await entry(joined)).status === 'offered', 5000, 'the entry to be offered')
    expect(await entry(joined)).toMatchObject({ offeredTime: '19:30', offerCount: 1 })
    await until(async () => smtp.received.filter((m) => m.envelopeTo.includes(wendy.email)).length === 2, 5000, "Wendy's two emails")
    expect(smtp.received.filter((m) => m.envelopeTo.includes(wendy.email)).map((m) => m.subject)).toEqual([
      "You're on the waitlist at The Wheatsheaf Inn: Saturday, 02 January 2027",
      'A table has come up at The Wheatsheaf Inn: Saturday, 02 January 2027 at 7:30 PM',
    ])
  })
})

describe('an offer not claimed in 30 minutes', () => {
  it('expires and moves to the next guest whose party fits (fixed clock)', async () => {
    const date = '2027-01-09'
    const [first] = [await givenBooking(date, '19:30'), await givenBooking(date, '19:30')]
    const ann = (await join(guest({ date })).expect(201)).body.id as number
    const ben = (await join(guest({ date })).expect(201)).body.id as number
    await cancel(first!)
    await t.services.waitlist.runOffers(date)
    expect((await entry(ann)).status).toBe('offered')
    expect((await entry(ben)).status).toBe('waiting')

    t.clock.advance(29 * 60_000)
    expect(await t.services.waitlist.expireDue()).toEqual([])
    t.clock.advance(60_000)
    // (The worker's own minute may have run it first: what counts is the state.)
    await t.services.waitlist.expireDue()
    expect(await entry(ann)).toMatchObject({ status: 'expired' })
    expect(await entry(ben)).toMatchObject({ status: 'offered', offeredTime: '19:30' })
    expect(await offersOf(ben)).toHaveLength(1)
    // Ann's old link now says it has expired.
    expect(await t.services.waitlist.offerView(tokenOf(await entry(ann)))).toMatchObject({ state: 'expired' })
  })
})

describe('a party marked finished', () => {
  it('frees its table from that minute, and the date’s offers job is queued for the waiting guest', async () => {
    const date = '2027-01-16'
    t.clock.set(`${date}T12:00:00Z`)
    try {
      // Two parties of two at 18:00 (two hours each) fill the four covers until 20:00.
      const [early] = [await givenBooking(date, '18:00'), await givenBooking(date, '18:00')]
      // Only 19:30: 20:00 is free already, and a join offers a free time of its window at once.
      const wanda = (await join(guest({ date, earliestTime: '19:30', latestTime: '19:30' })).expect(201)).body.id as number
      t.clock.set(`${date}T18:15:00Z`)
      await t.services.visits.move(early!.id, { state: 'seated' }, SYSTEM)
      await t.services.visits.move(early!.id, { state: 'finished' }, SYSTEM)
      // In the visit's own transaction (a worker of this file may already have run it: then the offer is there).
      const queued = await t.db.execute(sql`select count(*)::int as n from graphile_worker.jobs where key = ${`waitlist-offers:${date}`}`)
      expect((queued.rows[0] as { n: number }).n + (await offersOf(wanda)).length).toBeGreaterThan(0)
      await t.services.waitlist.runOffers(date)
      expect(await entry(wanda)).toMatchObject({ status: 'offered', offeredTime: '19:30' })
    } finally {
      t.clock.set('2026-11-21T12:00:00Z')
    }
  })
})

describe('a claim the engine refuses for the guest’s own reason', () => {
  it('says so in the engine’s words, and the guest keeps their place', async () => {
    const date = '2027-03-06'
    const own = await givenBooking(date, '19:30')
    const other = await givenBooking(date, '19:30')
    // The guest waits with the email of a booking they already hold at 19:30.
    const id = (await join(guest({ date, email: own.email })).expect(201)).body.id as number
    await t.db.update(reservations).set({ status: 'cancelled' }).where(eq(reservations.id, other.id))
    await t.services.waitlist.runOffers(date)
    const view = await t.services.waitlist.claim(tokenOf(await entry(id)))
    expect(view).toMatchObject({ state: 'taken', refusal: 'Sorry, 7:30 PM is no longer available for 2 guests. Please choose another time.' })
    expect(await entry(id)).toMatchObject({ status: 'waiting' })
  })
})

describe('two app instances', () => {
  it('offer a freed time once when the job runs on both at once', async () => {
    const date = '2027-02-20'
    const [first] = [await givenBooking(date, '19:30'), await givenBooking(date, '19:30')]
    const id = (await join(guest({ date })).expect(201)).body.id as number
    await t.db.update(reservations).set({ status: 'cancelled' }).where(eq(reservations.id, first!.id))
    const other = secondInstance(t)
    await Promise.all([t.services.waitlist.runOffers(date), other.services.waitlist.runOffers(date), t.services.waitlist.runOffers(date)])
    expect(await offersOf(id)).toHaveLength(1)
    expect((await entry(id)).offerCount).toBe(1)
  })

  it('give one freed table to one of two guests claiming it at once; the other keeps their place', async () => {
    const date = '2027-01-23'
    const [first] = [await givenBooking(date, '19:30'), await givenBooking(date, '19:30')]
    const a = (await join(guest({ date })).expect(201)).body.id as number
    const b = (await join(guest({ date })).expect(201)).body.id as number
    await t.db.update(reservations).set({ status: 'cancelled' }).where(eq(reservations.id, first!.id))
    // Both hold an offer of the one freed time, as when one offer runs out just as its guest presses the link.
    const expires = new Date(t.clock.now().getTime() + 30 * 60_000)
    await t.db.update(waitlistEntries).set({ status: 'offered', offeredTime: '19:30', offerExpiresAt: expires, offerCount: 1 }).where(sql`id in (${a}, ${b})`)
    const tokens = [tokenOf(await entry(a)), tokenOf(await entry(b))]
    const other = secondInstance(t)
    // The attempt counts (just after the date lock in a booking's transaction) held still until both claims are in
    // their transactions, so the two meet in the database rather than one after the other.
    const blocker = await t.db.$client.connect()
    await blocker.query('begin')
    await blocker.query('lock table rate_limits in exclusive mode')
    const claims = Promise.all([t.services.waitlist.claim(tokens[0]!), other.services.waitlist.claim(tokens[1]!)])
    await until(async () => (await t.db.$client.query(`select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()`)).rows[0].n >= 2, 5000, 'two sessions waiting on a lock')
    await blocker.query('commit')
    blocker.release()
    const results = await claims
    expect(results.map((r) => r.state).sort()).toEqual(['claimed', 'taken'])
    expect(await t.db.select().from(reservations).where(and(eq(reservations.date, date), eq(reservations.source, 'waitlist')))).toHaveLength(1)
    const loser = results[0]!.state === 'taken' ? a : b
    expect(await entry(loser)).toMatchObject({ status: 'waiting', offeredTime: null })
    expect((await t.services.waitlist.list(date)).find((e) => e.id === loser)!.position).toBe(1)
  })
})

describe('staff', () => {
  it('list the date with positions, offer a time by hand, and remove an entry, each with its audit row', async () => {
    const date = '2027-01-30'
    await givenBooking(date, '19:30')
    await givenBooking(date, '19:30')
    const a = (await join(guest({ date })).expect(201)).body.id as number
    // Both wait for the full evening (a window with a free time would be offered it at once); staff offer one lunch.
    const b = (await join(guest({ date })).expect(201)).body.id as number

    await request(t.app).get(`/api/admin/waitlist?date=${date}`).expect(401)
    const staff = await signedInAs(t, 'staff')
    const list = (await staff.get(`/api/admin/waitlist?date=${date}`).expect(200)).body.entries as { id: number; position: number; status: string }[]
    expect(list.map((e) => [e.id, e.position, e.status])).toEqual([
      [a, 1, 'waiting'],
      [b, 2, 'waiting'],
    ])
    await staff.get('/api/admin/waitlist?date=soon').expect(400)

    // 19:30 is full: refused with the reason; 12:30 is free, and staff may offer a time outside the guest's window.
    expect((await staff.post(`/api/admin/waitlist/${a}/offer`).send({ startTime: '19:30' }).expect(409)).body.code).toBe('waitlist_time_taken')
    const offered = (await staff.post(`/api/admin/waitlist/${b}/offer`).send({ startTime: '12:30', version: 1 }).expect(200)).body
    expect(offered).toMatchObject({ id: b, status: 'offered', offeredTime: '12:30' })
    expect(await offersOf(b)).toHaveLength(1)
    // Offered already: not again.
    expect((await staff.post(`/api/admin/waitlist/${b}/offer`).send({ startTime: '13:00' }).expect(409)).body.code).toBe('waitlist_not_waiting')
    // An older version is refused, naming who changed it.
    expect((await staff.delete(`/api/admin/waitlist/${b}?version=1`).expect(409)).body.code).toBe('stale_version')
    await staff.delete(`/api/admin/waitlist/${a}`).expect(204)
    expect((await entry(a)).status).toBe('removed')

    const audits = (await t.db.$client.query(`select action, username, summary from audit_log where entity_type = 'waitlist_entry' and entity_id in ($1, $2) order by id`, [String(a), String(b)])).rows
    expect(audits).toEqual([
      { action: 'offer', username: 'staff-member', summary: 'offered 12:30 PM to Wendy Wait, 2 guests, Saturday, 30 January 2027 from the waitlist' },
      { action: 'delete', username: 'staff-member', summary: 'removed Wendy Wait, 2 guests, Saturday, 30 January 2027 from the waitlist' },
    ])
    await owner.post(`/api/admin/waitlist/${a}/offer`).send({ startTime: 'soon' }).expect(400)
  })
})

describe('the leave link', () => {
  it('takes the guest off the waitlist from either email', async () => {
    // A full evening: waiting, not offered a time at once.
    await givenBooking('2027-02-06', '19:30')
    await givenBooking('2027-02-06', '19:30')
    const wendy = guest({ date: '2027-02-06' })
    const id = (await join(wendy).expect(201)).body.id as number
    await until(async () => smtp.received.some((m) => m.envelopeTo.includes(wendy.email)), 5000, "Wendy's email")
    const mail = smtp.received.find((m) => m.envelopeTo.includes(wendy.email))!
    const token = /\/waitlist\/leave\/([\w.-]+)/.exec(mail.text!)![1]!
    expect(await t.services.waitlist.leaveView(token)).toMatchObject({ onList: true })
    await t.services.waitlist.leave(token, '10.0.0.1')
    expect((await entry(id)).status).toBe('left')
    expect(await t.services.waitlist.leaveView(token)).toMatchObject({ onList: false })
    await expect(t.services.waitlist.leaveView(`${token}x`)).rejects.toThrow(/could not open/)
  })
})
