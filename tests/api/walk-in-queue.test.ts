/**
 * The walk-in queue (docs/decisions/0053): a party at the door when no table
 * is free waits at the bar; staff add them with the wait quoted, see which
 * table is free for them now, seat them through Walk-in (the entry marked in
 * the booking's transaction) or mark them gone, and every change has its
 * audit row.
 *
 * The plan: Restaurant T1 (2) and T4 (4); turn times 1–2 guests 90 minutes,
 * 3–4 120. Saturday 5 December 2026, London (GMT, so the clock's UTC is the venue's time).
 */
import { sql } from 'drizzle-orm'
import request from 'supertest'
import type TestAgent from 'supertest/lib/agent'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createTestApp, signedInAgent, signedInAs, type TestApp } from '../helpers/app'
import { drawPlan, erasePlan, type PlanSketch } from '../helpers/floor-plan'

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
  t = await createTestApp({ now: at('20:10') })
  staff = await signedInAgent(t)
})
afterAll(() => t.clock.set(at('18:00')))
beforeEach(async () => {
  t.clock.set(at('18:00'))
  await t.db.execute(sql`delete from walk_in_queue`)
  await t.db.execute(sql`delete from reservations`)
  await erasePlan(t.db)
  await drawPlan(t.db, PLAN)
  t.services.reservations.forgetDays()
})

type Entry = { id: number; name: string; phone: string; partySize: number; quotedMinutes: number | null; status: string; joinedTime: string; doneTime: string | null; reservationId: number | null; version: number; freeNow: { name: string }[] | null }

let n = 0
const join = (over: Record<string, unknown> = {}) => staff.post('/api/admin/walk-in-queue').send({ name: 'Sam Queue', partySize: 3, phone: '07700 900 123', quotedMinutes: 20, ...over })
const joined = async (over: Record<string, unknown> = {}) => (await join(over).expect(201)).body as Entry
const queue = async () => (await staff.get('/api/admin/walk-in-queue').expect(200)).body as { date: string; now: string; entries: Entry[] }
const patch = (id: number, body: Record<string, unknown>) => staff.patch(`/api/admin/walk-in-queue/${id}`).send(body)
const walkIn = (body: Record<string, unknown>) => staff.post('/api/admin/walk-ins').send(body)
/** A party of four at T4 from 18:00, seated: its two hours are up at 20:00, and it stays on. */
async function lingering() {
  const { id } = (
    await staff
      .post('/api/admin/reservations')
      .send({ name: 'Lou Linger', email: `linger-${++n}@example.com`, phone: '07700 900 001', date: DAY, startTime: '18:00', partySize: 4, additionalInfo: '', foodDrinks: 'food_and_drinks', status: 'confirmed' })
      .expect(201)
  ).body as { id: number }
  await staff.post(`/api/admin/reservations/${id}/visit`).send({ state: 'seated' }).expect(200)
  return id
}
const auditOf = async (type: string, id: number) =>
  ((await t.db.execute(sql`select action, username, summary from audit_log where entity_type = ${type} and entity_id = ${String(id)} order by id`)).rows as { action: string; summary: string }[])
const count = async (table: 'walk_in_queue' | 'reservations') => Number(((await t.db.execute(sql.raw(`select count(*) as n from ${table}`))).rows[0] as { n: string }).n)

