import { eq } from 'drizzle-orm'
import request from 'supertest'
import { beforeAll, describe, expect, it } from 'vitest'
import { hourExceptions, openingHours } from '../../server/db/schema'
import { createTestApp, signedInAgent, signedInAs, type TestApp } from '../helpers/app'
import { dayVersion } from '../helpers/versions'

// Saturday 21 November 2026. Seeded: Wednesdays 16:00-22:30, Mondays and Tuesdays closed.
let t: TestApp
let staff: Awaited<ReturnType<typeof signedInAgent>>
beforeAll(async () => {
  t = await createTestApp({ now: '2026-11-21T12:00:00Z' })
  staff = await signedInAgent(t)
})

/** A day's change from a panel that has just read the week: it sends the day's version now. */
const putDay = async (day: number, body: Record<string, unknown>, status: number) =>
  staff.put(`/api/admin/opening-hours/${day}`).send({ ...body, version: await dayVersion(t.db, day) }).expect(status)

const slotsOn = async (date: string) =>
  (await request(t.app).get(`/api/availability/slots/${date}`).expect(200)).body.map((s: { startTime: string }) => s.startTime)

describe('GET /api/admin/opening-hours', () => {
  it('gives all seven days, Sunday first; a day with no row shows closed', async () => {
    await t.db.delete(openingHours).where(eq(openingHours.dayOfWeek, 2))
    const res = await staff.get('/api/admin/opening-hours').expect(200)
    expect(res.body.map((d: { dayOfWeek: number }) => d.dayOfWeek)).toEqual([0, 1, 2, 3, 4, 5, 6])
    expect(res.body[3]).toMatchObject({ dayOfWeek: 3, openTime: '16:00', closeTime: '22:30', isClosed: false })
    expect(res.body[2]).toEqual({ id: null, dayOfWeek: 2, openTime: null, closeTime: null, isClosed: true, lastOrdersTime: null, version: 0 })
  })
})

describe('PUT /api/admin/opening-hours/{dayOfWeek}', () => {
  it('changes one field at a time, and availability shows it at once', async () => {
    expect(await slotsOn('2026-12-02')).toHaveLength(13) // a Wednesday, 16:00 to 22:00
    await putDay(3, { openTime: '18:00' }, 200)
    expect((await slotsOn('2026-12-02'))[0]).toBe('18:00')
    const closed = await putDay(3, { isClosed: true }, 200)
    expect(closed.body).toMatchObject({ dayOfWeek: 3, isClosed: true, openTime: '18:00', closeTime: '22:30' })
    expect(await slotsOn('2026-12-02')).toEqual([])
    expect((await request(t.app).get('/api/opening-hours').expect(200)).body.find((d: { dayOfWeek: number }) => d.dayOfWeek === 3).isClosed).toBe(true)
    await putDay(3, { isClosed: false }, 200)
    expect((await slotsOn('2026-12-02'))[0]).toBe('18:00')
  })

  it('creates the row of a day that has none, opening it at 12:00 to 22:00 to start from', async () => {
    await t.db.delete(openingHours).where(eq(openingHours.dayOfWeek, 2))
    const res = await putDay(2, { isClosed: false }, 200)
    expect(res.body).toMatchObject({ dayOfWeek: 2, isClosed: false, openTime: '12:00', closeTime: '22:00' })
    expect(await slotsOn('2026-12-01')).toHaveLength(20)
  })

  it('keeps times on the half hour, with the messages of SPEC.md section 5', async () => {
    const open = await putDay(4, { openTime: '16:15' }, 400)
    expect(open.body.message).toBe('Open time must be on 30-minute intervals (e.g., 16:00, 16:30)')
    const close = await putDay(4, { closeTime: '22:45' }, 400)
    expect(close.body.message).toBe('Close time must be on 30-minute intervals (e.g., 20:00, 20:30)')
    await putDay(4, { closeTime: '25:00' }, 400)
  })

  it('keeps close after open', async () => {
    const res = await putDay(5, { closeTime: '15:30' }, 400)
    expect(res.body).toEqual({ message: 'Close time must be after open time', errors: { closeTime: 'Close time must be after open time' } })
    await putDay(5, { openTime: '23:30' }, 400)
  })

  it('takes exactly one change, for a day from 0 to 6', async () => {
    for (const body of [{}, { isClosed: true, openTime: '12:00' }, { isClosed: 'yes' }, { dayOfWeek: 3 }]) {
      const res = await staff.put('/api/admin/opening-hours/4').send(body).expect(400)
      expect(res.body.message).toBe('Send one change: isClosed, openTime, closeTime or lastOrdersTime')
    }
    for (const day of ['7', '-1', 'monday']) await staff.put(`/api/admin/opening-hours/${day}`).send({ isClosed: true, version: 1 }).expect(400)
  })
})

