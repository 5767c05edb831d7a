/**
 * Tables & Areas (issue 34): areas, tables, combinations, turn times and area
 * closures over HTTP against a real PostgreSQL. Every change writes one audit
 * row in its transaction; every edit carries its version (409 on a stale
 * save); staff read the plan, managers draw it.
 */
import { beforeAll, describe, expect, it } from 'vitest'
import { FORBIDDEN_MESSAGE } from '#common/permissions'
import { createTestApp, signedInAgent, signedInAs, type TestApp } from '../helpers/app'

type Agent = Awaited<ReturnType<typeof signedInAgent>>
let t: TestApp
let owner: Agent
let manager: Agent
let staff: Agent

beforeAll(async () => {
  // Saturday 21 November 2026, midday in London.
  t = await createTestApp({ now: '2026-11-21T12:00:00Z' })
  owner = await signedInAgent(t)
  manager = await signedInAs(t, 'manager')
  staff = await signedInAs(t, 'staff')
})

const auditCount = async () => (await t.db.$client.query<{ n: number }>('select count(*)::int as n from audit_log')).rows[0]!.n
const lastAudit = async () =>
  (await t.db.$client.query<{ username: string; action: string; entity_type: string; entity_id: string; summary: string; before: unknown; after: unknown }>('select * from audit_log order by id desc limit 1')).rows[0]!

/** Runs a change and checks it wrote exactly one audit row, by `manager-member`, of `entityType`. */
async function oneAuditRow<T>(entityType: string, run: () => Promise<T>): Promise<T> {
  const before = await auditCount()
  const result = await run()
  expect(await auditCount()).toBe(before + 1)
  const row = await lastAudit()
  expect(row.username).toBe('manager-member')
  expect(row.entity_type).toBe(entityType)
  return result
}

/** Nothing at all changed: the same audit rows, and the plan as it was. */
async function unchanged(run: () => Promise<unknown>) {
  const snapshot = async () => [await auditCount(), (await owner.get('/api/admin/areas')).body, (await owner.get('/api/admin/tables')).body, (await owner.get('/api/admin/table-combinations')).body, (await owner.get('/api/admin/turn-times')).body]
  const before = await snapshot()
  await run()
  expect(await snapshot()).toEqual(before)
}

/** A booking holding `tableIds` (the triggers of migration 0009 fill in its time and state). */
async function bookingOn(tableIds: number[], date: string, status = 'confirmed', startTime = '19:00', partySize = 2) {
  const { rows } = await t.db.$client.query<{ id: number }>(
    `insert into reservations (name, email, phone, date, start_time, party_size, status, duration_minutes)
     values ('Table Guest', 'table.guest@example.com', '07700 900 123', $1, $2, $4, $3, 120) returning id`,
    [date, startTime, status, partySize],
  )
  for (const tableId of tableIds) await t.db.$client.query('insert into reservation_tables (reservation_id, table_id) values ($1, $2)', [rows[0]!.id, tableId])
  return rows[0]!.id
}

const newArea = async (name: string, extra: object = {}) => (await manager.post('/api/admin/areas').send({ name, ...extra }).expect(201)).body
const newTable = async (name: string, areaId: number, extra: object = {}) => (await manager.post('/api/admin/tables').send({ name, areaId, maxCovers: 4, ...extra }).expect(201)).body

