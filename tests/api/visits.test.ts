/**
 * Issue 35, items 1 and 2: a booking's visit on the night (arrived, seated,
 * finished, no-show, and undo of the last step), the tables and covers a
 * finished or no-show party frees at once, walk-ins, and every booking's source.
 *
 * The plan: Restaurant T1 (2) and T4 (4); turn times 1–2 guests 90 minutes,
 * 3–4 120. Saturday 5 December 2026, London (GMT, so the clock's UTC is the venue's time).
 */
import { sql } from 'drizzle-orm'
import request from 'supertest'
import type TestAgent from 'supertest/lib/agent'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { BOOKING_SETTING_DEFAULTS } from '#common/settings'
import { events } from '../../server/db/schema'
import { createTestApp, signedInAgent, type TestApp } from '../helpers/app'
import { drawPlan, erasePlan, type PlanSketch } from '../helpers/floor-plan'
import { guestBooking } from '../helpers/guest-booking'

const DAY = '2026-12-05'
const at = (time: string, date = DAY) => `${date}T${time}:00Z`

const PLAN: PlanSketch = {
  areas: [{ name: 'Restaurant' }],
  tables: [
    { name: 'T1', area: 'Restaurant', max: 2 },
    { name: 'T4', area: 'Restaurant', max: 4 },
  ],
  turnTimes: [
    { minParty: 1, maxParty: 2, durationMinutes: 90 },
    { minParty: 3, maxParty: 4, durationMinutes: 120 },
  ],
}

let t: TestApp
let staff: TestAgent
beforeAll(async () => {
  t = await createTestApp({
    now: at('18:00'),
    env: { TRUST_PROXY: 'true', BOOKINGS_PER_GUEST_PER_DATE: '1000', BOOKINGS_PER_ADDRESS_PER_DATE: '1000', CHALLENGE_AFTER_PER_ADDRESS: '100000', CHALLENGE_AFTER_SITE: '100000' },
  })
  staff = await signedInAgent(t)
  // Guests may book a time starting now: the tests are about which tables are free, not the notice.
  await t.services.settings.set('booking_min_notice_minutes', '0')
})
afterAll(() => t.clock.set(at('18:00')))
beforeEach(async () => {
  t.clock.set(at('18:00'))
  // The one setting a test changes (capacity, for the covers engine) back to its default.
  await t.services.settings.set('booking_capacity_covers', BOOKING_SETTING_DEFAULTS.booking_capacity_covers)
  await t.db.execute(sql`delete from reservations`)
  await erasePlan(t.db)
  await drawPlan(t.db, PLAN)
  t.services.reservations.forgetDays()
})

let n = 0
const staffBooking = (over: Record<string, unknown> = {}) =>
  staff
    .post('/api/admin/reservations')
    .send({ name: 'Sam Smith', email: `visit-${++n}@example.com`, phone: '07700 900 001', date: DAY, startTime: '19:00', partySize: 4, additionalInfo: '', foodDrinks: 'food_and_drinks', status: 'confirmed', ...over })
const booked = async (over: Record<string, unknown> = {}) => (await staffBooking(over).expect(201)).body as { id: number; version: number }
const visit = (id: number, state: string, extra: Record<string, unknown> = {}) => staff.post(`/api/admin/reservations/${id}/visit`).send({ state, ...extra })
const moved = async (id: number, state: string) => (await visit(id, state).expect(200)).body
const refusal = async (id: number, state: string) => {
  const res = await visit(id, state).expect(409)
  return res.body as { message: string; code: string }
}
const slots = async (partySize: number) =>
  ((await request(t.app).get(`/api/availability/slots/${DAY}?partySize=${partySize}`).expect(200)).body as { startTime: string }[]).map((s) => s.startTime)
const guestBook = (over: Record<string, unknown>) =>
  request(t.app).post('/api/reservations').set('X-Forwarded-For', `10.35.0.${++n % 250}`).send(guestBooking({ email: `guest-${++n}@example.com`, ...over }))
const tablesOf = async (id: number) =>
  ((await t.db.execute(sql`select t.name from reservation_tables rt join dining_tables t on t.id = rt.table_id where rt.reservation_id = ${id} order by t.name`)).rows as { name: string }[]).map((r) => r.name)
