/**
 * Guest profiles (issue 37): one guest per normalised email, made or updated
 * by every booking and enquiry; counts derived when read ('3rd visit' once
 * the first two are past, no-shows, the guest's own cancellations and late
 * ones); search; notes, allergies and tags at the version read; the export;
 * merging; who may do what; the consent record and the marketing list; and
 * the retention job under a fixed clock.
 */
import request from 'supertest'
import { beforeAll, describe, expect, it } from 'vitest'
import { BOOKING_CONSENT_WORDING, guestLine } from '#common/guests'
import type { AdminGuest, GuestList } from '#common/guests-schema'
import { createTestApp, signedInAgent, signedInAs, type TestApp } from '../helpers/app'
import { guestBooking } from '../helpers/guest-booking'
import { clientKeyOf } from '../../server/rate-limits/challenge'

let t: TestApp
let owner: Awaited<ReturnType<typeof signedInAgent>>
let manager: Awaited<ReturnType<typeof signedInAgent>>
let staff: Awaited<ReturnType<typeof signedInAgent>>
const NOW = '2026-11-21T12:00:00Z'
beforeAll(async () => {
  t = await createTestApp({ now: NOW, env: { TRUST_PROXY: 'true' } })
  owner = await signedInAgent(t)
  manager = await signedInAs(t, 'manager')
  staff = await signedInAs(t, 'staff')
})

let address = 0
/** A public booking from an address of its own (the per-address limits stay out of the way). */
async function book(over: Record<string, unknown>) {
  address++
  const res = await request(t.app)
    .post('/api/reservations')
    .set('X-Forwarded-For', `10.37.${Math.floor(address / 250)}.${address % 250}`)
    .send(guestBooking(over))
  expect(res.status, JSON.stringify(res.body)).toBe(201)
  return res.body as { id: number }
}
const guestOf = async (reservationId: number) =>
  (await t.db.$client.query<{ guest_id: number | null }>('select guest_id from reservations where id = $1', [reservationId])).rows[0]!.guest_id
const profile = async (id: number) => (await staff.get(`/api/admin/guests/${id}`).expect(200)).body as AdminGuest

describe('a guest per normalised email', () => {
  it('is made by the first booking and updated by the next (the latest name and phone), however the email is written', async () => {
    const first = await book({ name: 'Rita Regular', email: 'Rita.Regular@Example.com', phone: '07700 900 101', date: '2026-12-05', startTime: '12:00' })
    const second = await book({ name: 'Rita M. Regular', email: '  rita.regular@example.com ', phone: '07700 900 102', date: '2026-12-12', startTime: '12:00' })
    const id = (await guestOf(first.id))!
    expect(await guestOf(second.id)).toBe(id)
    const g = await profile(id)
    expect(g).toMatchObject({ name: 'Rita M. Regular', email: 'rita.regular@example.com', phone: '07700 900 102' })
    expect(g.bookings.map((b) => b.id).sort()).toEqual([first.id, second.id].sort())
  })

  it('is made by an event booking too, in the same insert', async () => {
    const { rows } = await t.db.$client.query<{ id: number }>(
      `insert into events (slug, title, description, date, time, booking_type, status, capacity)
       values ('guests-quiz', 'Quiz', 'A quiz', '2026-12-09', '19:30', 'table', 'published', 20) returning id`,
    )
    const { startTime: _s, ...body } = guestBooking({ name: 'Quentin Quiz', email: 'Quentin.Quiz@example.com', date: '2026-12-09', partySize: 4 })
    const res = await request(t.app).post('/api/reservations').set('X-Forwarded-For', '10.37.250.1').send({ ...body, eventId: rows[0]!.id }).expect(201)
    const g = await profile((await guestOf(res.body.id))!)
    expect(g).toMatchObject({ name: 'Quentin Quiz', email: 'Quentin.Quiz@example.com' })
  })

  it('is made or updated by an enquiry and by a staff booking; a staff booking without an email has none', async () => {
    const enquiry = await request(t.app)
      .post('/api/event-enquiries')
      .send({ eventId: 1, name: 'Rita Regular', email: 'RITA.REGULAR@example.com', phone: '07700 900 103', partySize: 4, specialRequests: '' })
      .expect(201)
    const { rows } = await t.db.$client.query('select guest_id from event_enquiries where id = $1', [enquiry.body.id])
    const rita = (await t.db.$client.query<{ id: number }>(`select id from guests where email_key = 'rita.regular@example.com'`)).rows[0]!.id
    expect(rows[0].guest_id).toBe(rita)
    expect((await profile(rita)).enquiries).toHaveLength(1)

    const phoned = { name: 'Phil Phone', phone: '07700 900 104', date: '2026-12-05', startTime: '13:00', partySize: 2, additionalInfo: '', foodDrinks: 'food_and_drinks', status: 'confirmed' }
    const withEmail = await owner.post('/api/admin/reservations').send({ ...phoned, email: 'phil@example.com' }).expect(201)
    expect(withEmail.body.guestId).toBeGreaterThan(0)
    const without = await owner.post('/api/admin/reservations').send({ ...phoned, startTime: '13:30', email: null }).expect(201)
    expect(without.body.guestId).toBeNull()
  })
})