describe('areas', () => {
  it('creates an area with its defaults, lists it, and writes one audit row', async () => {
    const area = await oneAuditRow('area', () => newArea('Restaurant'))
    expect(area).toMatchObject({ name: 'Restaurant', sortOrder: 0, onlineBookable: true, weatherDependent: false, active: true, version: 1, tableCount: 0, closures: [] })
    expect((await lastAudit()).summary).toBe('added the area Restaurant')
    const list = (await staff.get('/api/admin/areas').expect(200)).body
    expect(list.map((a: { name: string }) => a.name)).toContain('Restaurant')
  })

  it('refuses a name taken in any case with 409 and the message, changing nothing', async () => {
    await newArea('Garden', { weatherDependent: true, sortOrder: 4 })
    await unchanged(async () => {
      const res = await manager.post('/api/admin/areas').send({ name: 'garden' }).expect(409)
      expect(res.body.message).toBe('An area called garden already exists.')
    })
    const bar = await newArea('Bar')
    const res = await manager.patch(`/api/admin/areas/${bar.id}`).send({ name: 'GARDEN', version: bar.version }).expect(409)
    expect(res.body.message).toBe('An area called GARDEN already exists.')
  })

  it('refuses a blank name and a missing version with 400', async () => {
    expect((await manager.post('/api/admin/areas').send({ name: '   ' }).expect(400)).body.message).toBe('Give the area a name')
    const area = await newArea('Conservatory')
    expect((await manager.patch(`/api/admin/areas/${area.id}`).send({ name: 'Orangery' }).expect(400)).body.message).toBe('The version you edited is missing: reload and try again')
  })

  it('changes an area with its version, and refuses a stale save with 409 naming who and when, and the area as it is now', async () => {
    const area = await newArea('Snug')
    const changed = await oneAuditRow('area', async () => (await manager.patch(`/api/admin/areas/${area.id}`).send({ sortOrder: 3, onlineBookable: false, version: 1 }).expect(200)).body)
    expect(changed).toMatchObject({ sortOrder: 3, onlineBookable: false, version: 2 })
    expect(await lastAudit()).toMatchObject({ action: 'update', summary: 'changed the area Snug', before: { sortOrder: 0, onlineBookable: true }, after: { sortOrder: 3, onlineBookable: false } })
    await unchanged(async () => {
      const res = await owner.patch(`/api/admin/areas/${area.id}`).send({ name: 'The Snug', version: 1 }).expect(409)
      // The time is the audit row's (the database's clock), in venue time.
      expect(res.body).toMatchObject({ message: expect.stringMatching(/^This area was changed by manager-member at \d\d:\d\d while you were editing\.$/), code: 'stale_version', current: { name: 'Snug', version: 2 } })
    })
  })

  it('does not delete an area with tables (409 naming how many); deletes an empty one with one audit row', async () => {
    const area = await newArea('Terrace')
    await newTable('TR1', area.id)
    await newTable('TR2', area.id)
    await unchanged(async () => {
      expect((await manager.delete(`/api/admin/areas/${area.id}`).expect(409)).body.message).toBe('Terrace has 2 tables: move or delete them first.')
    })
    const empty = await newArea('Cellar')
    await oneAuditRow('area', () => manager.delete(`/api/admin/areas/${empty.id}`).expect(204))
    expect((await lastAudit()).summary).toBe('deleted the area Cellar')
    await manager.delete(`/api/admin/areas/${empty.id}`).expect(404)
  })

  it('does not deactivate an area whose tables hold bookings to come (409 naming how many and the first date); deactivates it once they are cancelled', async () => {
    const area = await newArea('Courtyard')
    const y1 = await newTable('Y1', area.id)
    const y2 = await newTable('Y2', area.id)
    const booked = [await bookingOn([y1.id], '2026-12-18'), await bookingOn([y2.id], '2026-12-05'), await bookingOn([y1.id, y2.id], '2026-12-24')]
    await bookingOn([y1.id], '2026-12-01', 'cancelled')
    await bookingOn([y2.id], '2026-11-20') // yesterday: past
    await unchanged(async () => {
      expect((await manager.patch(`/api/admin/areas/${area.id}`).send({ active: false, version: 1 }).expect(409)).body).toMatchObject({
        // The booking at both tables counts once.
        message: 'Courtyard has 3 bookings from Sat 5 Dec; move them to other tables first, or make it inactive after its last booking.',
        code: 'has_bookings',
      })
    })
    // Other edits of an area with bookings are fine.
    await manager.patch(`/api/admin/areas/${area.id}`).send({ onlineBookable: false, version: 1 }).expect(200)
    await t.db.$client.query(`update reservations set status = 'cancelled' where id = any($1::int[])`, [booked])
    const inactive = await oneAuditRow('area', async () => (await manager.patch(`/api/admin/areas/${area.id}`).send({ active: false, version: 2 }).expect(200)).body)
    expect(inactive.active).toBe(false)
  })

  it('gives an area a season with one audit row, and takes it away; a season leaving bookings to come outside it is refused (409 naming how many and the first date)', async () => {
    const area = await newArea('Pub Garden', { weatherDependent: true, season: { from: 4, to: 9 } })
    expect(area.season).toEqual({ from: 4, to: 9 })
    const b1 = await newTable('BG1', area.id)
    const b2 = await newTable('BG2', area.id)
    // December twice (one of them at both tables), and April; a cancelled booking does not count.
    await bookingOn([b1.id], '2026-12-18')
    await bookingOn([b1.id, b2.id], '2026-12-05')
    await bookingOn([b2.id], '2027-04-10')
    await bookingOn([b1.id], '2026-12-12', 'cancelled')
    // Made to take bookings from November to February: the April booking is outside it (which this season already allowed).
    await unchanged(async () => {
      expect((await manager.patch(`/api/admin/areas/${area.id}`).send({ season: { from: 11, to: 2 }, version: 1 }).expect(409)).body).toMatchObject({
        message: 'Pub Garden has 1 booking outside November to February, the first on Sat 10 Apr; move it to other tables first, or choose a longer season.',
        code: 'has_bookings',
      })
      // From April to October leaves the two December bookings (the cancelled one does not count) outside.
      expect((await manager.patch(`/api/admin/areas/${area.id}`).send({ season: { from: 4, to: 10 }, version: 1 }).expect(409)).body.message).toBe(
        'Pub Garden has 2 bookings outside April to October, the first on Sat 5 Dec; move them to other tables first, or choose a longer season.',
      )
    })
    const allYear = await oneAuditRow('area', async () => (await manager.patch(`/api/admin/areas/${area.id}`).send({ season: null, version: 1 }).expect(200)).body)
    expect(allYear).toMatchObject({ season: null, version: 2 })
    expect(await lastAudit()).toMatchObject({ before: { season: { from: 4, to: 9 } }, after: { season: null } })
    const wraps = (await manager.patch(`/api/admin/areas/${area.id}`).send({ season: { from: 12, to: 4 }, version: 2 }).expect(200)).body
    expect(wraps.season).toEqual({ from: 12, to: 4 })
    // A party staff seat there out of season by hand (they may, as on a date closed for rain) does not stop an
    // edit that sends the season unchanged, as the form does.
    await bookingOn([b1.id], '2027-06-05')
    const renamed = (await manager.patch(`/api/admin/areas/${area.id}`).send({ name: 'The Pub Garden', season: { from: 12, to: 4 }, version: 3 }).expect(200)).body
    expect(renamed).toMatchObject({ name: 'The Pub Garden', season: { from: 12, to: 4 }, version: 4 })
  })

  it('refuses a season without both months, or with a month that is not 1 to 12, with 400 and the message', async () => {
    await unchanged(async () => {
      for (const season of [{ from: 4 }, { from: 0, to: 9 }, { from: 4, to: 13 }, { from: 4.5, to: 9 }, 'April', 7]) {
        const res = await manager.post('/api/admin/areas').send({ name: 'Orchard', season }).expect(400)
        expect(res.body.message).toBe('A season runs from one month to another: choose both months')
      }
    })
  })
})