const auditOf = async (id: number) =>
  (await t.db.execute(sql`select action, username, summary, before, after from audit_log where entity_type = 'reservation' and entity_id = ${String(id)} order by id`)).rows as {
    action: string
    username: string
    summary: string
    before: unknown
    after: unknown
  }[]

describe('the visit moves forward a step at a time', () => {
  it('marks a party arrived, seated and finished, stamping each step, without raising the version', async () => {
    const { id, version } = await booked()
    t.clock.set(at('18:55'))
    expect(await moved(id, 'arrived')).toMatchObject({ visitState: 'arrived', visitTimes: { arrivedAt: at('18:55').replace('Z', '.000Z'), seatedAt: null } })
    t.clock.set(at('19:02'))
    expect(await moved(id, 'seated')).toMatchObject({ visitState: 'seated', visitTimes: { seatedAt: '2026-12-05T19:02:00.000Z' } })
    t.clock.set(at('20:40'))
    const finished = await moved(id, 'finished')
    expect(finished).toMatchObject({ visitState: 'finished', version, source: 'phone' })
    expect(finished.visitTimes).toEqual({ arrivedAt: '2026-12-05T18:55:00.000Z', seatedAt: '2026-12-05T19:02:00.000Z', finishedAt: '2026-12-05T20:40:00.000Z', noShowAt: null })
    // Every admin read carries it.
    const listed = (await staff.get(`/api/admin/reservations?date=${DAY}`).expect(200)).body as { id: number; visitState: string; visitTimes: unknown }[]
    expect(listed.find((r) => r.id === id)).toMatchObject({ visitState: 'finished', visitTimes: finished.visitTimes })
  })

  it('seats a party straight from expected, and marks a no-show from arrived or expected', async () => {
    const straight = await booked()
    expect((await moved(straight.id, 'seated')).visitTimes).toMatchObject({ arrivedAt: null, seatedAt: '2026-12-05T18:00:00.000Z' })
    const late = await booked({ partySize: 2 })
    const never = await booked({ partySize: 2, startTime: '17:00' })
    t.clock.set(at('19:15'))
    await moved(late.id, 'arrived')
    expect((await moved(late.id, 'no_show')).visitState).toBe('no_show')
    expect((await moved(never.id, 'no_show')).visitTimes).toMatchObject({ noShowAt: '2026-12-05T19:15:00.000Z' })
  })

  it('undoes the last step, back to the one before, clearing its time', async () => {
    const { id } = await booked()
    await moved(id, 'arrived')
    expect(await moved(id, 'expected')).toMatchObject({ visitState: 'expected', visitTimes: { arrivedAt: null } })
    await moved(id, 'arrived')
    await moved(id, 'seated')
    expect(await moved(id, 'arrived')).toMatchObject({ visitState: 'arrived', visitTimes: { arrivedAt: '2026-12-05T18:00:00.000Z', seatedAt: null } })
    await moved(id, 'seated')
    await moved(id, 'finished')
    expect(await moved(id, 'seated')).toMatchObject({ visitState: 'seated', visitTimes: { finishedAt: null } })
    // Seated straight from expected goes back to expected; a no-show back to where it was.
    const straight = await booked({ partySize: 2 })
    await moved(straight.id, 'seated')
    expect((await moved(straight.id, 'expected')).visitState).toBe('expected')
    t.clock.set(at('19:20'))
    await moved(straight.id, 'no_show')
    expect(await moved(straight.id, 'expected')).toMatchObject({ visitState: 'expected', visitTimes: { noShowAt: null } })
  })

  it('writes an audit row for each move, in its transaction', async () => {
    const { id } = await booked({ name: 'John Smith' })
    await moved(id, 'seated')
    await moved(id, 'expected')
    const rows = (await auditOf(id)).filter((r) => r.action === 'visit')
    expect(rows).toEqual([
      { action: 'visit', username: 'staff', summary: 'marked the booking of John Smith, 4 guests, 19:00 on 05 Dec 2026 seated', before: { visitState: 'expected' }, after: { visitState: 'seated' } },
      {
        action: 'visit',
        username: 'staff',
        summary: "undid 'seated' on the booking of John Smith, 4 guests, 19:00 on 05 Dec 2026: back to expected",
        before: { visitState: 'seated' },
        after: { visitState: 'expected' },
      },
    ])
  })
})