describe('hour exceptions', () => {
  it('adds a closed day: times are stored empty, and the date has no slots', async () => {
    expect(await slotsOn('2026-12-12')).not.toEqual([])
    const res = await staff
      .post('/api/admin/hour-exceptions')
      .send({ date: '2026-12-12', isClosed: true, openTime: '12:00', closeTime: '20:00', reason: 'Private party' })
      .expect(201)
    expect(res.body).toMatchObject({ date: '2026-12-12', isClosed: true, openTime: null, closeTime: null, reason: 'Private party' })
    expect(await slotsOn('2026-12-12')).toEqual([])
    const listed = await request(t.app).get('/api/hour-exceptions').expect(200)
    expect(listed.body.map((e: { date: string }) => e.date)).toContain('2026-12-12')
  })

  it('opens a closed Monday with its own hours, edits and deletes it', async () => {
    const created = await staff
      .post('/api/admin/hour-exceptions')
      .send({ date: '2026-12-21', isClosed: false, openTime: '12:00', closeTime: '15:00', reason: 'Christmas week' })
      .expect(201)
    expect(await slotsOn('2026-12-21')).toEqual(['12:00', '12:30', '13:00', '13:30', '14:00', '14:30'])
    await staff
      .put(`/api/admin/hour-exceptions/${created.body.id}`)
      .send({ date: '2026-12-21', isClosed: false, openTime: '17:00', closeTime: '18:00', reason: 'Christmas week', version: created.body.version })
      .expect(200)
    expect(await slotsOn('2026-12-21')).toEqual(['17:00', '17:30'])
    await staff.delete(`/api/admin/hour-exceptions/${created.body.id}`).expect(204)
    expect(await slotsOn('2026-12-21')).toEqual([])
    await staff.delete(`/api/admin/hour-exceptions/${created.body.id}`).expect(404)
    await staff.put(`/api/admin/hour-exceptions/${created.body.id}`).send({ date: '2026-12-21', isClosed: true, reason: 'x', version: 2 }).expect(404)
  })

  it('needs a date and a reason', async () => {
    const res = await staff.post('/api/admin/hour-exceptions').send({ date: '', isClosed: true, reason: '  ' }).expect(400)
    expect(res.body.errors).toEqual({ date: 'Date is required', reason: 'Reason is required' })
    await staff.post('/api/admin/hour-exceptions').send({ date: '2026-02-30', isClosed: true, reason: 'x' }).expect(400)
  })

  it('needs half-hour times, close after open, unless closed all day', async () => {
    const base = { date: '2026-12-22', isClosed: false, reason: 'Late opening' }
    const quarter = await staff.post('/api/admin/hour-exceptions').send({ ...base, openTime: '12:15', closeTime: '15:00' }).expect(400)
    expect(quarter.body.message).toBe('Open time must be on 30-minute intervals (e.g., 16:00, 16:30)')
    const closeQuarter = await staff.post('/api/admin/hour-exceptions').send({ ...base, openTime: '12:00', closeTime: '15:10' }).expect(400)
    expect(closeQuarter.body.message).toBe('Close time must be on 30-minute intervals (e.g., 20:00, 20:30)')
    const backwards = await staff.post('/api/admin/hour-exceptions').send({ ...base, openTime: '15:00', closeTime: '12:00' }).expect(400)
    expect(backwards.body.message).toBe('Close time must be after open time')
    const blank = await staff.post('/api/admin/hour-exceptions').send({ ...base, openTime: '', closeTime: '' }).expect(400)
    expect(blank.body.message).toBe('Choose an open and a close time, or mark the day closed all day')
    expect(await t.db.select().from(hourExceptions).where(eq(hourExceptions.date, '2026-12-22'))).toEqual([])
  })

  it('keeps one exception a date', async () => {
    await staff.post('/api/admin/hour-exceptions').send({ date: '2026-12-31', isClosed: true, reason: "New Year's Eve" }).expect(201)
    const res = await staff.post('/api/admin/hour-exceptions').send({ date: '2026-12-31', isClosed: true, reason: 'Again' }).expect(409)
    expect(res.body.message).toBe('There is already an exception on Thursday, 31 December 2026: edit that one instead.')
  })

  it('lists every exception for staff, past ones too', async () => {
    await t.db.insert(hourExceptions).values({ date: '2026-01-01', isClosed: true, reason: 'Last New Year' })
    const res = await staff.get('/api/admin/hour-exceptions').expect(200)
    expect(res.body[0]).toMatchObject({ date: '2026-01-01', reason: 'Last New Year' })
  })
})