describe('adding a party to the queue', () => {
  it('keeps who, how many, the quote and when they joined, with an audit row', async () => {
    t.clock.set(at('20:10'))
    const entry = await joined({ notes: 'By the fire' })
    expect(entry).toMatchObject({ name: 'Sam Queue', phone: '07700 900 123', partySize: 3, quotedMinutes: 20, notes: 'By the fire', status: 'waiting', joinedTime: '20:10', doneTime: null, reservationId: null, version: 1 })
    expect(await auditOf('walk_in_queue', entry.id)).toEqual([{ action: 'create', username: 'staff', summary: 'added Sam Queue (3 guests) to the walk-in queue, quoted 20 minutes' }])
    // Only a name and the party are needed.
    expect(await joined({ name: 'Ann', partySize: 2, phone: undefined, quotedMinutes: undefined })).toMatchObject({ phone: '', quotedMinutes: null })
  })

  it('refuses bad input with the reason, and writes nothing', async () => {
    const before = await count('walk_in_queue')
    expect((await join({ name: '  ' }).expect(400)).body.message).toBe('Give a name to call them by')
    expect((await join({ quotedMinutes: 241 }).expect(400)).body.message).toBe('Quoted wait must be from 0 to 240 minutes')
    expect((await join({ partySize: 0 }).expect(400)).body.message).toBe('Party size must be at least 1')
    expect((await join({ partySize: 501 }).expect(400)).body.message).toBe('Party size must be 500 or fewer')
    await join({ partySize: 'four' }).expect(400)
    await staff.post('/api/admin/walk-in-queue').set('Content-Type', 'application/json').send('{"name":').expect(400)
    expect(await count('walk_in_queue')).toBe(before)
  })

  it('needs a member of staff who runs the service', async () => {
    await request(t.app).get('/api/admin/walk-in-queue').expect(401)
    await request(t.app).post('/api/admin/walk-in-queue').set('Sec-Fetch-Site', 'same-origin').send({ name: 'X', partySize: 2 }).expect(401)
    const staffMember = await signedInAs(t, 'staff', 'queue-staff')
    await staffMember.post('/api/admin/walk-in-queue').set('Sec-Fetch-Site', 'same-origin').send({ name: 'Bo', partySize: 2 }).expect(201)
  })
})

describe("today's queue", () => {
  it('lists the parties in the order they joined, each waiting one with the table free for it now', async () => {
    const linger = await lingering()
    t.clock.set(at('20:10'))
    const sam = await joined()
    t.clock.set(at('20:12'))
    const ann = await joined({ name: 'Ann Pair', partySize: 2 })
    const day = await queue()
    expect(day).toMatchObject({ date: DAY, now: '20:12' })
    // T4's party is over its time but still there: nothing is free for three; T1 is for two.
    expect(day.entries.map((e) => [e.name, e.joinedTime, e.freeNow?.map((x) => x.name) ?? null])).toEqual([
      ['Sam Queue', '20:10', null],
      ['Ann Pair', '20:12', ['T1']],
    ])
    // A second party of three, after Sam: first come first, T4 is named for Sam alone.
    const cy = await joined({ name: 'Cy Three' })
    await staff.post(`/api/admin/reservations/${linger}/visit`).send({ state: 'finished' }).expect(200)
    expect((await queue()).entries.map((e) => [e.name, e.freeNow])).toEqual([
      ['Sam Queue', [{ id: expect.any(Number), name: 'T4', area: 'Restaurant' }]],
      ['Ann Pair', [{ id: expect.any(Number), name: 'T1', area: 'Restaurant' }]],
      ['Cy Three', null],
    ])
    // Sam goes: Cy is next for T4, in the list and in the answer to the change.
    await patch(sam.id, { status: 'left', version: sam.version }).expect(200)
    expect((await patch(cy.id, { quotedMinutes: 10, version: cy.version }).expect(200)).body.freeNow).toEqual([{ id: expect.any(Number), name: 'T4', area: 'Restaurant' }])
    expect(ann.id).toBeGreaterThan(sam.id)
  })

  it("leaves out another day's parties", async () => {
    t.clock.set(at('21:00', '2026-12-04'))
    await joined({ name: 'Yesterday' })
    t.clock.set(at('19:00'))
    expect((await queue()).entries).toEqual([])
  })
})