describe('counts, derived when read', () => {
  it("numbers a guest's third booking '3rd visit' once the first two are past; counts covers, no-shows and the guest's own cancellations", async () => {
    const email = 'vera.visits@example.com'
    const dates = ['2026-12-05', '2026-12-12', '2026-12-19']
    const booked: { id: number }[] = []
    for (const date of dates) booked.push(await book({ name: 'Vera Visits', email, date, startTime: '18:00', partySize: 3 }))
    const id = (await guestOf(booked[0]!.id))!
    let g = await profile(id)
    expect(g.counts).toMatchObject({ visits: 0, covers: 0, noShows: 0, firstVisit: null })
    expect(g.bookings.map((b) => b.visitNumber)).toEqual([1, 1, 1])

    t.clock.set('2026-12-15T12:00:00Z')
    try {
      g = await profile(id)
      expect(g.counts).toMatchObject({ visits: 2, covers: 6, firstVisit: '2026-12-05', lastVisit: '2026-12-12' })
      // Newest first: the third booking is the guest's third visit.
      expect(g.bookings.map((b) => [b.date, b.visitNumber])).toEqual([['2026-12-19', 3], ['2026-12-12', 2], ['2026-12-05', 1]])
      expect(guestLine({ ...g.counts, allergies: [], tags: [] })[0]).toBe('3rd visit')
      // The cards' lines, one request for the bookings on screen: the third booking is the 3rd visit.
      const lines = async () => (await staff.get(`/api/admin/guests/lines?reservations=${booked.map((b) => b.id).join(',')}`).expect(200)).body
      expect((await lines())[booked[2]!.id]).toEqual({ guestId: id, visitNumber: 3, noShows: 0, allergies: [], allergyNotes: '', tags: [] })
      await staff.get('/api/admin/guests/lines?reservations=1;drop').expect(400)

      // A no-show (issue 35's visit state) is no visit.
      await t.db.$client.query(`update reservations set visit_state = 'no_show', no_show_at = now(), freed_at = now()::timestamp where id = $1`, [booked[1]!.id])
      g = await profile(id)
      expect(g.counts).toMatchObject({ visits: 1, covers: 3, noShows: 1 })
      expect(guestLine({ ...g.counts, allergies: ['peanuts'], tags: ['VIP'] })).toEqual(['2nd visit', '1 no-show', 'Allergies: peanuts', 'VIP'])
      expect((await lines())[booked[2]!.id]).toMatchObject({ visitNumber: 2, noShows: 1 })

      // Cancelled by the guest (the history's actor): one the day before, one an hour before its time (late); one by staff.
      const more = [await book({ name: 'Vera Visits', email, date: '2026-12-26', startTime: '18:00' }), await book({ name: 'Vera Visits', email, date: '2027-01-02', startTime: '18:00' }), await book({ name: 'Vera Visits', email, date: '2027-01-09', startTime: '18:00' })]
      await t.db.$client.query(`update reservations set status = 'cancelled' where id = any($1::int[])`, [more.map((m) => m.id)])
      await t.db.$client.query(
        `insert into reservation_history (reservation_id, kind, actor, at) values
          ($1, 'cancelled', 'guest', '2026-12-25T18:00:00Z'), ($2, 'cancelled', 'guest', '2027-01-02T17:00:00Z'), ($3, 'cancelled', 'staff', '2027-01-02T17:00:00Z')`,
        more.map((m) => m.id),
      )
      g = await profile(id)
      expect(g.counts).toMatchObject({ cancellations: 2, lateCancellations: 1 })
    } finally {
      t.clock.set(NOW)
    }
  })
})

