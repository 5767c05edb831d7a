/**
 * The booking engine with tables (issue 34): what guests are offered and get,
 * what staff assign and are refused, 'why isn't it offered?', the bookings
 * of a venue that draws its plan late, and the guarantees under concurrency.
 *
 * The plan (drawn straight into the database, tests/helpers/floor-plan.ts):
 * Restaurant T1 (2), T2 (4), T3 (4) and 'T2 + T3' for 5 to 6; Bar B1 (2);
 * a Snug for 5 to 8 that guests cannot book online; Garden G1 (4), weather-
 * dependent. Turn times: 1–2 guests 90 minutes, 3–4 120, 5 and more 150.
 */
import { eq, sql } from 'drizzle-orm'
import type http from 'node:http'
import request from 'supertest'
import type TestAgent from 'supertest/lib/agent'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { BOOKING_SETTING_DEFAULTS } from '#common/settings'
import { formatShortDate, formatTime12 } from '#common/time'
import { inSeason, type TurnTimeRule } from '#common/tables'
import { COMMAND_LINE } from '../../server/audit/audit'
import { reservations } from '../../server/db/schema'
import { manageLinkFor } from '../../server/reservations/manage-link'
import { confirmLinkFor } from '../../server/reservations/confirm-link'
import { reachFor } from '../../server/reservations/booking-batch'
import { batchDaysQuery, batchHoursQuery, lockDatesQuery } from '../../server/reservations/booking-sql'
import { assignWaitingBookings } from '../../server/reservations/table-assignment'
import { createTestApp, secondInstance, signedInAgent, type TestApp } from '../helpers/app'
import { versionOf } from '../helpers/versions'
import { drawPlan, erasePlan, type DrawnPlan, type PlanSketch } from '../helpers/floor-plan'

// Saturday 21 November 2026, 12:00 in London (GMT). Saturdays open 12:00-23:30.
const NOW = '2026-11-21T12:00:00Z'
const DAY = '2026-12-05'

const PLAN: PlanSketch = {
  areas: [{ name: 'Restaurant' }, { name: 'Bar' }, { name: 'Snug', onlineBookable: false }, { name: 'Garden', weatherDependent: true }],
  tables: [
    { name: 'T1', area: 'Restaurant', max: 2 },
    { name: 'T2', area: 'Restaurant', max: 4 },
    { name: 'T3', area: 'Restaurant', max: 4 },
    { name: 'B1', area: 'Bar', max: 2 },
    { name: 'Snug', area: 'Snug', min: 5, max: 8 },
    { name: 'G1', area: 'Garden', max: 4 },
  ],
  combinations: [{ name: 'T2 + T3', area: 'Restaurant', tables: ['T2', 'T3'], min: 5, max: 6 }],
  turnTimes: [
    { minParty: 1, maxParty: 2, durationMinutes: 90 },
    { minParty: 3, maxParty: 4, durationMinutes: 120 },
    { minParty: 5, maxParty: 20, durationMinutes: 150 },
  ],
}

let t: TestApp
let staff: TestAgent
let plan: DrawnPlan
beforeAll(async () => {
  // Many bookings of one date from one address and phone: the guest limits and the challenge are tested in
  // tests/api/guest-limits.test.ts, not here.
  t = await createTestApp({
    now: NOW,
    env: { TRUST_PROXY: 'true', BOOKINGS_PER_GUEST_PER_DATE: '1000', BOOKINGS_PER_ADDRESS_PER_DATE: '1000', CHALLENGE_AFTER_PER_ADDRESS: '100000', CHALLENGE_AFTER_SITE: '100000' },
  })
  staff = await signedInAgent(t)
})
beforeEach(async () => {
  t.clock.set(NOW)
  for (const [key, value] of Object.entries(BOOKING_SETTING_DEFAULTS)) await t.services.settings.set(key, value)
  await t.db.execute(sql`delete from reservations`)
  await erasePlan(t.db)
  plan = await drawPlan(t.db, PLAN)
  t.services.reservations.forgetDays()
})

let n = 0
const nextIp = () => `10.34.${(++n >> 8) & 255}.${n & 255}`
const guest = (over: Record<string, unknown> = {}) => ({
  name: 'Ann Guest',
  email: `tables-${++n}@example.com`,
  phone: '07700 900 000',
  date: DAY,
  startTime: '19:00',
  partySize: 2,
  foodDrinks: 'food_and_drinks',
  ...over,
})
const book = (over: Record<string, unknown> = {}, app: http.Server | TestApp['app'] = t.app) =>
  request(app).post('/api/reservations').set('X-Forwarded-For', nextIp()).send(guest(over))
const slots = async (partySize: number, date = DAY) =>
  ((await request(t.app).get(`/api/availability/slots/${date}?partySize=${partySize}`).expect(200)).body as { startTime: string }[]).map((s) => s.startTime)
const tablesOf = async (id: number) =>
  (
    (await t.db.execute(sql`select t.name from reservation_tables rt join dining_tables t on t.id = rt.table_id
      where rt.reservation_id = ${id} order by t.name`)).rows as { name: string }[]
  ).map((r) => r.name)
const explain = async (time: string, partySize: number, date = DAY) =>
  (await staff.get(`/api/admin/availability/explain?date=${date}&time=${time}&partySize=${partySize}`).expect(200)).body as {
    offered: boolean
    reasons: { code: string; message: string }[]
    tables: { name: string }[]
  }
const staffBooking = (over: Record<string, unknown> = {}) => ({
  name: 'Phone Guest',
  email: `phone-${++n}@example.com`,
  phone: '07700 900 001',
  date: DAY,
  startTime: '19:00',
  partySize: 2,
  additionalInfo: '',
  foodDrinks: 'food_and_drinks',
  status: 'confirmed',
  ...over,
})