describe('seating a party from the queue', () => {
  it('seats them through Walk-in with their name and phone, marks the entry in the same change, and writes both audit rows', async () => {
    t.clock.set(at('20:10'))
    const sam = await joined()
    t.clock.set(at('20:25'))
    const seated = (await walkIn({ partySize: 3, queueEntryId: sam.id }).expect(201)).body as { id: number; name: string; phone: string; source: string; tables: { name: string }[] }
    expect(seated).toMatchObject({ name: 'Sam Queue', phone: '07700 900 123', source: 'walk_in', tables: [{ name: 'T4' }] })
    expect((await queue()).entries).toMatchObject([{ id: sam.id, status: 'seated', reservationId: seated.id, doneTime: '20:25', freeNow: null }])
    expect((await auditOf('reservation', seated.id)).map((a) => a.summary)).toEqual(['seated a walk-in from the queue: Sam Queue, 3 guests, 20:25 on 05 Dec 2026 at T4'])
    expect((await auditOf('walk_in_queue', sam.id)).map((a) => a.summary)).toEqual([
      'added Sam Queue (3 guests) to the walk-in queue, quoted 20 minutes',
      'seated Sam Queue (3 guests) from the walk-in queue at T4',
    ])
    // Seated once: a second tap (another screen) is refused, and books nothing.
    const bookings = await count('reservations')
    expect((await walkIn({ partySize: 3, queueEntryId: sam.id }).expect(409)).body).toEqual({
      code: 'queue_not_waiting',
      message: 'Sam Queue (3) are no longer waiting: they were seated at 20:25.',
    })
    expect(await count('reservations')).toBe(bookings)
  })

  it('takes the name staff type over the queued one, and the party size they seat', async () => {
    const sam = await joined()
    const seated = (await walkIn({ partySize: 4, name: 'Samantha Queue', queueEntryId: sam.id }).expect(201)).body
    expect(seated).toMatchObject({ name: 'Samantha Queue', phone: '07700 900 123', partySize: 4 })
    expect((await queue()).entries[0]).toMatchObject({ status: 'seated', partySize: 4 })
  })

  it('leaves the party waiting when no table can be had, and refuses an entry unknown or of another day', async () => {
    await lingering()
    t.clock.set(at('20:10'))
    const sam = await joined()
    expect((await walkIn({ partySize: 3, queueEntryId: sam.id }).expect(409)).body.code).toBe('no_table')
    expect((await queue()).entries[0]).toMatchObject({ status: 'waiting', reservationId: null, version: 1 })
    expect((await walkIn({ partySize: 2, queueEntryId: 999999 }).expect(404)).body.message).toBe('That party is not in the walk-in queue')
    await walkIn({ partySize: 2, queueEntryId: 'one' }).expect(400)
    t.clock.set(at('12:00', '2026-12-06'))
    expect((await walkIn({ partySize: 2, queueEntryId: sam.id }).expect(409)).body.message).toBe(
      'Sam Queue (3) are no longer waiting: they were in the queue on Saturday, 05 December 2026, not today. Add them again.',
    )
  })
})

describe('gone, back, and a friend who turns up', () => {
  it('marks a party gone and puts it back in its old place, at the version read', async () => {
    t.clock.set(at('20:10'))
    const sam = await joined()
    t.clock.set(at('20:11'))
    const ann = await joined({ name: 'Ann Pair', partySize: 2 })
    t.clock.set(at('20:30'))
    const gone = (await patch(sam.id, { status: 'left', version: sam.version }).expect(200)).body as Entry
    expect(gone).toMatchObject({ status: 'left', doneTime: '20:30', version: 2 })
    // A screen that read it before is told who changed it.
    const stale = (await patch(sam.id, { status: 'left', version: sam.version }).expect(409)).body
    expect(stale).toMatchObject({ code: 'stale_version', message: expect.stringMatching(/^This party in the queue was changed by staff at \d\d:\d\d while you were editing\.$/) })
    // Gone already: marking it again says so.
    expect((await patch(sam.id, { status: 'left', version: 2 }).expect(409)).body.message).toBe('Sam Queue (3) are no longer waiting: they were marked as gone at 20:30.')
    const back = (await patch(sam.id, { status: 'waiting', version: 2 }).expect(200)).body as Entry
    expect(back).toMatchObject({ status: 'waiting', doneTime: null, joinedTime: '20:10' })
    expect((await queue()).entries.map((e) => e.id)).toEqual([sam.id, ann.id])
    expect((await auditOf('walk_in_queue', sam.id)).map((a) => a.summary).slice(1)).toEqual([
      'marked Sam Queue (3 guests) as gone from the walk-in queue',
      'put Sam Queue (3 guests) back in the walk-in queue',
    ])
  })

  it('changes the party size and the quote', async () => {
    const sam = await joined()
    const bigger = (await patch(sam.id, { partySize: 4, quotedMinutes: 30, version: 1 }).expect(200)).body as Entry
    expect(bigger).toMatchObject({ partySize: 4, quotedMinutes: 30, status: 'waiting', freeNow: [{ name: 'T4' }] })
    expect((await auditOf('walk_in_queue', sam.id)).at(-1)!.summary).toBe('changed Sam Queue (3 guests) in the walk-in queue: party 3 → 4, quote 20 → 30 minutes')
  })

  it('refuses changes to a seated party, bad input and unknown entries', async () => {
    const sam = await joined()
    await walkIn({ partySize: 3, queueEntryId: sam.id }).expect(201)
    const seatedVersion = (await queue()).entries[0]!.version
    expect((await patch(sam.id, { status: 'left', version: seatedVersion }).expect(409)).body.code).toBe('queue_not_waiting')
    const ann = await joined({ name: 'Ann Pair', partySize: 2 })
    expect((await patch(ann.id, { version: 1 }).expect(400)).body.message).toBe('Nothing to change')
    expect((await patch(ann.id, { status: 'seated', version: 1 }).expect(400)).body.message).toBe("Status must be 'waiting' or 'left'")
    await patch(ann.id, { status: 'left' }).expect(400)
    await patch(ann.id, { quotedMinutes: -1, version: 1 }).expect(400)
    expect((await patch(999999, { status: 'left', version: 1 }).expect(404)).body.message).toBe('That party is not in the walk-in queue')
    await patch(0, { status: 'left', version: 1 }).expect(400)
    expect((await queue()).entries.find((e) => e.id === ann.id)).toMatchObject({ status: 'waiting', version: 1 })
  })
})