describe('tables', () => {
  let restaurant: { id: number }
  beforeAll(async () => {
    restaurant = await newArea('Dining Room')
  })

  it('creates a table with its defaults and plan place, and writes one audit row', async () => {
    const table = await oneAuditRow('table', () => newTable('T1', restaurant.id, { maxCovers: 2, planX: 3, planY: 4, shape: 'round' }))
    expect(table).toMatchObject({ name: 'T1', areaId: restaurant.id, minCovers: 1, maxCovers: 2, onlineBookable: true, active: true, planX: 3, planY: 4, planWidth: 2, planHeight: 2, shape: 'round', outOfUseFrom: null, version: 1 })
    expect((await lastAudit()).summary).toBe('added the table T1 (Dining Room, 1–2 guests)')
    expect((await staff.get('/api/admin/tables').expect(200)).body.some((x: { name: string }) => x.name === 'T1')).toBe(true)
  })

  it('refuses a taken name, an unknown area, covers out of order and a bad shape, each with its message', async () => {
    await newTable('T2', restaurant.id)
    await unchanged(async () => {
      expect((await manager.post('/api/admin/tables').send({ name: 't2', areaId: restaurant.id, maxCovers: 4 }).expect(409)).body.message).toBe('A table called t2 already exists.')
      expect((await manager.post('/api/admin/tables').send({ name: 'T9', areaId: 999999, maxCovers: 4 }).expect(400)).body.message).toBe('Choose the area the table is in')
      const order = await manager.post('/api/admin/tables').send({ name: 'T9', areaId: restaurant.id, minCovers: 5, maxCovers: 4 }).expect(400)
      expect(order.body.errors).toEqual({ maxCovers: 'The largest party must be at least the smallest' })
      expect((await manager.post('/api/admin/tables').send({ name: 'T9', areaId: restaurant.id, maxCovers: 4, shape: 'hexagon' }).expect(400)).body.message).toBe('The shape must be rect or round')
      expect((await manager.post('/api/admin/tables').send({ name: 'T9', areaId: restaurant.id, maxCovers: 4, planX: 61 }).expect(400)).body.message).toBe('A plan position is a whole number from 0 to 60')
    })
  })

  it('moves a table on the plan with its version; a stale move is refused with 409', async () => {
    const table = await newTable('T3', restaurant.id)
    const moved = await oneAuditRow('table', async () => (await manager.patch(`/api/admin/tables/${table.id}`).send({ planX: 5, planY: 1, version: 1 }).expect(200)).body)
    expect(moved).toMatchObject({ planX: 5, planY: 1, version: 2 })
    expect(await lastAudit()).toMatchObject({ summary: 'moved the table T3 on the plan', before: { planX: 0, planY: 0 }, after: { planX: 5, planY: 1 } })
    await unchanged(async () => {
      const res = await manager.patch(`/api/admin/tables/${table.id}`).send({ planX: 9, version: 1 }).expect(409)
      expect(res.body).toMatchObject({ message: expect.stringMatching(/^This table was changed by manager-member at \d\d:\d\d while you were editing\.$/), current: { planX: 5, version: 2 } })
    })
    // Covers checked against what is stored: a smallest party above the stored largest.
    expect((await manager.patch(`/api/admin/tables/${table.id}`).send({ minCovers: 6, version: 2 }).expect(400)).body.message).toBe('The largest party must be at least the smallest')
  })

  it('does not delete or deactivate a table with bookings to come (409 naming how many and the first date); deactivates it once they are past or cancelled', async () => {
    const t4 = await newTable('T4', restaurant.id)
    await bookingOn([t4.id], '2026-12-18')
    await bookingOn([t4.id], '2026-12-19')
    await bookingOn([t4.id], '2026-12-20')
    await bookingOn([t4.id], '2026-12-01', 'cancelled')
    await bookingOn([t4.id], '2026-11-20') // yesterday: past
    await unchanged(async () => {
      expect((await manager.delete(`/api/admin/tables/${t4.id}`).expect(409)).body).toMatchObject({
        message: 'T4 has 3 bookings from Fri 18 Dec; take it out of use from Mon 21 Dec instead.',
        code: 'has_bookings',
      })
      expect((await manager.patch(`/api/admin/tables/${t4.id}`).send({ active: false, version: 1 }).expect(409)).body.message).toBe(
        'T4 has 3 bookings from Fri 18 Dec; move them to other tables first, or take it out of use from Mon 21 Dec.',
      )
    })
    // Other edits of a table with bookings are fine.
    await manager.patch(`/api/admin/tables/${t4.id}`).send({ planX: 2, version: 1 }).expect(200)
    await t.db.$client.query(`update reservations set status = 'cancelled' where id in (select reservation_id from reservation_tables where table_id = $1)`, [t4.id])
    const inactive = await oneAuditRow('table', async () => (await manager.patch(`/api/admin/tables/${t4.id}`).send({ active: false, version: 2 }).expect(200)).body)
    expect(inactive.active).toBe(false)
    // Still named by its bookings: never deleted, so their history keeps its name.
    expect((await manager.delete(`/api/admin/tables/${t4.id}`).expect(409)).body.message).toBe('T4 has 5 past or cancelled bookings that name it; make it inactive instead.')
  })

  it('takes a table out of use from the day after its last booking, with one audit row, and back in use', async () => {
    const t10 = await newTable('T10', restaurant.id)
    await bookingOn([t10.id], '2026-12-18')
    await bookingOn([t10.id], '2026-12-24', 'cancelled')
    await unchanged(async () => {
      expect((await manager.patch(`/api/admin/tables/${t10.id}`).send({ outOfUseFrom: '2026-12-18', version: 1 }).expect(409)).body).toMatchObject({
        code: 'has_bookings',
        message: 'T10 has 1 booking from that date, the first on Fri 18 Dec; move it to other tables first, or take it out of use from Sat 19 Dec or later.',
      })
      expect((await manager.patch(`/api/admin/tables/${t10.id}`).send({ outOfUseFrom: 'soon', version: 1 }).expect(400)).body.errors).toEqual({ outOfUseFrom: 'Out of use from must be a date, today or later, or empty' })
      expect((await manager.patch(`/api/admin/tables/${t10.id}`).send({ outOfUseFrom: '2026-11-20', version: 1 }).expect(400)).body.message).toBe('Out of use from must be a date, today or later, or empty')
    })
    const out = await oneAuditRow('table', async () => (await manager.patch(`/api/admin/tables/${t10.id}`).send({ outOfUseFrom: '2026-12-19', version: 1 }).expect(200)).body)
    expect(out).toMatchObject({ outOfUseFrom: '2026-12-19', active: true, version: 2 })
    expect(await lastAudit()).toMatchObject({ summary: 'changed the table T10', before: { outOfUseFrom: null }, after: { outOfUseFrom: '2026-12-19' } })
    expect((await staff.get('/api/admin/tables').expect(200)).body.find((x: { id: number }) => x.id === t10.id).outOfUseFrom).toBe('2026-12-19')
    // A new table can be drawn out of use from a date, and any table put back in use.
    expect((await newTable('T11', restaurant.id, { outOfUseFrom: '2027-01-04' })).outOfUseFrom).toBe('2027-01-04')
    expect((await manager.patch(`/api/admin/tables/${t10.id}`).send({ outOfUseFrom: null, version: 2 }).expect(200)).body.outOfUseFrom).toBeNull()
  })

  it('does not make a table seat fewer than a party booked at it alone (409 naming how many, the first date and the largest party)', async () => {
    const t7 = await newTable('T7', restaurant.id, { maxCovers: 6 })
    const t8 = await newTable('T8', restaurant.id)
    await bookingOn([t7.id], '2026-12-18', 'confirmed', '19:00', 5)
    const six = await bookingOn([t7.id], '2026-12-19', 'pending', '19:00', 6)
    // Not counted: a party at T7 and another table, a cancelled one, yesterday's, and one that still fits.
    await bookingOn([t7.id, t8.id], '2026-12-05', 'confirmed', '19:00', 6)
    await bookingOn([t7.id], '2026-12-03', 'cancelled', '19:00', 6)
    await bookingOn([t7.id], '2026-11-20', 'confirmed', '19:00', 6)
    await bookingOn([t7.id], '2026-12-02', 'confirmed', '19:00', 4)
    await unchanged(async () => {
      expect((await manager.patch(`/api/admin/tables/${t7.id}`).send({ maxCovers: 4, version: 1 }).expect(409)).body).toMatchObject({
        message: 'T7 has 2 bookings of more than 4 guests from Fri 18 Dec; move them to other tables first, or let it seat 6.',
        code: 'parties_above_covers',
      })
      expect((await manager.patch(`/api/admin/tables/${t7.id}`).send({ maxCovers: 5, name: 'T7a', version: 1 }).expect(409)).body.message).toBe(
        'T7 has 1 booking of more than 5 guests on Sat 19 Dec; move it to other tables first, or let it seat 6.',
      )
    })
    // Its other fields, a larger party and a larger smallest party are fine.
    await manager.patch(`/api/admin/tables/${t7.id}`).send({ minCovers: 3, maxCovers: 8, version: 1 }).expect(200)
    await manager.patch(`/api/admin/tables/${t7.id}`).send({ maxCovers: 6, version: 2 }).expect(200)
    await t.db.$client.query(`update reservations set status = 'cancelled' where id = $1`, [six])
    const changed = await oneAuditRow('table', async () => (await manager.patch(`/api/admin/tables/${t7.id}`).send({ maxCovers: 5, version: 3 }).expect(200)).body)
    expect(changed).toMatchObject({ maxCovers: 5, version: 4 })
  })

  it("counts today's bookings as to come, in the venue's time zone", async () => {
    const t5 = await newTable('T5', restaurant.id)
    await bookingOn([t5.id], '2026-11-21', 'pending')
    expect((await manager.delete(`/api/admin/tables/${t5.id}`).expect(409)).body.message).toBe('T5 has 1 booking on Sat 21 Nov; take it out of use from Sun 22 Nov instead.')
  })

  it('deletes a table never booked with one audit row', async () => {
    const table = await newTable('T6', restaurant.id)
    await oneAuditRow('table', () => manager.delete(`/api/admin/tables/${table.id}`).expect(204))
    expect((await lastAudit()).summary).toBe('deleted the table T6')
    await manager.patch(`/api/admin/tables/${table.id}`).send({ planX: 1, version: 1 }).expect(404)
  })
})