describe('guests book tables, not covers', () => {
  it('seats each party at the best free fit and keeps its turn time', async () => {
    const first = (await book({ partySize: 2 }).expect(201)).body
    const second = (await book({ partySize: 2 }).expect(201)).body
    const third = (await book({ partySize: 2 }).expect(201)).body
    const four = (await book({ partySize: 3 }).expect(201)).body
    // Fewest spare seats first (the two-tops), then the area's order (Restaurant before Bar); then the four-tops.
    expect(await tablesOf(first.id)).toEqual(['T1'])
    expect(await tablesOf(second.id)).toEqual(['B1'])
    expect(await tablesOf(third.id)).toEqual(['T2'])
    expect(await tablesOf(four.id)).toEqual(['T3'])
    const rows = await t.db.select().from(reservations).where(eq(reservations.date, DAY)).orderBy(reservations.id)
    expect(rows.map((r) => r.durationMinutes)).toEqual([90, 90, 90, 120])
    // The garden's four-top is left for 3 or 4; nothing for a couple at 19:00 (its 90 minutes meet every two-top and four-top but G1).
    expect((await book({ partySize: 2 }).expect(201)).body.id).toBeGreaterThan(0)
    const fifth = await book({ partySize: 2 })
    expect(fifth.status).toBe(409)
    expect(fifth.body.message).toBe(`Sorry, 7:00 PM is no longer available for 2 guests. Please choose another time.`)
  })

  it('reads the holds a longer turn time meets as soon as a rule grows, whatever the last booking read', async () => {
    // A couple at 20:30 takes T1; the next booking reads the holds as far as 90 minutes past its start (the rules it last saw).
    const late = (await book({ startTime: '20:30' }).expect(201)).body
    expect(await tablesOf(late.id)).toEqual(['T1'])
    // Couples now stay two hours: a couple at 19:00 stays to 21:00, into the 20:30 booking on T1.
    await t.db.execute(sql`update turn_times set duration_minutes = 120 where min_party = 1`)
    t.services.reservations.forgetDays()
    const early = (await book({ startTime: '19:00' }).expect(201)).body
    // Read by the old 90 minutes, T1 looked free to 20:30 and the exclusion constraint refused it: a 409 with B1 free.
    expect(await tablesOf(early.id)).toEqual(['B1'])
    const [row] = await t.db.select().from(reservations).where(eq(reservations.id, early.id))
    expect(row!.durationMinutes).toBe(120)
  })

  it('offers a party of 6 at 19:30 only while the combination is free, and takes it away at once', async () => {
    expect(await slots(6)).toContain('19:30')
    // T2 from 18:30 for 120 minutes: the combination T2 + T3 is held until 20:30.
    const four = (await book({ startTime: '18:30', partySize: 4, name: 'John Smith' }).expect(201)).body
    expect(await tablesOf(four.id)).toEqual(['T2'])
    const offered = await slots(6)
    expect(offered).not.toContain('19:30')
    expect(offered).not.toContain('16:30') // 16:30 + 150 minutes reaches 19:00, past 18:30
    expect(offered).toContain('16:00') // 16:00 to 18:30 ends as T2's booking starts
    expect(offered).toContain('20:30')
    const refused = await book({ startTime: '19:30', partySize: 6 }).expect(409)
    expect(refused.body.message).toBe('Sorry, 7:30 PM is no longer available for 6 guests. Please choose another time.')
    const why = await explain('19:30', 6)
    expect(why.offered).toBe(false)
    expect(why.reasons).toEqual([
      {
        code: 'tables_taken',
        message: 'Every table that takes 6 online is taken at some time of a 150-minute visit from 7:30 PM: T2 + T3 by J. Smith (4 guests, 18:30–20:30).',
      },
    ])
    // Staff cancel it: the combination is free again, and offered at once.
    await staff.patch(`/api/admin/reservations/${four.id}`).send({ status: 'cancelled', version: await versionOf(t.db, 'reservations', four.id) }).expect(200)
    expect(await slots(6)).toContain('19:30')
    const six = (await book({ startTime: '19:30', partySize: 6 }).expect(201)).body
    expect(await tablesOf(six.id)).toEqual(['T2', 'T3'])
    expect((await explain('19:30', 6)).reasons[0]!.code).toBe('tables_taken')
  })

  it('takes a large party as a pending request without a table when nothing fits online, and says so', async () => {
    expect(await slots(10)).toContain('19:00')
    const why = await explain('19:00', 10)
    expect(why.offered).toBe(true)
    expect(why.reasons).toEqual([
      {
        code: 'no_table_fits',
        message: 'No table for 10 is free online at 7:00 PM: the party would be taken as a pending request without a table, and staff assign one when they confirm.',
      },
    ])
    const big = (await book({ partySize: 10 }).expect(201)).body
    expect(big.status).toBe('pending')
    expect(await tablesOf(big.id)).toEqual([])
    const listed = (await staff.get(`/api/admin/reservations?date=${DAY}`).expect(200)).body as { id: number; needsTable: boolean; tables: unknown[] }[]
    expect(listed.find((r) => r.id === big.id)).toMatchObject({ needsTable: true, tables: [], durationMinutes: 150 })
    const waiting = (await staff.get('/api/admin/reservations?needsTable=true').expect(200)).body as { id: number }[]
    expect(waiting.map((r) => r.id)).toEqual([big.id])
    // Staff confirm it and seat it: the Snug (staff only) takes 8 at most, so they name the tables.
    await staff.patch(`/api/admin/reservations/${big.id}`).send({ tableIds: [plan.tableIds.get('T2'), plan.tableIds.get('T3'), plan.tableIds.get('T1')], version: await versionOf(t.db, 'reservations', big.id) }).expect(200)
    expect(await tablesOf(big.id)).toEqual(['T1', 'T2', 'T3'])
    expect((await staff.get('/api/admin/reservations?needsTable=true').expect(200)).body).toEqual([])
  })

  it('refuses a party no online table takes, and tells staff which tables they could use', async () => {
    await t.services.settings.set('booking_auto_confirm_max_party', '8')
    expect(await slots(7)).toEqual([])
    const refused = await book({ partySize: 7 }).expect(409)
    expect(refused.body.message).toBe('Sorry, 7:00 PM is no longer available for 7 guests. Please choose another time.')
    expect((await explain('19:00', 7)).reasons).toEqual([
      { code: 'no_table_fits', message: 'No table or combination guests can book online takes a party of 7. Staff can seat them at Snug.' },
    ])
  })

  it("closes a weather-dependent area for a date: its tables are not offered, and the reason says so", async () => {
    await t.db.execute(sql`update dining_tables set is_active = false where name in ('T2', 'T3')`)
    expect(await slots(4)).toContain('19:00')
    const garden = (await book({ partySize: 4 }).expect(201)).body
    expect(await tablesOf(garden.id)).toEqual(['G1'])
    await staff.patch(`/api/admin/reservations/${garden.id}`).send({ status: 'cancelled', version: await versionOf(t.db, 'reservations', garden.id) }).expect(200)
    await t.db.execute(sql`insert into area_closures (area_id, date, reason) values (${plan.areaIds.get('Garden')}, ${DAY}, 'Rain')`)
    t.services.reservations.forgetDays()
    expect(await slots(4)).toEqual([])
    expect((await explain('19:00', 4)).reasons).toEqual([{ code: 'area_closed', message: 'The tables for 4 are in Garden, closed on Saturday, 05 December 2026.' }])
    expect((await book({ partySize: 4 })).status).toBe(409)
    // Another date is not closed.
    expect(await slots(4, '2026-12-12')).toContain('19:00')
  })

  it('keeps an area to its season: out of it, its tables are not offered nor booked, and the reason names the season', async () => {
    await t.db.execute(sql`update dining_tables set is_active = false where name in ('T2', 'T3')`)
    // The Garden from April to September: closed on Saturday 5 December.
    await t.db.execute(sql`update areas set season_from = 4, season_to = 9 where id = ${plan.areaIds.get('Garden')}`)
    t.services.reservations.forgetDays()
    expect(await slots(4)).toEqual([])
    expect((await explain('19:00', 4)).reasons).toEqual([
      { code: 'area_closed', message: 'The tables for 4 are in Garden, closed on Saturday, 05 December 2026. Garden takes bookings from April to September.' },
    ])
    expect((await book({ partySize: 4 })).status).toBe(409)
    // From January to March: still closed in December, open in January.
    await t.db.execute(sql`update areas set season_from = 1, season_to = 3 where id = ${plan.areaIds.get('Garden')}`)
    t.services.reservations.forgetDays()
    expect(await slots(4)).toEqual([])
    expect(await slots(4, '2027-01-09')).toContain('19:00')
    // A season over the new year (a marquee from November to February) takes December's bookings.
    await t.db.execute(sql`update areas set season_from = 11, season_to = 2 where id = ${plan.areaIds.get('Garden')}`)
    t.services.reservations.forgetDays()
    expect(await slots(4)).toContain('19:00')
    const garden = (await book({ partySize: 4 }).expect(201)).body
    expect(await tablesOf(garden.id)).toEqual(['G1'])
  })

  it("closes an area out of season in the booking batch's SQL exactly as inSeason says, for every season and month", async () => {
    const seasons = Array.from({ length: 144 }, (_, i) => ({ from: Math.floor(i / 12) + 1, to: (i % 12) + 1 }))
    const { rows: made } = await t.db.$client.query<{ id: number }>(
      `insert into areas (name, season_from, season_to) select 'Season ' || f || '-' || s, f, s from unnest($1::int[], $2::int[]) as x(f, s) returning id`,
      [seasons.map((s) => s.from), seasons.map((s) => s.to)],
    )
    const dates = Array.from({ length: 12 }, (_, m) => `2027-${String(m + 1).padStart(2, '0')}-15`)
    const { rows } = await t.db.$client.query(batchHoursQuery(dates, [1]))
    const closed = new Set((rows[0].closures as { date: string; areaId: number }[]).map((c) => `${c.areaId} ${c.date}`))
    const expected = new Set(made.flatMap((area, i) => dates.filter((d) => !inSeason(seasons[i], d)).map((d) => `${area.id} ${d}`)))
    expect(closed).toEqual(expected)
    // From April to September is closed six months of the twelve; from November to February, eight.
    expect(dates.filter((d) => !inSeason({ from: 4, to: 9 }, d))).toHaveLength(6)
    expect(dates.filter((d) => !inSeason({ from: 11, to: 2 }, d))).toHaveLength(8)
  })

  it('keeps the pacing limit per slot', async () => {
    await t.services.settings.set('booking_max_covers_per_slot', '4')
    await book({ partySize: 3 }).expect(201)
    expect(await slots(2)).not.toContain('19:00')
    expect((await explain('19:00', 2)).reasons[0]).toEqual({
      code: 'pacing',
      message: 'Too many arrivals at 7:00 PM on Saturday, 05 December 2026: 3 guests already start then, the limit is 4 a half hour, and 2 more would make 5.',
    })
    await book({ partySize: 2 }).expect(409)
    await book({ partySize: 1 }).expect(201)
  })

  it('explains the refusals that are not about tables, as the booking decides them', async () => {
    const cases: [string, string, string, RegExp][] = [
      ['2026-11-23', '19:00', 'closed', /closed that day/],
      [DAY, '12:15', 'closed', /outside the booking times/],
      ['2026-11-21', '11:30', 'closed', /outside the booking times/],
      ['2026-11-20', '19:00', 'past', /has already started/],
      ['2026-11-21', '12:30', 'notice', /at least 60 minutes ahead/],
      ['2027-05-01', '19:00', 'horizon', /up to 120 days ahead, until Sunday, 21 March 2027/],
    ]
    for (const [date, time, code, message] of cases) {
      const why = await explain(time, 2, date)
      expect(why.offered, `${date} ${time}`).toBe(false)
      expect(why.reasons[0]!.code, `${date} ${time}`).toBe(code)
      expect(why.reasons[0]!.message, `${date} ${time}`).toMatch(message)
    }
    const fine = await explain('19:00', 2)
    expect(fine).toEqual({ offered: true, reasons: [], tables: [{ id: plan.tableIds.get('T1'), name: 'T1', area: 'Restaurant' }] })
    // Bad input: 400 with the field's message, as the form says it.
    const bad = await staff.get(`/api/admin/availability/explain?date=2026-13-01&time=19:00&partySize=2`).expect(400)
    expect(bad.body.errors.date).toBe('Date must be a real date')
    expect((await staff.get(`/api/admin/availability/explain?date=${DAY}&time=7pm&partySize=2`).expect(400)).body.errors.time).toBe('Time must be a time such as 19:30')
    expect((await staff.get(`/api/admin/availability/explain?date=${DAY}&time=19:00&partySize=0`).expect(400)).body.errors.partySize).toBe('Party size must be at least 1')
    await request(t.app).get(`/api/admin/availability/explain?date=${DAY}&time=19:00&partySize=2`).expect(401)
  })

  it("never disagrees with the offered times: every slot of the day, for every party from 1 to 12", async () => {
    await book({ startTime: '18:30', partySize: 4 }).expect(201)
    await book({ startTime: '19:00', partySize: 2 }).expect(201)
    await book({ startTime: '20:00', partySize: 6 }).expect(409) // T2 + T3 meets 18:30's T2
    for (let party = 1; party <= 12; party++) {
      const offered = new Set(await slots(party))
      for (let m = 12 * 60; m < 23 * 60 + 30; m += 30) {
        const time = `${String(Math.floor(m / 60)).padStart(2, '0')}:${m % 60 ? '30' : '00'}`
        expect((await explain(time, party)).offered, `${party} at ${time}`).toBe(offered.has(time))
      }
    }
  })
})