describe('a move that cannot be made is refused with the reason', () => {
  it('refuses a pending or cancelled booking', async () => {
    const pending = await booked({ status: 'pending' })
    expect(await refusal(pending.id, 'arrived')).toEqual({ code: 'visit_not_active', message: 'This booking is still a request: confirm it before marking it arrived.' })
    const cancelled = await booked({ status: 'cancelled' })
    expect(await refusal(cancelled.id, 'seated')).toEqual({ code: 'visit_not_active', message: 'This booking is cancelled: make it active again before marking it seated.' })
  })

  it('offers no-show only from 15 minutes after the booked time', async () => {
    const { id } = await booked({ startTime: '19:30' })
    t.clock.set(at('19:44'))
    expect(await refusal(id, 'no_show')).toEqual({ code: 'visit_too_early', message: 'A no-show can be marked from 7:45 PM, 15 minutes after the booked time.' })
    t.clock.set(at('19:45'))
    expect((await moved(id, 'no_show')).visitState).toBe('no_show')
  })

  it('refuses moving backwards past the last step, skipping a step, the same state and a later date', async () => {
    const { id } = await booked()
    expect(await refusal(id, 'finished')).toEqual({
      code: 'visit_not_allowed',
      message: 'A booking marked expected cannot be marked finished: it can be marked arrived or seated or no-show.',
    })
    await moved(id, 'arrived')
    await moved(id, 'seated')
    await moved(id, 'finished')
    expect(await refusal(id, 'arrived')).toMatchObject({ code: 'visit_not_allowed', message: expect.stringContaining('undone back to seated') })
    expect(await refusal(id, 'expected')).toMatchObject({ code: 'visit_not_allowed' })
    expect(await refusal(id, 'finished')).toEqual({ code: 'visit_unchanged', message: 'This booking is already marked finished.' })
    const later = await booked({ date: '2026-12-06' })
    expect(await refusal(later.id, 'arrived')).toMatchObject({ code: 'visit_not_today' })
  })

  it('checks the version when one is sent, and refuses bad input and unknown bookings', async () => {
    const { id, version } = await booked()
    // Changed by someone else since it was read (the version trigger raises it).
    await t.db.execute(sql`update reservations set name = 'Sam Smythe' where id = ${id}`)
    const stale = await visit(id, 'arrived', { version }).expect(409)
    expect(stale.body.code).toBe('stale_version')
    expect((await visit(id, 'arrived', { version: version + 1 }).expect(200)).body.visitState).toBe('arrived')
    expect((await visit(id, 'gone').expect(400)).body.errors).toHaveProperty('state')
    await visit(2_000_000, 'arrived').expect(404)
  })

  it('needs a signed-in member of staff', async () => {
    const { id } = await booked()
    await request(t.app).post(`/api/admin/reservations/${id}/visit`).set('Sec-Fetch-Site', 'same-origin').send({ state: 'arrived' }).expect(401)
    await request(t.app).post('/api/admin/walk-ins').set('Sec-Fetch-Site', 'same-origin').send({ partySize: 2 }).expect(401)
    await request(t.app).get('/api/admin/walk-ins/options?partySize=2').expect(401)
  })
})