describe('combinations', () => {
  let area: { id: number }
  let other: { id: number }
  let c1: { id: number }
  let c2: { id: number }
  let c3: { id: number }
  beforeAll(async () => {
    area = await newArea('Long Room')
    other = await newArea('Side Room')
    c2 = await newTable('C2', area.id, { sortOrder: 2 })
    c1 = await newTable('C1', area.id, { sortOrder: 1 })
    c3 = await newTable('C3', area.id, { sortOrder: 3 })
  })

  it("joins two tables of one area, named 'C1 + C2' in plan order by default, with one audit row", async () => {
    const combination = await oneAuditRow('table_combination', async () => (await manager.post('/api/admin/table-combinations').send({ tableIds: [c2.id, c1.id], minCovers: 5, maxCovers: 6 }).expect(201)).body)
    expect(combination).toMatchObject({ name: 'C1 + C2', areaId: area.id, tableIds: [c1.id, c2.id], minCovers: 5, maxCovers: 6, onlineBookable: true, active: true, version: 1 })
    expect((await lastAudit()).summary).toBe('joined C2, C1 as C1 + C2 (5–6 guests)')
    expect((await staff.get('/api/admin/table-combinations').expect(200)).body.map((c: { name: string }) => c.name)).toContain('C1 + C2')
  })

  it('refuses one table, a table twice, tables of two areas, an inactive or unknown table, and a taken name', async () => {
    const elsewhere = await newTable('S1', other.id)
    const off = await newTable('C9', area.id, { active: false })
    const refused = async (body: object, status: number, message: string) =>
      expect((await manager.post('/api/admin/table-combinations').send({ maxCovers: 8, ...body }).expect(status)).body.message).toBe(message)
    await unchanged(async () => {
      await refused({ tableIds: [c1.id] }, 400, 'Choose at least two tables to join (at most 12)')
      await refused({ tableIds: [c1.id, c1.id] }, 400, 'Each table can be joined once')
      await refused({ tableIds: [c1.id, elsewhere.id] }, 400, 'Joined tables must all be in one area')
      await refused({ tableIds: [c1.id, off.id] }, 400, 'C9 is inactive: only active tables can be joined')
      await refused({ tableIds: [c1.id, 999999] }, 400, 'One of the chosen tables no longer exists: reload and choose again')
      await refused({ tableIds: [c1.id, c3.id], name: 'c1 + c2' }, 409, 'A combination called c1 + c2 already exists.')
      await refused({ tableIds: [c1.id, c3.id], minCovers: 9 }, 400, 'The largest party must be at least the smallest')
    })
  })

  it('changes its tables and covers with its version, and refuses a stale save', async () => {
    const made = (await manager.post('/api/admin/table-combinations').send({ tableIds: [c2.id, c3.id], maxCovers: 8 }).expect(201)).body
    const changed = await oneAuditRow('table_combination', async () => (await manager.patch(`/api/admin/table-combinations/${made.id}`).send({ tableIds: [c1.id, c2.id, c3.id], maxCovers: 10, version: 1 }).expect(200)).body)
    expect(changed).toMatchObject({ tableIds: [c1.id, c2.id, c3.id], maxCovers: 10, version: 2 })
    await unchanged(async () => {
      const res = await owner.patch(`/api/admin/table-combinations/${made.id}`).send({ maxCovers: 12, version: 1 }).expect(409)
      expect(res.body).toMatchObject({ message: expect.stringMatching(/^This combination was changed by manager-member at \d\d:\d\d while you were editing\.$/), current: { maxCovers: 10, version: 2 } })
    })
  })

  it("keeps a joined table: not deleted (409 naming the combination), not moved to another area", async () => {
    const table = (await owner.get('/api/admin/tables').expect(200)).body.find((x: { name: string }) => x.name === 'C1')
    await unchanged(async () => {
      expect((await manager.delete(`/api/admin/tables/${c1.id}`).expect(409)).body.message).toBe('C1 is joined in C1 + C2, C2 + C3: delete those combinations first.')
      expect((await manager.patch(`/api/admin/tables/${c1.id}`).send({ areaId: other.id, version: table.version }).expect(409)).body.message).toBe(
        'C1 is joined in C1 + C2, C2 + C3: delete those combinations first.',
      )
    })
  })

  it('does not delete or deactivate a combination seated by a booking to come; deletes it with one audit row when none is', async () => {
    const list = (await owner.get('/api/admin/table-combinations').expect(200)).body
    const pair = list.find((c: { name: string }) => c.name === 'C1 + C2')
    // A booking at C1 alone does not hold the combination; one at C1 and C2 does.
    await bookingOn([c1.id], '2026-12-04')
    const held = await bookingOn([c1.id, c2.id], '2026-12-05', 'confirmed', '20:00')
    await unchanged(async () => {
      expect((await manager.delete(`/api/admin/table-combinations/${pair.id}`).expect(409)).body.message).toBe('C1 + C2 has 1 booking on Sat 5 Dec; take it out of use from Sun 6 Dec instead.')
      expect((await manager.patch(`/api/admin/table-combinations/${pair.id}`).send({ active: false, version: pair.version }).expect(409)).body.message).toBe(
        'C1 + C2 has 1 booking on Sat 5 Dec; move it to other tables first, or take it out of use from Sun 6 Dec.',
      )
    })
    await t.db.$client.query(`update reservations set status = 'cancelled' where id = $1`, [held])
    await oneAuditRow('table_combination', () => manager.delete(`/api/admin/table-combinations/${pair.id}`).expect(204))
    expect((await lastAudit()).summary).toBe('deleted the combination C1 + C2')
    // Its tables stay.
    expect((await owner.get('/api/admin/tables').expect(200)).body.some((x: { id: number }) => x.id === c1.id)).toBe(true)
  })

  it('does not make a combination seat fewer than a party booked at its tables and no others', async () => {
    const d1 = await newTable('D1', area.id)
    const d2 = await newTable('D2', area.id)
    const d3 = await newTable('D3', area.id)
    const pair = (await manager.post('/api/admin/table-combinations').send({ tableIds: [d1.id, d2.id], maxCovers: 8 }).expect(201)).body
    await bookingOn([d1.id, d2.id], '2026-12-11', 'confirmed', '19:00', 7)
    // Not seated by the pair: at its tables and a third, or at one of them alone.
    await bookingOn([d1.id, d2.id, d3.id], '2026-12-10', 'confirmed', '19:00', 8)
    await bookingOn([d1.id], '2026-12-09', 'confirmed', '19:00', 6)
    await unchanged(async () => {
      expect((await manager.patch(`/api/admin/table-combinations/${pair.id}`).send({ maxCovers: 6, version: 1 }).expect(409)).body).toMatchObject({
        message: 'D1 + D2 has 1 booking of more than 6 guests on Fri 11 Dec; move it to other tables first, or let it seat 7.',
        code: 'parties_above_covers',
      })
    })
    await oneAuditRow('table_combination', () => manager.patch(`/api/admin/table-combinations/${pair.id}`).send({ maxCovers: 7, version: 1 }).expect(200))
  })
})