describe("a large party's request confirmed after its 30 minutes", () => {
  const MINUTE = 60_000
  const confirmToken = (id: number) => confirmLinkFor(t.deps.config, 'http://localhost', id, DAY).split('/').at(-1)!
  /** A party of 6 asks for 19:00 while a four-top of the combination T2 + T3 is held: a request without a table. */
  async function requestWithoutTable() {
    // Parties over 4 are requests staff confirm; and a covers limit below the party, which a venue with tables does not count.
    await t.services.settings.set('booking_auto_confirm_max_party', '4')
    await t.services.settings.set('booking_capacity_covers', '4')
    const holder = (await staff.post('/api/admin/reservations').send(staffBooking({ partySize: 4, tableIds: [plan.tableIds.get('T2')!] })).expect(201)).body
    const party = (await book({ partySize: 6 }).expect(201)).body
    expect(party.status).toBe('pending')
    expect(await tablesOf(party.id)).toEqual([])
    t.clock.set(new Date(Date.parse(NOW) + 45 * MINUTE).toISOString())
    return { holder, party }
  }

  it('takes the best free table or combination for its whole visit, by the tables and not the covers', async () => {
    const { holder, party } = await requestWithoutTable()
    await staff.patch(`/api/admin/reservations/${holder.id}`).send({ status: 'cancelled', version: await versionOf(t.db, 'reservations', holder.id) }).expect(200)
    expect(await t.services.guestBookings.confirmRequest(confirmToken(party.id))).toMatchObject({ state: 'confirmed' })
    expect(await tablesOf(party.id)).toEqual(['T2', 'T3'])
    const [row] = await t.db.select().from(reservations).where(eq(reservations.id, party.id))
    expect(row).toMatchObject({ status: 'pending', holdUntil: null, durationMinutes: 150 })
    // The combination is its own now: another party of 6 would be a request without a table, and a couple still gets T1.
    expect((await explain('19:00', 6)).reasons.map((r) => r.code)).toEqual(['no_table_fits'])
    expect(await tablesOf((await book({ partySize: 2 }).expect(201)).body.id)).toEqual(['T1'])
  })

  it('stays a request without a table for staff when no table fits any more, holding nothing', async () => {
    const { party } = await requestWithoutTable()
    // Covers alone would fit (the limit back to the default): the tables decide.
    await t.services.settings.set('booking_capacity_covers', BOOKING_SETTING_DEFAULTS.booking_capacity_covers!)
    expect(await t.services.guestBookings.confirmRequest(confirmToken(party.id))).toMatchObject({ state: 'no_room' })
    expect(await t.services.guestBookings.request(confirmToken(party.id))).toMatchObject({ state: 'no_room' })
    expect(await tablesOf(party.id)).toEqual([])
    const [row] = await t.db.select().from(reservations).where(eq(reservations.id, party.id))
    expect(row!.status).toBe('pending')
    expect(row!.guestConfirmedAt).not.toBeNull()
    expect(row!.holdUntil).not.toBeNull()
    // Staff see it waiting for a table.
    const listed = (await staff.get(`/api/admin/reservations?date=${DAY}`).expect(200)).body.find((r: { id: number }) => r.id === party.id)
    expect(listed).toMatchObject({ needsTable: true, tables: [] })
  })

  it('holds no table once its 30 minutes are over: the next party is offered it and given it', async () => {
    await t.services.settings.set('booking_auto_confirm_max_party', '4')
    const first = (await book({ partySize: 6 }).expect(201)).body
    expect(await tablesOf(first.id)).toEqual(['T2', 'T3'])
    // A second party of 6 would be a request without a table while the first holds the combination...
    expect((await explain('19:00', 6)).reasons.map((r) => r.code)).toEqual(['no_table_fits'])
    t.clock.set(new Date(Date.parse(NOW) + 45 * MINUTE).toISOString())
    t.services.reservations.forgetDays()
    // ...and once its 30 minutes are over, the combination is free again.
    expect(await explain('19:00', 6)).toMatchObject({ offered: true, reasons: [] })
    // Staff see it as it is: its rows are still there (the next booking of the date releases them), but it holds no
    // table, so it waits for one (the timeline does not draw it where someone else may sit).
    expect(await tablesOf(first.id)).toEqual(['T2', 'T3'])
    const listed = (await staff.get(`/api/admin/reservations?date=${DAY}`).expect(200)).body.find((r: { id: number }) => r.id === first.id)
    expect(listed).toMatchObject({ status: 'pending', needsTable: true, tables: [] })
    const waiting = (await staff.get('/api/admin/reservations?needsTable=true').expect(200)).body.map((r: { id: number }) => r.id)
    expect(waiting).toContain(first.id)
    const second = (await book({ partySize: 6 }).expect(201)).body
    expect(await tablesOf(second.id)).toEqual(['T2', 'T3'])
    expect(await tablesOf(first.id)).toEqual([])
    // Its guest confirming now finds no table: it stays a request without one, for staff.
    expect(await t.services.guestBookings.confirmRequest(confirmToken(first.id))).toMatchObject({ state: 'no_room' })
  })

  it('keeps the table it holds', async () => {
    await t.services.settings.set('booking_auto_confirm_max_party', '4')
    const party = (await book({ partySize: 6 }).expect(201)).body
    expect(await tablesOf(party.id)).toEqual(['T2', 'T3'])
    t.clock.set(new Date(Date.parse(NOW) + 45 * MINUTE).toISOString())
    expect(await t.services.guestBookings.confirmRequest(confirmToken(party.id))).toMatchObject({ state: 'confirmed' })
    expect(await tablesOf(party.id)).toEqual(['T2', 'T3'])
  })
})