describe('a finished or no-show party frees its table from that minute', () => {
  it('offers the finished table to the next party at once: the slots, the booking and the explain answer agree', async () => {
    const first = await booked({ startTime: '18:00', name: 'Early Party' })
    expect(await tablesOf(first.id)).toEqual(['T4'])
    t.clock.set(at('19:10'))
    expect(await slots(4)).not.toContain('19:30')
    await moved(first.id, 'seated')
    await moved(first.id, 'finished')
    expect(await slots(4)).toContain('19:30')
    const explained = (await staff.get(`/api/admin/availability/explain?date=${DAY}&time=19:30&partySize=4`).expect(200)).body
    expect(explained).toMatchObject({ offered: true, tables: [{ name: 'T4' }] })
    // Staff seating's table picker says the same.
    const picker = (await staff.get(`/api/admin/availability/tables?date=${DAY}&time=19:30&partySize=4`).expect(200)).body as { name: string; free: boolean }[]
    expect(picker.find((table) => table.name === 'T4')).toMatchObject({ free: true })
    const next = (await guestBook({ startTime: '19:30', partySize: 4 }).expect(201)).body
    expect(await tablesOf(next.id)).toEqual(['T4'])
    // Taken meanwhile: the finish cannot be undone onto it.
    expect(await refusal(first.id, 'seated')).toEqual({
      code: 'table_taken',
      message: 'T4 was given to A. Guest (4 guests, 19:30–21:30) after this party left, so it cannot be undone: move that booking to another table first.',
    })
  })

  it('frees a no-show’s table, and an undo with the table still free holds it again', async () => {
    const { id } = await booked({ startTime: '19:00' })
    t.clock.set(at('19:20'))
    expect(await slots(4)).not.toContain('19:30')
    await moved(id, 'no_show')
    expect(await slots(4)).toContain('19:30')
    await moved(id, 'expected')
    expect(await slots(4)).not.toContain('19:30')
  })

  it('frees the covers of a finished party when the venue has no tables', async () => {
    await erasePlan(t.db)
    await t.services.settings.set('booking_capacity_covers', '8')
    const { id } = await booked({ startTime: '19:00', partySize: 8 })
    t.clock.set(at('19:40'))
    expect(await slots(2)).not.toContain('20:00')
    await moved(id, 'seated')
    await moved(id, 'finished')
    expect(await slots(2)).toContain('20:00')
    await guestBook({ startTime: '20:00', partySize: 2 }).expect(201)
  })
})

type WalkIn = { id: number; name: string; email: string | null; phone: string; startTime: string; durationMinutes: number; status: string; source: string; visitState: string; visitTimes: { seatedAt: string }; tables: { name: string }[] }
const walkIn = (body: Record<string, unknown>) => staff.post('/api/admin/walk-ins').send(body)
const tableId = async (name: string) => ((await t.db.execute(sql`select id from dining_tables where name = ${name}`)).rows[0] as { id: number }).id