describe('turn times', () => {
  const DEMO = [
    { minParty: 1, maxParty: 2, durationMinutes: 90, weekday: null },
    { minParty: 3, maxParty: 4, durationMinutes: 120, weekday: null },
    { minParty: 5, maxParty: 500, durationMinutes: 150, weekday: null },
  ]

  it('starts empty, with the booking_duration_minutes setting as the fallback', async () => {
    expect((await staff.get('/api/admin/turn-times').expect(200)).body).toMatchObject({ rules: [], fallbackMinutes: 120 })
  })

  it('replaces the whole list with one audit row; a weekday rule is kept apart', async () => {
    const { version } = (await manager.get('/api/admin/turn-times').expect(200)).body
    const friday = { minParty: 5, maxParty: 8, durationMinutes: 180, weekday: 5 }
    const saved = await oneAuditRow('turn_times', async () => (await manager.put('/api/admin/turn-times').send({ rules: [friday, ...DEMO.slice().reverse()], version }).expect(200)).body)
    expect(saved.rules).toEqual([...DEMO, friday])
    expect(saved.version).not.toBe(version)
    expect((await lastAudit()).summary).toBe('set the turn times: 1–2: 90 min, 3–4: 120 min, 5–500: 150 min, 5–8: 180 min (Fri)')
    expect((await owner.get('/api/admin/turn-times').expect(200)).body).toEqual(saved)
  })

  it('refuses gaps and overlaps with 400, the message and the field, changing nothing', async () => {
    const { version } = (await manager.get('/api/admin/turn-times').expect(200)).body
    await unchanged(async () => {
      const gap = await manager
        .put('/api/admin/turn-times')
        .send({ rules: [{ minParty: 1, maxParty: 4, durationMinutes: 90 }, { minParty: 6, maxParty: 8, durationMinutes: 120 }], version })
        .expect(400)
      expect(gap.body).toEqual({ message: 'Parties of 5 have no turn time: add a rule or widen one.', errors: { 'rules.0.maxParty': 'Parties of 5 have no turn time: add a rule or widen one.' } })
      const overlap = await manager
        .put('/api/admin/turn-times')
        .send({ rules: [{ minParty: 3, maxParty: 4, durationMinutes: 90 }, { minParty: 4, maxParty: 6, durationMinutes: 120 }], version })
        .expect(400)
      expect(overlap.body.message).toBe('Rules for 3–4 and 4–6 overlap at 4.')
      expect(overlap.body.errors).toEqual({ 'rules.1.minParty': 'Rules for 3–4 and 4–6 overlap at 4.' })
      const minutes = await manager.put('/api/admin/turn-times').send({ rules: [{ minParty: 1, maxParty: 2, durationMinutes: 100 }], version }).expect(400)
      expect(minutes.body.errors).toEqual({ 'rules.0.durationMinutes': 'Minutes must be a multiple of 15 from 30 to 480' })
      await manager.put('/api/admin/turn-times').send({ rules: 'all of them', version }).expect(400)
    })
  })

  it('refuses a save over a list replaced since it was read (409 with the list as it is now)', async () => {
    const read = (await manager.get('/api/admin/turn-times').expect(200)).body
    await owner.put('/api/admin/turn-times').send({ rules: DEMO, version: read.version }).expect(200)
    const current = (await manager.get('/api/admin/turn-times').expect(200)).body
    await unchanged(async () => {
      const res = await manager.put('/api/admin/turn-times').send({ rules: [], version: read.version }).expect(409)
      expect(res.body).toMatchObject({ message: expect.stringMatching(/^This list of turn times was changed by staff at \d\d:\d\d while you were editing\.$/), current: { rules: DEMO, version: current.version } })
    })
    // An empty list is valid: every party takes the setting.
    expect((await manager.put('/api/admin/turn-times').send({ rules: [], version: current.version }).expect(200)).body.rules).toEqual([])
  })
})