describe('staff and tables', () => {
  it('refuse a table another booking holds, naming it, even with force; assign a free one', async () => {
    const smith = (await book({ name: 'John Smith', partySize: 4 }).expect(201)).body
    expect(await tablesOf(smith.id)).toEqual(['T2'])
    const later = (await book({ startTime: '20:00', partySize: 4 }).expect(201)).body
    expect(await tablesOf(later.id)).toEqual(['T3'])
    const message = 'T2 is taken by J. Smith (4 guests, 19:00–21:00) at that time: move that booking first.'
    for (const force of [undefined, true]) {
      const refused = await staff.patch(`/api/admin/reservations/${later.id}`).send({ tableIds: [plan.tableIds.get('T2')], force, version: await versionOf(t.db, 'reservations', later.id) }).expect(409)
      expect(refused.body).toEqual({ message, code: 'table_taken', errors: { tableIds: message } })
    }
    expect(await tablesOf(later.id)).toEqual(['T3'])
    const moved = await staff.patch(`/api/admin/reservations/${later.id}`).send({ tableIds: [plan.tableIds.get('T1')], version: await versionOf(t.db, 'reservations', later.id) }).expect(200)
    expect(moved.body.tables).toEqual([{ id: plan.tableIds.get('T1'), name: 'T1', area: 'Restaurant' }])
    // Bad table ids: 400, nothing changed.
    expect((await staff.patch(`/api/admin/reservations/${later.id}`).send({ tableIds: [999999], version: await versionOf(t.db, 'reservations', later.id) }).expect(400)).body.errors.tableIds).toBe('There is no table 999999.')
    expect((await staff.patch(`/api/admin/reservations/${later.id}`).send({ tableIds: ['T2'], version: await versionOf(t.db, 'reservations', later.id) }).expect(400)).body.message).toMatch(/Tables must be a list/)
    expect((await staff.patch(`/api/admin/reservations/${later.id}`).send({ tableIds: [1, 1], version: await versionOf(t.db, 'reservations', later.id) }).expect(400)).body.message).toBe('Each table can be named once')
    expect(await tablesOf(later.id)).toEqual(['T1'])
    // The list carries each booking's tables and turn time.
    const list = (await staff.get(`/api/admin/reservations?date=${DAY}`).expect(200)).body as { id: number; tables: unknown; durationMinutes: number; needsTable: boolean }[]
    expect(list.find((r) => r.id === smith.id)).toMatchObject({ tables: [{ id: plan.tableIds.get('T2'), name: 'T2', area: 'Restaurant' }], durationMinutes: 120, needsTable: false })
  })

  it('seat phone bookings at the best fit, staff-only tables too; a booking that fits nowhere needs force and then a table', async () => {
    const snug = await staff.post('/api/admin/reservations').send(staffBooking({ partySize: 8 })).expect(201)
    expect(snug.body).toMatchObject({ tables: [{ name: 'Snug', area: 'Snug' }], durationMinutes: 150, needsTable: false })
    const refused = await staff.post('/api/admin/reservations').send(staffBooking({ partySize: 8 })).expect(409)
    expect(refused.body).toEqual({
      code: 'no_table',
      message: "No table or combination for 8 is free at 7:00 PM on Saturday, 05 December 2026: choose a table, or save anyway and it will show as 'needs a table'.",
    })
    const forced = await staff.post('/api/admin/reservations').send(staffBooking({ partySize: 8, force: true })).expect(201)
    expect(forced.body).toMatchObject({ tables: [], needsTable: true })
    // Named tables are checked even with force.
    const named = await staff.post('/api/admin/reservations').send(staffBooking({ partySize: 4, tableIds: [plan.tableIds.get('Snug')], force: true })).expect(409)
    expect(named.body.message).toBe('Snug is taken by P. Guest (8 guests, 19:00–21:30) at that time: move that booking first.')
    // An edit to another time takes the tables with it when they are free there, or the best fit.
    const moved = await staff.patch(`/api/admin/reservations/${snug.body.id}`).send({ ...staffBooking({ partySize: 8, startTime: '22:00', version: await versionOf(t.db, 'reservations', snug.body.id) }), email: snug.body.email }).expect(200)
    expect(moved.body).toMatchObject({ startTime: '22:00', tables: [{ name: 'Snug' }] })
    const seated = await staff.patch(`/api/admin/reservations/${forced.body.id}`).send({ ...staffBooking({ partySize: 8, version: await versionOf(t.db, 'reservations', forced.body.id) }), email: forced.body.email }).expect(200)
    expect(seated.body).toMatchObject({ tables: [{ name: 'Snug' }], needsTable: false })
  })

  it('re-seat a booking the guest moves through the manage link, by the rules of a new booking', async () => {
    const b = (await book({ partySize: 2 }).expect(201)).body
    expect(await tablesOf(b.id)).toEqual(['T1'])
    const token = manageLinkFor(t.config, 'http://localhost', b.id, b.date).split('/').at(-1)!
    await request(t.app).patch(`/api/manage-booking/${token}`).send({ date: DAY, startTime: '20:00', partySize: 4 }).expect(200)
    expect(await tablesOf(b.id)).toEqual(['T2'])
    expect((await t.db.select().from(reservations).where(eq(reservations.id, b.id)))[0]!.durationMinutes).toBe(120)
    // Its own table does not count against it: moving within its own time keeps a fitting table.
    await request(t.app).patch(`/api/manage-booking/${token}`).send({ date: DAY, startTime: '20:30', partySize: 4 }).expect(200)
    expect(await tablesOf(b.id)).toEqual(['T2'])
    // The calendar file lasts the party's turn time: 120 minutes for 4.
    const ics = await request(t.app).get(`/api/manage-booking/${token}/calendar.ics`).expect(200)
    expect(ics.text).toContain('DTSTART:20261205T203000Z')
    expect(ics.text).toContain('DTEND:20261205T223000Z')
    // With every table for 4 taken at 17:00, a move there is refused with the slot's message, and it keeps its table.
    for (let i = 0; i < 3; i++) await book({ startTime: '17:00', partySize: 4 }).expect(201)
    const refused = await request(t.app).patch(`/api/manage-booking/${token}`).send({ date: DAY, startTime: '17:00', partySize: 4 }).expect(409)
    expect(refused.body.message).toBe('Sorry, 5:00 PM is no longer available for 4 guests. Please choose another time.')
    expect(await tablesOf(b.id)).toEqual(['T2'])
  })

  it('seat the bookings made before the plan was drawn, in time order, and list those that fit nowhere', async () => {
    await erasePlan(t.db)
    const made: number[] = []
    for (const [startTime, partySize] of [['19:00', 6], ['18:00', 2], ['19:00', 6], ['19:00', 6], ['19:30', 6]] as const) {
      made.push((await book({ startTime, partySize }).expect(201)).body.id)
    }
    await drawPlan(t.db, PLAN)
    const result = await assignWaitingBookings(t.db, { today: '2026-11-21', actor: COMMAND_LINE })
    // Covers-mode bookings keep the 120 minutes they were made with.
    expect(result.assigned.map((a) => [a.startTime, a.partySize, a.tables])).toEqual([
      ['18:00', 2, ['T1']],
      ['19:00', 6, ['T2', 'T3']],
      ['19:00', 6, ['Snug']],
    ])
    // Each booking seated has its audit row, by whoever ran it (here the command line); those left waiting have none.
    const audited = await t.db.$client.query(
      `select username, action, entity_id as "entityId", summary, before, after from audit_log where entity_type = 'reservation' and action = 'tables' order by id`,
    )
    expect(audited.rows).toEqual(
      result.assigned.map((a) => ({
        username: 'command line',
        action: 'tables',
        entityId: String(a.id),
        summary: `seated the booking of ${a.name}, ${a.partySize} at ${formatTime12(a.startTime)} on ${formatShortDate(a.date)}, at ${a.tables.join(' + ')}: it had no table`,
        before: { tables: [] },
        after: { tables: a.tables },
      })),
    )
    expect(result.unplaced.map((u) => [u.id, u.startTime])).toEqual([
      [made[3], '19:00'],
      [made[4], '19:30'],
    ])
    const waiting = (await staff.get('/api/admin/reservations?needsTable=true').expect(200)).body as { id: number }[]
    expect(waiting.map((r) => r.id).sort()).toEqual([made[3], made[4]].sort())
    // Run again: nothing moves, the same two wait, and no audit row is added.
    expect(await assignWaitingBookings(t.db, { today: '2026-11-21' })).toMatchObject({ assigned: [], unplaced: [{ id: made[3] }, { id: made[4] }] })
    expect((await t.db.$client.query(`select count(*)::int as n from audit_log where action = 'tables'`)).rows).toEqual([{ n: 3 }])
  })

  it('seat each booking as it stands once its date is locked, not as it was read before', async () => {
    await erasePlan(t.db)
    const moved = (await book({ startTime: '18:00', partySize: 2 }).expect(201)).body.id as number
    const cancelled = (await book({ startTime: '18:30', partySize: 2 }).expect(201)).body.id as number
    await drawPlan(t.db, PLAN)
    // Staff hold the date (a booking being saved) while the seating starts; meanwhile one booking moves, one is cancelled.
    const holder = await t.db.$client.connect()
    try {
      await holder.query('begin')
      await holder.query(lockDatesQuery([DAY]))
      const seating = assignWaitingBookings(t.db, { today: '2026-11-21' })
      await new Promise((resolve) => setTimeout(resolve, 200))
      await holder.query(`update reservations set start_time = '20:00' where id = $1`, [moved])
      await holder.query(`update reservations set status = 'cancelled' where id = $1`, [cancelled])
      await holder.query('commit')
      const result = await seating
      expect(result.assigned.map((a) => [a.id, a.startTime])).toEqual([[moved, '20:00']])
      expect(result.unplaced).toEqual([])
    } finally {
      holder.release()
    }
  })
})