describe('search, notes and the export', () => {
  it('finds guests by any part of a name or email, or a phone however typed, 50 a page with the total', async () => {
    await book({ name: 'Sebastian Searchable', email: 'seb.search@example.com', phone: '07700 900 777', date: '2026-12-05', startTime: '14:00' })
    const find = async (q: string) => (await staff.get(`/api/admin/guests?q=${encodeURIComponent(q)}`).expect(200)).body as GuestList
    for (const q of ['searchable', 'SEB.SEARCH', '+44 7700 900777', '07700900777']) {
      const found = await find(q)
      expect(found.guests.map((g) => g.name), q).toEqual(['Sebastian Searchable'])
      expect(found.total).toBe(1)
    }
    expect((await find('nobody-at-all')).total).toBe(0)
    // A page past the end of a search still says how many there are.
    const past = (await staff.get('/api/admin/guests?q=searchable&page=2').expect(200)).body as GuestList
    expect(past).toMatchObject({ guests: [], total: 1, page: 2 })
    const all = await find('')
    expect(all.pageSize).toBe(50)
    expect(all.total).toBeGreaterThanOrEqual(all.guests.length)
    await staff.get('/api/admin/guests?page=0').expect(400)
  })

  it('saves notes, allergies and tags at the version read, with an audit row; an older version is refused', async () => {
    const { id: reservationId } = await book({ name: 'Nora Notes', email: 'nora@example.com', date: '2026-12-05', startTime: '15:00' })
    const id = (await guestOf(reservationId))!
    const saved = await staff
      .patch(`/api/admin/guests/${id}`)
      .send({ version: 1, notes: 'Likes the snug', allergies: ['tree nuts', 'milk'], allergyNotes: 'Vegetarian', tags: ['regular', 'regular', 'birthday'] })
      .expect(200)
    expect(saved.body).toMatchObject({ version: 2, notes: 'Likes the snug', allergies: ['tree nuts', 'milk'], tags: ['regular', 'birthday'] })
    const stale = await staff.patch(`/api/admin/guests/${id}`).send({ version: 1, notes: 'Lost update' }).expect(409)
    expect(stale.body.code).toBe('stale_version')
    await staff.patch(`/api/admin/guests/${id}`).send({ version: 2, allergies: ['nuts'] }).expect(400)
    const { rows } = await t.db.$client.query(`select username, before, after from audit_log where entity_type = 'guest' and entity_id = $1`, [String(id)])
    expect(rows).toEqual([{ username: 'staff-member', before: { notes: '', allergies: [], allergyNotes: '', tags: [] }, after: { notes: 'Likes the snug', allergies: ['tree nuts', 'milk'], allergyNotes: 'Vegetarian', tags: ['regular', 'birthday'] } }])
  })

  it('exports everything held as a JSON download with a summary (managers and owners), writing an audit row', async () => {
    const { id: reservationId } = await book({ name: 'Ed Export', email: 'ed.export@example.com', date: '2026-12-05', startTime: '15:30', receiveOffers: true, additionalInfo: 'Quiet table' })
    const id = (await guestOf(reservationId))!
    await staff.patch(`/api/admin/guests/${id}`).send({ version: 1, notes: 'Asked for a copy of his data' }).expect(200)
    await staff.get(`/api/admin/guests/${id}/export`).expect(403)
    const res = await manager.get(`/api/admin/guests/${id}/export`).expect(200)
    expect(res.headers['content-disposition']).toBe(`attachment; filename="guest-${id}-data.json"`)
    expect(res.body.summary).toContain('Ed Export <ed.export@example.com>')
    expect(res.body.summary).toContain('Marketing: consent given')
    expect(res.body.guest).toMatchObject({ id, name: 'Ed Export' })
    expect(res.body.bookings).toEqual([expect.objectContaining({ id: reservationId, additionalInfo: 'Quiet table', receiveOffers: true })])
    expect(res.body.emails.length).toBeGreaterThan(0)
    expect(res.body.guest.consents).toEqual([expect.objectContaining({ action: 'given', place: 'booking_form', wording: BOOKING_CONSENT_WORDING })])
    expect(res.body.auditTrail).toEqual([expect.objectContaining({ by: 'staff-member', summary: `changed the profile of guest #${id}` })])
    expect(res.body.summary).toContain('Staff notes: Asked for a copy of his data.')
    const { rows } = await t.db.$client.query(`select username from audit_log where action = 'export' and entity_type = 'guest' and entity_id = $1`, [String(id)])
    expect(rows).toEqual([{ username: 'manager-member' }])
  })
})