describe('area closures', () => {
  let garden: { id: number; version: number }
  beforeAll(async () => {
    garden = await newArea('Beer Garden', { weatherDependent: true })
  })

  it('closes an area for a date with one audit row, and lists its closures from today on', async () => {
    const area = await oneAuditRow('area', async () => (await manager.post(`/api/admin/areas/${garden.id}/closures`).send({ date: '2026-12-18', reason: 'Rain forecast' }).expect(201)).body)
    expect(area.closures).toEqual([{ id: expect.any(Number), date: '2026-12-18', reason: 'Rain forecast' }])
    expect(await lastAudit()).toMatchObject({ action: 'close', entity_id: String(garden.id), summary: 'closed Beer Garden on Fri 18 Dec: Rain forecast' })
    // A closure of today is listed; one of yesterday (stored before today began) is not.
    await manager.post(`/api/admin/areas/${garden.id}/closures`).send({ date: '2026-11-21', reason: 'Storm' }).expect(201)
    await t.db.$client.query(`insert into area_closures (area_id, date, reason) values ($1, '2026-11-20', 'Yesterday')`, [garden.id])
    const listed = (await staff.get('/api/admin/areas').expect(200)).body.find((a: { id: number }) => a.id === garden.id)
    expect(listed.closures.map((c: { date: string }) => c.date)).toEqual(['2026-11-21', '2026-12-18'])
  })

  it('refuses a past date, a second closure of one date, a missing reason and an unknown area', async () => {
    await unchanged(async () => {
      expect((await manager.post(`/api/admin/areas/${garden.id}/closures`).send({ date: '2026-11-20', reason: 'Late' }).expect(400)).body.message).toBe('Choose today or a later date')
      expect((await manager.post(`/api/admin/areas/${garden.id}/closures`).send({ date: '2026-12-18', reason: 'Again' }).expect(409)).body.message).toBe('Beer Garden is already closed on Fri 18 Dec.')
      expect((await manager.post(`/api/admin/areas/${garden.id}/closures`).send({ date: '2026-12-19', reason: ' ' }).expect(400)).body.message).toBe('Say why the area is closed (guests may be told)')
      expect((await manager.post(`/api/admin/areas/${garden.id}/closures`).send({ date: '2026-02-30', reason: 'x' }).expect(400)).body.message).toBe('Choose a valid date')
      await manager.post('/api/admin/areas/999999/closures').send({ date: '2026-12-19', reason: 'x' }).expect(404)
    })
  })

  it('reopens the date with one audit row; a closure of another area is not found', async () => {
    const area = (await manager.get('/api/admin/areas').expect(200)).body.find((a: { id: number }) => a.id === garden.id)
    const closure = area.closures.find((c: { date: string }) => c.date === '2026-12-18')
    const other = await newArea('Yard')
    await manager.delete(`/api/admin/areas/${other.id}/closures/${closure.id}`).expect(404)
    const reopened = await oneAuditRow('area', async () => (await manager.delete(`/api/admin/areas/${garden.id}/closures/${closure.id}`).expect(200)).body)
    expect(reopened.closures.map((c: { date: string }) => c.date)).toEqual(['2026-11-21'])
    expect((await lastAudit()).summary).toBe('reopened Beer Garden on Fri 18 Dec')
  })
})