describe('a table out of use from a date', () => {
  const NEXT = '2026-12-12'
  const outOfUse = async (kind: 'tables' | 'table-combinations', id: number, from: string | null, status: number) =>
    staff.patch(`/api/admin/${kind}/${id}`).send({ outOfUseFrom: from, version: await versionOf(t.db, kind === 'tables' ? 'dining_tables' : 'table_combinations', id) }).expect(status)

  it('seats no one there from that date, keeps the bookings before it, and says why to staff', async () => {
    // The Snug (5-8, staff only) and T2 + T3 (5-6, online): a party of 6 online has only the combination.
    const before = (await book({ partySize: 6 }).expect(201)).body
    expect(await tablesOf(before.id)).toEqual(['T2', 'T3'])
    // T3 out of use from the next Saturday takes the combination with it from then; the booking of the 5th stands.
    await outOfUse('tables', plan.tableIds.get('T3')!, NEXT, 200)
    expect(await tablesOf(before.id)).toEqual(['T2', 'T3'])
    expect(await slots(6, NEXT)).toEqual([])
    await book({ date: NEXT, partySize: 6 }).expect(409)
    expect(await slots(6, '2026-12-11')).toContain('19:00')
    // Parties of 4 go to T2 and the garden from then, never T3.
    const four = (await book({ date: NEXT, partySize: 4 }).expect(201)).body
    const other = (await book({ date: NEXT, partySize: 4 }).expect(201)).body
    expect([...(await tablesOf(four.id)), ...(await tablesOf(other.id))].sort()).toEqual(['G1', 'T2'])
    const why = await explain('19:00', 4, NEXT)
    expect(why.offered).toBe(false)
    expect(why.tables.map((x) => x.name)).not.toContain('T3')
    // Staff naming it for that date are told it is out of use (400, nothing changed).
    const named = await staff.post('/api/admin/reservations').send(staffBooking({ date: NEXT, startTime: '13:00', partySize: 2, tableIds: [plan.tableIds.get('T3')] })).expect(400)
    expect(named.body.errors).toEqual({ tableIds: 'T3 is out of use from Sat 12 Dec.' })
    // Back in use (null): offered again.
    await outOfUse('tables', plan.tableIds.get('T3')!, null, 200)
    expect(await slots(6, NEXT)).toContain('13:00')
  })

  it('refuses a date on or before a booking seated there (409 naming how many, the first and the day after the last), and a past date', async () => {
    const t2 = plan.tableIds.get('T2')!
    const first = (await book({ partySize: 4 }).expect(201)).body
    const second = (await book({ date: NEXT, partySize: 4 }).expect(201)).body
    expect(await tablesOf(first.id)).toEqual(['T2'])
    expect(await tablesOf(second.id)).toEqual(['T2'])
    const refused = await outOfUse('tables', t2, DAY, 409)
    expect(refused.body).toMatchObject({
      code: 'has_bookings',
      message: 'T2 has 2 bookings from that date, the first on Sat 5 Dec; move them to other tables first, or take it out of use from Sun 13 Dec or later.',
    })
    expect((await outOfUse('tables', t2, '2026-12-06', 409)).body.message).toBe(
      'T2 has 1 booking from that date, the first on Sat 12 Dec; move it to other tables first, or take it out of use from Sun 13 Dec or later.',
    )
    expect((await outOfUse('tables', t2, '2026-11-20', 400)).body.errors).toEqual({ outOfUseFrom: 'Out of use from must be a date, today or later, or empty' })
    expect((await outOfUse('tables', t2, '2026-02-30', 400)).body.errors).toEqual({ outOfUseFrom: 'Out of use from must be a date, today or later, or empty' })
    // The day after its last booking: accepted, and shown.
    const done = (await outOfUse('tables', t2, '2026-12-13', 200)).body
    expect(done).toMatchObject({ name: 'T2', outOfUseFrom: '2026-12-13', active: true })
    // A combination's own date counts the bookings at all its tables.
    const combination = plan.combinationIds.get('T2 + T3')!
    const six = (await book({ date: '2026-12-11', partySize: 6 }).expect(201)).body
    expect(await tablesOf(six.id)).toEqual(['T2', 'T3'])
    expect((await outOfUse('table-combinations', combination, '2026-12-10', 409)).body.message).toBe(
      'T2 + T3 has 1 booking from that date, the first on Fri 11 Dec; move it to other tables first, or take it out of use from Sat 12 Dec or later.',
    )
    expect((await outOfUse('table-combinations', combination, '2026-12-12', 200)).body.outOfUseFrom).toBe('2026-12-12')
  })
})