describe('one outcome per party', () => {
  it('seated on one screen and marked gone on another at the same moment: exactly one of them happens', async () => {
    await erasePlan(t.db)
    await drawPlan(t.db, { ...PLAN, tables: Array.from({ length: 8 }, (_, i) => ({ name: `Q${i + 1}`, area: 'Restaurant', max: 4 })) })
    const entries = await Promise.all(Array.from({ length: 8 }, (_, i) => joined({ name: `Race ${i}` })))
    const outcomes = await Promise.all(
      entries.map(async (e) => {
        const [seat, left] = await Promise.all([walkIn({ partySize: 3, queueEntryId: e.id }), patch(e.id, { status: 'left', version: e.version })])
        return { seat: seat.status, left: left.status }
      }),
    )
    const rows = (await queue()).entries
    for (const [i, o] of outcomes.entries()) {
      const row = rows.find((r) => r.id === entries[i]!.id)!
      expect([o.seat, o.left].filter((s) => s < 300), JSON.stringify({ o, row })).toHaveLength(1)
      expect(row.status).toBe(o.seat === 201 ? 'seated' : 'left')
      expect(row.reservationId !== null).toBe(o.seat === 201)
    }
    // Every seated party has its one booking; no booking was made for a party marked gone.
    expect(await count('reservations')).toBe(rows.filter((r) => r.status === 'seated').length)
  })
})

describe('what the queue keeps', () => {
  it("blanks a party's name, phone and notes a week on, keeping the numbers", async () => {
    t.clock.set(at('20:00', '2026-11-27'))
    const old = await joined({ notes: 'Birthday' })
    await patch(old.id, { status: 'left', version: 1 }).expect(200)
    t.clock.set(at('20:00', '2026-12-03'))
    const recent = await joined({ name: 'Ann Recent' })
    t.clock.set(at('20:01', '2026-12-04'))
    expect((await t.services.housekeeping.run()).queueEntries).toBe(1)
    const rows = (await t.db.execute(sql`select id, name, phone, notes, party_size, quoted_minutes, status from walk_in_queue order by id`)).rows
    expect(rows).toEqual([
      { id: old.id, name: 'Walk-in', phone: '', notes: '', party_size: 3, quoted_minutes: 20, status: 'left' },
      { id: recent.id, name: 'Ann Recent', phone: '07700 900 123', notes: '', party_size: 3, quoted_minutes: 20, status: 'waiting' },
    ])
    expect((await t.services.housekeeping.run()).queueEntries).toBe(0)
  })
})