describe('permissions', () => {
  it('staff read the plan and may not change it (403 with the message)', async () => {
    for (const url of ['/api/admin/areas', '/api/admin/tables', '/api/admin/table-combinations', '/api/admin/turn-times']) await staff.get(url).expect(200)
    const area = (await owner.get('/api/admin/areas').expect(200)).body[0]
    await unchanged(async () => {
      const writes = [
        staff.post('/api/admin/areas').send({ name: 'Staff Room' }),
        staff.patch(`/api/admin/areas/${area.id}`).send({ name: 'Mine', version: area.version }),
        staff.delete(`/api/admin/areas/${area.id}`),
        staff.post(`/api/admin/areas/${area.id}/closures`).send({ date: '2026-12-30', reason: 'x' }),
        staff.delete(`/api/admin/areas/${area.id}/closures/1`),
        staff.post('/api/admin/tables').send({ name: 'X1', areaId: area.id, maxCovers: 2 }),
        staff.patch('/api/admin/tables/1').send({ planX: 1, version: 1 }),
        staff.delete('/api/admin/tables/1'),
        staff.post('/api/admin/table-combinations').send({ tableIds: [1, 2], maxCovers: 4 }),
        staff.patch('/api/admin/table-combinations/1').send({ maxCovers: 4, version: 1 }),
        staff.delete('/api/admin/table-combinations/1'),
        staff.put('/api/admin/turn-times').send({ rules: [], version: 'x' }),
      ]
      for (const res of await Promise.all(writes)) expect([res.status, res.body.message]).toEqual([403, FORBIDDEN_MESSAGE])
    })
  })
})