describe('the guarantees', () => {
  it('the exclusion constraint refuses two active bookings on one table at overlapping times, whatever writes them', async () => {
    const a = (await book({ partySize: 4 }).expect(201)).body
    const [other] = await t.db
      .insert(reservations)
      .values({ name: 'Direct', email: 'direct@example.com', phone: '1', date: DAY, startTime: '20:30', partySize: 4, foodDrinks: 'food_and_drinks', status: 'confirmed', durationMinutes: 120 })
      .returning()
    const t2 = plan.tableIds.get('T2')!
    expect(await tablesOf(a.id)).toEqual(['T2'])
    await expect(t.db.execute(sql`insert into reservation_tables (reservation_id, table_id) values (${other!.id}, ${t2})`)).rejects.toMatchObject({
      cause: { code: '23P01' },
    })
    // At 21:00, as the first booking's 120 minutes end, the table is free; a cancelled booking holds nothing.
    await t.db.update(reservations).set({ startTime: '21:00' }).where(eq(reservations.id, other!.id))
    await t.db.execute(sql`insert into reservation_tables (reservation_id, table_id) values (${other!.id}, ${t2})`)
    await expect(t.db.update(reservations).set({ startTime: '20:00' }).where(eq(reservations.id, other!.id))).rejects.toMatchObject({ cause: { code: '23P01' } })
    await t.db.update(reservations).set({ status: 'cancelled' }).where(eq(reservations.id, a.id))
    await t.db.update(reservations).set({ startTime: '20:00' }).where(eq(reservations.id, other!.id))
  })

  it("reads a batch's holds from the index of active holds by time, not every hold of three dates", async () => {
    // 60 dates of 400 holds, one a table and half hour: a busy venue's season.
    await t.db.execute(sql`insert into reservations (name, email, phone, date, start_time, party_size, status, food_drinks, duration_minutes)
      select 'G' || g, 'g' || g || '@example.com', '1', to_char(date '2027-02-01' + g / 132, 'YYYY-MM-DD'),
        to_char(time '12:00' + (g % 132 / 6) * interval '30 minutes', 'HH24:MI'), 2, 'confirmed', 'food_and_drinks', 30
      from generate_series(0, 132 * 60 - 1) g`)
    await t.db.execute(sql`insert into reservation_tables (reservation_id, table_id)
      select r.id, (array[${plan.tableIds.get('T1')}, ${plan.tableIds.get('T2')}, ${plan.tableIds.get('T3')}, ${plan.tableIds.get('B1')}, ${plan.tableIds.get('Snug')}, ${plan.tableIds.get('G1')}]::int[])[1 + (row_number() over (partition by r.date, r.start_time order by r.id) - 1)::int]
      from reservations r where r.email like 'g%@example.com'`)
    await t.db.$client.query('analyze reservation_tables')
    const dates = ['2027-02-10', '2027-02-11', '2027-02-12']
    // How far each date's holds are read: the longest turn time of its parties, by the rules as they stand (reachFor).
    const rules = async () =>
      (await t.db.$client.query<TurnTimeRule>(
        'select min_party as "minParty", max_party as "maxParty", duration_minutes as "durationMinutes", weekday from turn_times order by id',
      )).rows
    const at19 = async (sizes: number[][]) => {
      const now = await rules()
      return batchDaysQuery(dates, ['16:00', '16:00', '16:00'], ['22:00', '22:00', '22:00'], new Date('2027-02-01T12:00:00Z'), {
        first: ['19:00', '19:00', '19:00'],
        last: ['19:00', '19:00', '19:00'],
        reach: dates.map((date, i) => reachFor(date, sizes[i]!, now, 120)),
        paced: ['19:29', '19:29', '19:29'],
      })
    }
    const query = await at19([[2, 6], [6], [6]])
    const explained = await t.db.$client.query({ text: `explain (analyze, costs off, timing off, summary off) ${query.text}`, values: query.values })
    const planText = explained.rows.map((r) => r['QUERY PLAN']).join('\n')
    // (Index-only once vacuum has marked the pages, as autovacuum does; a bitmap scan of the index before that.)
    expect(planText).toMatch(/Index (Only )?Scan (using|on) reservation_tables_active_during_idx/)
    expect(planText).not.toMatch(/reservation_tables_date_idx/)
    const [day] = (await t.db.$client.query(query)).rows
    // The holds of 19:00 to 21:00 (a party of 6 stays 150 minutes, to 21:30): six tables, five half hours.
    expect(day.holds).toHaveLength(30)
    // A venue that books tables paces the bookings' own slot only: the date's bookings starting 19:00 to 19:29 are read.
    expect(day.paceOnly).toBe(true)
    expect(day.bookings.map((b: { startTime: string }) => b.startTime)).toEqual(['19:00'])
    // Parties of 2 stay 90 minutes: only the holds their visits can meet, 19:00 to 20:00, are read.
    const [twos] = (await t.db.$client.query(await at19([[2], [1, 2], [2]]))).rows
    expect(twos.holds).toHaveLength(18)
    // A weekday's own rule comes first (common/tables.ts turnTimeFor): 120 minutes for 2 on the first date's Wednesday.
    await t.db.execute(sql`insert into turn_times (min_party, max_party, duration_minutes, weekday) values (1, 2, 120, 3)`)
    try {
      const rows = (await t.db.$client.query(await at19([[2], [2], [2]]))).rows
      expect(rows.map((r) => r.holds.length)).toEqual([24, 18, 18])
    } finally {
      await t.db.execute(sql`delete from turn_times where weekday = 3`)
    }
  })

  describe('two app instances on one database', () => {
    let apps: [http.Server, http.Server]
    beforeAll(() => {
      apps = [t.app.listen(0), secondInstance(t).app.listen(0)]
    })
    afterAll(() => Promise.all(apps.map((server) => new Promise((resolve) => server.close(resolve)))))

    it('give the last four-top to exactly one of 30 parties of 4 booking at once', async () => {
      // T3 taken and the garden closed: T2 is the last table for 4 at 19:00.
      await book({ partySize: 4 }).expect(201)
      await t.db.execute(sql`insert into area_closures (area_id, date, reason) values (${plan.areaIds.get('Garden')}, ${DAY}, 'Rain')`)
      await Promise.all(apps.map((app) => request(app).get(`/api/availability/slots/${DAY}`).expect(200)))
      const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => book({ partySize: 4 }, apps[i % 2]!)))
      expect(answers.map((a) => a.status).sort()).toEqual([201, ...Array(29).fill(409)])
      for (const refused of answers.filter((a) => a.status === 409)) {
        expect(refused.body.message).toBe('Sorry, 7:00 PM is no longer available for 4 guests. Please choose another time.')
      }
      const held = await t.db.execute(sql`select count(*)::int as n from reservation_tables where table_id = ${plan.tableIds.get('T2')} and active`)
      expect(held.rows[0]).toEqual({ n: 1 })
    })
  })
})