describe('merging two profiles of one person', () => {
  it("moves the second's bookings, enquiries and consent rows to the first, unites notes, allergies and tags, and deletes it", async () => {
    const a = (await guestOf((await book({ name: 'Mo Merge', email: 'mo@example.com', date: '2026-12-05', startTime: '16:00' })).id))!
    const b = (await guestOf((await book({ name: 'Mo Merge', email: 'mo.work@example.com', date: '2026-12-12', startTime: '16:00', receiveOffers: true })).id))!
    await staff.patch(`/api/admin/guests/${a}`).send({ version: 1, notes: 'Home', allergies: ['eggs'], tags: ['regular'] }).expect(200)
    await staff.patch(`/api/admin/guests/${b}`).send({ version: 1, notes: 'Work', allergies: ['fish', 'eggs'], tags: ['VIP'] }).expect(200)
    await staff.post('/api/admin/guests/merge').send({ keepId: a, mergeId: a }).expect(400)
    const merged = (await staff.post('/api/admin/guests/merge').send({ keepId: a, mergeId: b }).expect(200)).body as AdminGuest
    expect(merged).toMatchObject({ id: a, notes: 'Home\nWork', allergies: ['eggs', 'fish'], tags: ['regular', 'VIP'] })
    expect(merged.bookings).toHaveLength(2)
    expect(merged.consents).toHaveLength(1)
    await staff.get(`/api/admin/guests/${b}`).expect(404)
    const { rows } = await t.db.$client.query(`select summary from audit_log where action = 'merge' and entity_id = $1`, [String(a)])
    expect(rows[0].summary).toBe(`merged guest #${b} into guest #${a} (1 bookings, 0 enquiries moved)`)
  })
})

describe('who may do what', () => {
  it('staff read and write; managers export; only owners erase and set the retention', async () => {
    const id = (await guestOf((await book({ name: 'Pat Perms', email: 'pat@example.com', date: '2026-12-05', startTime: '16:30' })).id))!
    await request(t.app).get(`/api/admin/guests/${id}`).expect(401)
    for (const agent of [staff, manager]) {
      await agent.post(`/api/admin/guests/${id}/erase`).send({ confirm: 'pat@example.com' }).expect(403)
      await agent.put('/api/admin/guests/retention').send({ guestMonths: 12 }).expect(403)
    }
    await owner.put('/api/admin/guests/retention').send({ guestMonths: 0 }).expect(400)
    expect((await owner.put('/api/admin/guests/retention').send({ guestMonths: 36 }).expect(200)).body).toEqual({ guestMonths: 36 })
    expect((await owner.get('/api/admin/guests/retention').expect(200)).body).toEqual({ guestMonths: 36 })
    await owner.put('/api/admin/guests/retention').send({ guestMonths: 24 }).expect(200)
  })
})