describe('two saves at once', () => {
  it('of one table with one version: exactly one goes through, the others get 409', async () => {
    const area = await newArea('Race Room')
    const table = await newTable('R1', area.id)
    const saves = await Promise.all([1, 2, 3, 4, 5, 6].map((x) => manager.patch(`/api/admin/tables/${table.id}`).send({ planX: x, version: table.version })))
    expect(saves.map((r) => r.status).sort()).toEqual([200, 409, 409, 409, 409, 409])
    const stored = (await owner.get('/api/admin/tables').expect(200)).body.find((x: { id: number }) => x.id === table.id)
    expect(stored.version).toBe(2)
  })

  it('of the turn times from one version: exactly one list is stored, never two mixed', async () => {
    const { version } = (await manager.get('/api/admin/turn-times').expect(200)).body
    const lists = [1, 2, 3, 4, 5].map((n) => [
      { minParty: 1, maxParty: n + 1, durationMinutes: 90 },
      { minParty: n + 2, maxParty: 20, durationMinutes: 120 },
    ])
    const saves = await Promise.all(lists.map((rules) => manager.put('/api/admin/turn-times').send({ rules, version })))
    expect(saves.map((r) => r.status).sort()).toEqual([200, 409, 409, 409, 409])
    const stored = (await owner.get('/api/admin/turn-times').expect(200)).body.rules
    expect(stored).toHaveLength(2)
  })
})