describe('walk-ins', () => {
  it('lists the tables free now, best fit first, with until when', async () => {
    await booked({ startTime: '20:00', partySize: 4 })
    t.clock.set(at('19:15'))
    const { body } = await staff.get('/api/admin/walk-ins/options?partySize=2').expect(200)
    expect(body).toEqual({
      now: '19:15',
      stayMinutes: 90,
      options: [
        { tables: [{ id: await tableId('T1'), name: 'T1', area: 'Restaurant' }], freeUntil: null, fullStay: true },
        { tables: [{ id: await tableId('T4'), name: 'T4', area: 'Restaurant' }], freeUntil: '20:00', fullStay: false },
      ],
      stillSeated: [],
      nextFree: null,
    })
    await staff.get('/api/admin/walk-ins/options?partySize=0').expect(400)
  })

  it('seats a party now at the best free fit: confirmed, seated, from the walk-in source, with no email', async () => {
    t.clock.set(at('19:07'))
    const res = await walkIn({ partySize: 2 }).expect(201)
    const seated = res.body as WalkIn
    expect(seated).toMatchObject({ name: 'Walk-in', email: null, phone: '', startTime: '19:07', durationMinutes: 90, status: 'confirmed', source: 'walk_in', visitState: 'seated' })
    expect(seated.visitTimes.seatedAt).toBe('2026-12-05T19:07:00.000Z')
    expect(seated.tables.map((x) => x.name)).toEqual(['T1'])
    expect((await auditOf(seated.id)).map((r) => r.summary)).toEqual(['seated a walk-in: Walk-in, 2 guests, 19:07 on 05 Dec 2026 at T1'])
    // No message for anyone: no email, and staff seated them.
    expect((await t.db.execute(sql`select count(*)::int as n from email_outbox where reservation_id = ${seated.id}`)).rows[0]).toEqual({ n: 0 })
    // The next party of two gets the four-top; then nothing is left.
    const named = (await walkIn({ partySize: 2, name: 'Pat', phone: '07700 900 123' }).expect(201)).body as WalkIn
    expect(named).toMatchObject({ name: 'Pat', phone: '07700 900 123', tables: [{ name: 'T4' }] })
    expect((await walkIn({ partySize: 2 }).expect(409)).body).toEqual({ code: 'no_table', message: 'No table for 2 is free now.' })
    // Finishing one frees it for the next walk-in at once.
    await moved(seated.id, 'finished')
    expect(((await walkIn({ partySize: 1 }).expect(201)).body as WalkIn).tables.map((x) => x.name)).toEqual(['T1'])
  })

  it('seats at the tables named', async () => {
    t.clock.set(at('19:00'))
    const seated = (await walkIn({ partySize: 2, tableIds: [await tableId('T4')] }).expect(201)).body as WalkIn
    expect(seated.tables.map((x) => x.name)).toEqual(['T4'])
    expect((await walkIn({ partySize: 2, tableIds: [await tableId('T4')] }).expect(409)).body).toMatchObject({ code: 'table_taken', message: expect.stringContaining('T4 is taken now by Walk-in') })
  })

  it('refuses a table a booking needs before the stay ends, naming it, and takes a shortened stay that fits', async () => {
    await booked({ startTime: '20:00', partySize: 4, name: 'John Smith' })
    t.clock.set(at('19:15'))
    const needed = {
      code: 'table_needed',
      message: 'T4 is free for 45 minutes: J. Smith (4) is booked at 8:00 PM. Shorten the stay to 45 minutes or less to seat them there.',
    }
    expect((await walkIn({ partySize: 4 }).expect(409)).body).toEqual(needed)
    expect((await walkIn({ partySize: 3, tableIds: [await tableId('T4')] }).expect(409)).body).toEqual(needed)
    expect((await walkIn({ partySize: 4, durationMinutes: 50 }).expect(409)).body).toEqual(needed)
    const short = (await walkIn({ partySize: 4, durationMinutes: 45 }).expect(201)).body as WalkIn
    expect(short).toMatchObject({ durationMinutes: 45, tables: [{ name: 'T4' }] })
    await walkIn({ partySize: 4, durationMinutes: 10 }).expect(400)
  })

  it('does not offer a table whose party is seated past its time, names them, and offers it once they are marked finished', async () => {
    const lingering = await booked({ startTime: '18:00', partySize: 4, name: 'Lou Linger' })
    const t4 = { id: await tableId('T4'), name: 'T4', area: 'Restaurant' }
    await moved(lingering.id, 'seated')
    // Their 120 minutes ran out at 20:00; at 19:59 the table is theirs anyway, at 20:10 they are still there.
    t.clock.set(at('20:10'))
    const stillSeated = [{ reservationId: lingering.id, name: 'Lou Linger', partySize: 4, tables: [t4], dueAt: '20:00' }]
    // When they will go is not known, so no wait is quoted for their table.
    expect((await staff.get('/api/admin/walk-ins/options?partySize=3').expect(200)).body).toEqual({ now: '20:10', stayMinutes: 120, options: [], stillSeated, nextFree: null })
    expect((await walkIn({ partySize: 3 }).expect(409)).body).toEqual({
      code: 'no_table',
      message: 'No table for 3 is free now. Seated past their time: L. Linger (4) at T4, due to leave at 8:00 PM. Mark a party Finished once they have gone.',
    })
    expect((await walkIn({ partySize: 2, tableIds: [t4.id] }).expect(409)).body).toEqual({
      code: 'table_taken',
      message: 'T4 is still taken: L. Linger (4) were due to leave at 8:00 PM. Mark them Finished once they have gone.',
    })
    // A party of two still gets the two-top, and is told of T4, which would take them too.
    const two = (await staff.get('/api/admin/walk-ins/options?partySize=2').expect(200)).body
    expect(two.options.map((o: { tables: { name: string }[] }) => o.tables[0]!.name)).toEqual(['T1'])
    expect(two.stillSeated).toEqual(stillSeated)
    // Once they have gone, the table is offered and taken.
    await moved(lingering.id, 'finished')
    expect((await staff.get('/api/admin/walk-ins/options?partySize=3').expect(200)).body).toMatchObject({ options: [{ tables: [t4], freeUntil: null, fullStay: true }], stillSeated: [] })
    expect(((await walkIn({ partySize: 3 }).expect(201)).body as WalkIn).tables.map((x) => x.name)).toEqual(['T4'])
  })

  it('says when a table is next free for the whole stay, when none is now: the wait the host quotes', async () => {
    const sid = await booked({ startTime: '18:30', partySize: 4, name: 'Sid Seated' })
    const t4 = { id: await tableId('T4'), name: 'T4', area: 'Restaurant' }
    await moved(sid.id, 'seated')
    t.clock.set(at('19:15'))
    const options = async (partySize: number) => (await staff.get(`/api/admin/walk-ins/options?partySize=${partySize}`).expect(200)).body
    expect(await options(3)).toMatchObject({ options: [], stillSeated: [], nextFree: { tables: [t4], at: '20:30' } })
    // Booked again at 21:00, T4 is free for 30 minutes at 20:30: not the two hours a party of three stays.
    await booked({ startTime: '21:00', partySize: 4, name: 'Later Party' })
    expect((await options(3)).nextFree).toEqual({ tables: [t4], at: '23:00' })
    // A table free now for the whole stay: no wait to quote.
    expect(await options(2)).toMatchObject({ options: [{ tables: [{ name: 'T1' }], fullStay: true }], nextFree: null })
  })

  it('does not offer the table of a party seated before its booked time', async () => {
    const early = await booked({ startTime: '20:00', partySize: 4, name: 'Eve Early' })
    const t4 = await tableId('T4')
    t.clock.set(at('19:35'))
    // Before they sit down, T4 is free until 20:00: a walk-in may have it for 25 minutes.
    expect((await staff.get('/api/admin/walk-ins/options?partySize=3').expect(200)).body.options).toEqual([
      { tables: [{ id: t4, name: 'T4', area: 'Restaurant' }], freeUntil: '20:00', fullStay: false },
    ])
    await moved(early.id, 'seated')
    expect((await staff.get('/api/admin/walk-ins/options?partySize=3').expect(200)).body).toMatchObject({ options: [], stillSeated: [] })
    expect((await walkIn({ partySize: 3, tableIds: [t4], durationMinutes: 20 }).expect(409)).body).toEqual({
      code: 'table_taken',
      message: 'T4 is taken now by E. Early (4 guests, 19:35–22:00).',
    })
  })

  it('seats by covers when the venue has no tables, within the capacity', async () => {
    await erasePlan(t.db)
    await t.services.settings.set('booking_capacity_covers', '8')
    await booked({ startTime: '19:00', partySize: 6 })
    t.clock.set(at('19:15'))
    const over = (await walkIn({ partySize: 4 }).expect(409)).body
    expect(over).toMatchObject({ code: 'over_capacity', message: expect.stringContaining('Over capacity now: 6 of 8 covers') })
    expect((await walkIn({ partySize: 2 }).expect(201)).body).toMatchObject({ tables: [], durationMinutes: 120, source: 'walk_in' })
  })
})