describe('the consent record', () => {
  it("booking with the box ticked writes one 'given' row with the form's wording and the address's keyed hash; unsubscribing writes 'withdrawn'; the list leaves them out", async () => {
    const { id: reservationId } = await book({ name: 'Cora Consent', email: 'cora@example.com', date: '2026-12-05', startTime: '17:00', receiveOffers: true })
    await book({ name: 'Cora Consent', email: 'cora@example.com', date: '2026-12-12', startTime: '17:00', receiveOffers: false })
    const id = (await guestOf(reservationId))!
    const rows = async () =>
      (await t.db.$client.query(`select action, place, wording, address_hash from consent_records where guest_id = $1 order by id`, [id])).rows
    const clientKey = (await t.db.$client.query('select client_key from reservations where id = $1', [reservationId])).rows[0].client_key
    expect(clientKey).toBeTruthy()
    expect(await rows()).toEqual([{ action: 'given', place: 'booking_form', wording: BOOKING_CONSENT_WORDING, address_hash: clientKey }])
    const listed = async () => ((await owner.get('/api/admin/marketing-emails').expect(200)).body as { email: string }[]).some((r) => r.email === 'cora@example.com')
    expect(await listed()).toBe(true)

    // As the unsubscribe page's action calls it, with the request's address (recorded as its keyed hash only).
    await t.services.email.unsubscribe('Cora@Example.com', '203.0.113.77')
    await t.services.email.unsubscribe('cora@example.com', '203.0.113.77')
    expect((await rows()).map((r) => [r.action, r.place])).toEqual([['given', 'booking_form'], ['withdrawn', 'unsubscribe_link']])
    expect((await rows())[1].address_hash).toBe(clientKeyOf(t.config.sessionSecret, '203.0.113.77'))
    expect(await listed()).toBe(false)
    const csv = await owner.get('/api/admin/marketing-emails/export').expect(200)
    expect(csv.text).not.toContain('cora@example.com')
  })

  it('has the last word on the list: a withdrawal recorded by staff leaves the guest out of the CSV', async () => {
    const { id: reservationId } = await book({ name: 'Will Withdraw', email: 'will@example.com', date: '2026-12-05', startTime: '17:30', receiveOffers: true })
    const id = (await guestOf(reservationId))!
    expect((await owner.get('/api/admin/marketing-emails/export').expect(200)).text).toContain('will@example.com')
    await t.db.$client.query(`insert into consent_records (guest_id, action, place, wording) values ($1, 'withdrawn', 'staff', 'Asked on the phone')`, [id])
    expect((await owner.get('/api/admin/marketing-emails/export').expect(200)).text).not.toContain('will@example.com')
  })
})

describe('retention', () => {
  it('anonymises a guest last seen 25 months ago, keeps one seen 23 months ago, and a second run changes nothing', async () => {
    const old = await book({ name: 'Olive Oldtimer', email: 'olive@example.com', date: '2026-12-05', startTime: '20:00', partySize: 5 })
    t.clock.set('2027-02-10T12:00:00Z')
    const recent = await book({ name: 'Rex Recent', email: 'rex@example.com', date: '2027-02-20', startTime: '20:00' })
    // 25 months after the first visit, 23 after the second.
    t.clock.set('2029-01-20T12:00:00Z')
    try {
      const first = await t.services.guests.applyRetention()
      expect(first.guests).toBeGreaterThanOrEqual(1)
      const guestOld = (await guestOf(old.id))!
      const guestRecent = (await guestOf(recent.id))!
      const state = async () =>
        (await t.db.$client.query(`select id, name, email, erased_at is not null as erased from guests where id = any($1::int[]) order by id`, [[guestOld, guestRecent]])).rows
      expect(await state()).toEqual([
        { id: guestOld, name: 'Erased guest', email: null, erased: true },
        { id: guestRecent, name: 'Rex Recent', email: 'rex@example.com', erased: false },
      ])
      const booking = (await t.db.$client.query('select name, email, party_size, date from reservations where id = $1', [old.id])).rows[0]
      expect(booking).toEqual({ name: 'Erased guest', email: null, party_size: 5, date: '2026-12-05' })
      const { rows } = await t.db.$client.query(`select summary from audit_log where username = 'system' and action = 'erase'`)
      expect(rows.length).toBe(1)
      expect(await t.services.guests.applyRetention()).toEqual({ guests: 0, reservations: 0, enquiries: 0 })
      expect(await state()).toHaveLength(2)
    } finally {
      t.clock.set(NOW)
    }
  })
})