describe('who changed the hours, and no lost updates (issue 33)', () => {
  const rowsAbout = async (entityType: string) =>
    (await t.db.$client.query<{ username: string; summary: string; before: unknown; after: unknown }>('select username, summary, before, after from audit_log where entity_type = $1 order by id', [entityType])).rows

  it("refuses a weekday's save made over someone else's newer one, and keeps theirs", async () => {
    const sam = await signedInAs(t, 'manager', 'sam')
    // Both read the week: Thursday at its version now.
    const read = (await staff.get('/api/admin/opening-hours').expect(200)).body[4]
    await sam.put('/api/admin/opening-hours/4').send({ closeTime: '21:00', version: read.version }).expect(200)
    const res = await staff.put('/api/admin/opening-hours/4').send({ openTime: '17:00', version: read.version }).expect(409)
    expect(res.body.message).toMatch(/^This day was changed by sam at \d\d:\d\d while you were editing\.$/)
    expect(res.body.current).toMatchObject({ dayOfWeek: 4, closeTime: '21:00', version: read.version + 1 })
    const [row] = await t.db.select().from(openingHours).where(eq(openingHours.dayOfWeek, 4))
    expect(row).toMatchObject({ openTime: read.openTime, closeTime: '21:00' })
    expect((await rowsAbout('opening_hours')).at(-1)).toMatchObject({ username: 'sam', summary: "set Thursday's hours to 16:00 to 21:00", before: { closeTime: read.closeTime }, after: { closeTime: '21:00' } })
  })

  it('a first save of a day with no row (version 0) loses to another first save', async () => {
    await t.db.delete(openingHours).where(eq(openingHours.dayOfWeek, 1))
    await staff.put('/api/admin/opening-hours/1').send({ isClosed: false, version: 0 }).expect(200)
    const res = await staff.put('/api/admin/opening-hours/1').send({ isClosed: true, version: 0 }).expect(409)
    expect(res.body.current).toMatchObject({ dayOfWeek: 1, isClosed: false, openTime: '12:00', closeTime: '22:00' })
    expect((await rowsAbout('opening_hours')).at(-1)).toMatchObject({ summary: 'opened Mondays, 12:00 to 22:00' })
  })

  it("refuses an exception's save made over a newer one; the audit log names each change", async () => {
    const sam = await signedInAs(t, 'manager', 'sam')
    const created = await staff.post('/api/admin/hour-exceptions').send({ date: '2026-12-25', isClosed: true, reason: 'Christmas Day' }).expect(201)
    await sam.put(`/api/admin/hour-exceptions/${created.body.id}`).send({ ...created.body, isClosed: false, openTime: '12:00', closeTime: '15:00' }).expect(200)
    const res = await staff.put(`/api/admin/hour-exceptions/${created.body.id}`).send({ ...created.body, reason: 'Christmas' }).expect(409)
    expect(res.body.message).toMatch(/^This exception was changed by sam at \d\d:\d\d while you were editing\.$/)
    expect(res.body.current).toMatchObject({ reason: 'Christmas Day', isClosed: false, openTime: '12:00', version: 2 })
    await staff.delete(`/api/admin/hour-exceptions/${created.body.id}`).expect(204)
    expect((await rowsAbout('hour_exception')).slice(-3).map((r) => [r.username, r.summary])).toEqual([
      ['staff', 'closed Christmas Day (25 Dec 2026)'],
      ['sam', 'changed the exception for Christmas Day (25 Dec 2026)'],
      ['staff', 'removed the exception for Christmas Day (25 Dec 2026)'],
    ])
  })
})