describe('every booking has a source', () => {
  it('online, phone, event and walk-in', async () => {
    const online = (await guestBook({ startTime: '20:00' }).expect(201)).body.id as number
    const phone = (await booked({ startTime: '18:30', partySize: 2 })).id
    const [event] = await t.db
      .insert(events)
      .values({ slug: `visits-quiz-${++n}`, title: 'Quiz', description: 'A quiz', date: '2026-12-09', time: '19:30', bookingType: 'table', status: 'published', capacity: 20 })
      .returning()
    const { startTime: _s, ...rest } = guestBooking({ email: `event-${++n}@example.com`, date: '2026-12-09', partySize: 2 })
    const atEvent = (await request(t.app).post('/api/reservations').set('X-Forwarded-For', '10.35.1.1').send({ ...rest, eventId: event!.id }).expect(201)).body.id as number
    t.clock.set(at('19:00'))
    const walkedIn = ((await walkIn({ partySize: 2 }).expect(201)).body as WalkIn).id
    const list = async (date: string) => (await staff.get(`/api/admin/reservations?date=${date}`).expect(200)).body as { id: number; source: string }[]
    const sources = new Map([...(await list(DAY)), ...(await list('2026-12-09'))].map((r) => [r.id, r.source]))
    expect([online, phone, atEvent, walkedIn].map((id) => sources.get(id))).toEqual(['online', 'phone', 'event', 'walk_in'])
  })
})
