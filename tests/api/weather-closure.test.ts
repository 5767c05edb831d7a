/**
 * Closing the garden for rain (issue 34 item 6): the date's bookings there are
 * moved to free fitting tables elsewhere at the same time, the rest left
 * needing a table; each moved guest gets one email through the outbox and a
 * real SMTP server, and never a second one for that date, however often the
 * garden is closed and reopened.
 *
 * The plan: Restaurant T1 (4), T2 (2); Garden G1 (4), G2 (4), weather-
 * dependent. Turn times: 1–2 guests 90 minutes, 3–4 120.
 */
import { sql } from 'drizzle-orm'
import request from 'supertest'
import type TestAgent from 'supertest/lib/agent'
import { beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { closedAreaMessage } from '#common/tables-schema'
import { startWorker } from '../../server/jobs/worker'
import { afterFile } from '../helpers/after-file'
import { createTestApp, signedInAgent, type TestApp } from '../helpers/app'
import { heldBehindDate } from '../helpers/date-locks'
import { drawPlan, erasePlan, type DrawnPlan } from '../helpers/floor-plan'
import { startSmtpServer, type Received } from '../helpers/smtp'

// Saturday 21 November 2026, 12:00 in London. The date is a Saturday (open 12:00-23:30).
const NOW = '2026-11-21T12:00:00Z'
const DAY = '2026-12-05'
const SUBJECT = "Rain is forecast, so we've moved your table inside"

let t: TestApp
let staff: TestAgent
let smtp: Awaited<ReturnType<typeof startSmtpServer>>
let plan: DrawnPlan

beforeAll(async () => {
  smtp = await startSmtpServer()
  t = await createTestApp({ now: NOW, env: { SMTP_URL: smtp.url, TRUST_PROXY: 'true' } })
  const worker = await startWorker(t.deps, t.services, { pollInterval: 100 })
  afterFile(() => worker.stop())
  staff = await signedInAgent(t)
})
beforeEach(async () => {
  t.clock.set(NOW)
  await t.db.execute(sql`delete from reservations`)
  await t.db.execute(sql`delete from area_closures`)
  await drawGardenPlan()
})

/** The plan above, with more tables when a test needs them. */
async function drawGardenPlan(more: { name: string; area: string; max: number }[] = []) {
  await erasePlan(t.db)
  plan = await drawPlan(t.db, {
    areas: [{ name: 'Restaurant' }, { name: 'Garden', weatherDependent: true }],
    tables: [
      { name: 'T1', area: 'Restaurant', max: 4 },
      { name: 'T2', area: 'Restaurant', max: 2 },
      { name: 'G1', area: 'Garden', max: 4 },
      { name: 'G2', area: 'Garden', max: 4 },
      ...more,
    ],
    turnTimes: [
      { minParty: 1, maxParty: 2, durationMinutes: 90 },
      { minParty: 3, maxParty: 4, durationMinutes: 120 },
    ],
  })
  t.services.reservations.forgetDays()
}

let n = 0
const garden = () => plan.areaIds.get('Garden')!
/** A phone booking staff seat in the garden. */
async function gardenBooking(name: string, startTime: string, table: string) {
  const res = await staff
    .post('/api/admin/reservations')
    .send({
      name,
      email: `weather-${++n}@example.com`,
      phone: '07700 900 001',
      date: DAY,
      startTime,
      partySize: 4,
      additionalInfo: '',
      foodDrinks: 'food_and_drinks',
      status: 'confirmed',
      tableIds: [plan.tableIds.get(table)!],
    })
    .expect(201)
  return res.body as { id: number; email: string; version: number }
}
const tablesOf = async (id: number) =>
  ((await t.db.execute(sql`select t.name from reservation_tables rt join dining_tables t on t.id = rt.table_id where rt.reservation_id = ${id} order by t.name`)).rows as { name: string }[]).map(
    (r) => r.name,
  )
const startOf = async (id: number) => ((await t.db.execute(sql`select start_time from reservations where id = ${id}`)).rows[0] as { start_time: string }).start_time
const closeGarden = () => staff.post(`/api/admin/areas/${garden()}/closures`).send({ date: DAY, reason: 'Rain forecast' })
const movedMails = (address: string): Received[] => smtp.received.filter((m) => m.envelopeTo.includes(address) && m.subject === SUBJECT)
/** A moment for the worker to send anything queued (it polls every 100 ms). */
const settle = () => new Promise((r) => setTimeout(r, 1500))
const slots = async (partySize: number) =>
  ((await request(t.app).get(`/api/availability/slots/${DAY}?partySize=${partySize}`).expect(200)).body as { startTime: string }[]).map((s) => s.startTime)

describe('closing the garden for rain', () => {
  it('moves what fits inside at the same time, lists the rest, and emails each moved guest once', async () => {
    const early = await gardenBooking('Early Garden', '19:00', 'G1')
    const late = await gardenBooking('Late Garden', '19:30', 'G2')
    // Before: a party of 4 is offered 19:00 (T1 is free).
    expect(await slots(4)).toContain('19:00')

    const closed = await closeGarden().expect(201)
    expect(closed.body.reseated).toEqual({ moved: 1, emailed: 1, alreadyEmailed: 0, notEmailed: [], needsTable: [{ id: late.id, name: 'Late Garden', time: '7:30 PM', partySize: 4 }] })
    expect(closedAreaMessage(closed.body)).toBe(
      'The area is closed for that date: no online bookings there. 1 booking was moved to another table at the same time. 1 guest emailed. No free table for Late Garden (7:30 PM, 4): it needs a table.',
    )
    expect(closed.body.closures).toEqual([expect.objectContaining({ date: DAY, reason: 'Rain forecast' })])
    // The 19:00 booking sits at the restaurant's only four-top, at the same time; the 19:30 one keeps no garden table.
    expect(await tablesOf(early.id)).toEqual(['T1'])
    expect(await startOf(early.id)).toBe('19:00')
    expect(await tablesOf(late.id)).toEqual([])
    const listed = (await staff.get(`/api/admin/reservations?date=${DAY}`).expect(200)).body as { id: number; needsTable: boolean; tables: { name: string }[] }[]
    expect(listed.find((r) => r.id === late.id)).toMatchObject({ needsTable: true, tables: [] })
    expect(listed.find((r) => r.id === early.id)).toMatchObject({ needsTable: false, tables: [expect.objectContaining({ name: 'T1', area: 'Restaurant' })] })

    // Each move has its audit row, and the closure one row of its own that lists what it did.
    const audits = (await t.db.execute(sql`select entity_type, entity_id, action, summary, after from audit_log where action in ('tables', 'close') order by id`)).rows as {
      entity_type: string
      entity_id: string
      summary: string
      after: { reseated?: unknown }
    }[]
    expect(audits.filter((a) => a.entity_type === 'area')).toHaveLength(1)
    expect(audits.find((a) => a.entity_type === 'area')!.after.reseated).toEqual(closed.body.reseated)
    expect(audits.find((a) => a.entity_id === String(early.id))!.summary).toContain('from G1 to T1')
    expect(audits.find((a) => a.entity_id === String(late.id))!.summary).toContain('needing a table')

    // One email to the moved guest, with the words; none to the one left needing a table.
    await expect.poll(() => movedMails(early.email).length, { timeout: 15_000 }).toBe(1)
    const [mail] = movedMails(early.email)
    expect(mail!.text).toContain("Rain is forecast, so we've moved your table inside")
    expect(mail!.text).toContain('7:00 PM')
    await settle()
    expect(movedMails(early.email)).toHaveLength(1)
    expect(movedMails(late.email)).toHaveLength(0)

    // Online: the garden's free four-tops are not offered that date (T1 is taken at 19:00), and a booking is refused.
    expect(await slots(4)).not.toContain('19:00')
    await request(t.app)
      .post('/api/reservations')
      .set('X-Forwarded-For', '10.77.0.1')
      .send({ name: 'Online Guest', email: 'weather-online@example.com', phone: '07700 900 002', date: DAY, startTime: '19:00', partySize: 4, foodDrinks: 'food_and_drinks' })
      .expect(409)

    // Closing again is refused, and sends nothing.
    await closeGarden().expect(409)
    await settle()
    expect(movedMails(early.email)).toHaveLength(1)
  })

  it('never emails a second time for the same date, even when the garden is reopened, the booking put back and the garden closed again', async () => {
    const booking = await gardenBooking('Back Again', '19:00', 'G1')
    const first = await closeGarden().expect(201)
    expect(first.body.reseated.moved).toBe(1)
    await expect.poll(() => movedMails(booking.email).length, { timeout: 15_000 }).toBe(1)

    // Reopened: the garden is offered again, and staff put the booking back at G1.
    await staff.delete(`/api/admin/areas/${garden()}/closures/${first.body.closures[0].id}`).expect(200)
    expect(await slots(4)).toContain('19:00')
    const { version } = (await staff.get(`/api/admin/reservations?date=${DAY}`).expect(200)).body.find((r: { id: number }) => r.id === booking.id)
    await staff.patch(`/api/admin/reservations/${booking.id}`).send({ tableIds: [plan.tableIds.get('G1')!], version }).expect(200)
    expect(await tablesOf(booking.id)).toEqual(['G1'])

    // Closed again: moved inside again, but the guest already knows.
    const second = await closeGarden().expect(201)
    expect(second.body.reseated).toEqual({ moved: 1, emailed: 0, alreadyEmailed: 1, notEmailed: [], needsTable: [] })
    expect(closedAreaMessage(second.body)).toBe(
      'The area is closed for that date: no online bookings there. 1 booking was moved to another table at the same time. 0 guests emailed, 1 already emailed about that date.',
    )
    expect(await tablesOf(booking.id)).toEqual(['T1'])
    await settle()
    expect(movedMails(booking.email)).toHaveLength(1)
  })

  it('moves nothing when the area closed is not weather-dependent', async () => {
    const restaurant = plan.areaIds.get('Restaurant')!
    const res = await staff.post(`/api/admin/areas/${restaurant}/closures`).send({ date: DAY, reason: 'Private party' }).expect(201)
    expect(res.body.reseated).toEqual({ moved: 0, emailed: 0, alreadyEmailed: 0, notEmailed: [], needsTable: [] })
    expect(closedAreaMessage(res.body)).toBe('The area is closed for that date: no online bookings there.')
  })

  it('counts only the guests it emailed, and names the moved ones it could not email so staff phone them', async () => {
    // Three four-tops inside, so all three garden bookings move.
    await drawGardenPlan([
      { name: 'T3', area: 'Restaurant', max: 4 },
      { name: 'T4', area: 'Restaurant', max: 4 },
      { name: 'G3', area: 'Garden', max: 4 },
    ])
    const told = await gardenBooking('Has Email', '19:00', 'G1')
    const noEmail = await gardenBooking('No Email', '19:00', 'G2')
    const blank = await gardenBooking('Blank Email', '19:00', 'G3')
    // Bookings with no address (phone bookings taken without one).
    await t.db.execute(sql`update reservations set email = '' where id in (${noEmail.id}, ${blank.id})`)

    const closed = await closeGarden().expect(201)
    expect(closed.body.reseated).toEqual({
      moved: 3,
      emailed: 1,
      alreadyEmailed: 0,
      notEmailed: [
        { id: noEmail.id, name: 'No Email', time: '7:00 PM', partySize: 4, reason: 'no_email' },
        { id: blank.id, name: 'Blank Email', time: '7:00 PM', partySize: 4, reason: 'no_email' },
      ],
      needsTable: [],
    })
    expect(closedAreaMessage(closed.body)).toBe(
      'The area is closed for that date: no online bookings there. 3 bookings were moved to another table at the same time. 1 guest emailed. ' +
        'Not emailed, please phone: No Email (7:00 PM, 4): no email address; Blank Email (7:00 PM, 4): no email address.',
    )
    await expect.poll(() => movedMails(told.email).length, { timeout: 15_000 }).toBe(1)
    const queued = (await t.db.execute(sql`select reservation_id from email_outbox where template_key = 'booking_moved_inside' and reservation_id in (${told.id}, ${noEmail.id}, ${blank.id})`)).rows as { reservation_id: number }[]
    expect(queued.map((r) => r.reservation_id)).toEqual([told.id])
  })

  it('emails no one while the template is inactive, says so, and emails them when the garden is closed again with it active', async () => {
    const booking = await gardenBooking('Template Off', '19:00', 'G1')
    await t.db.execute(sql`update email_templates set is_active = false where template_key = 'booking_moved_inside'`)
    try {
      const closed = await closeGarden().expect(201)
      expect(closed.body.reseated).toEqual({
        moved: 1,
        emailed: 0,
        alreadyEmailed: 0,
        notEmailed: [{ id: booking.id, name: 'Template Off', time: '7:00 PM', partySize: 4, reason: 'template_inactive' }],
        needsTable: [],
      })
      expect(closedAreaMessage(closed.body)).toBe(
        'The area is closed for that date: no online bookings there. 1 booking was moved to another table at the same time. 0 guests emailed. ' +
          "Not emailed, please phone: Template Off (7:00 PM, 4): the 'Table moved inside (weather)' email template is inactive.",
      )
      await settle()
      expect(movedMails(booking.email)).toHaveLength(0)

      // Reopened, the template turned on, the booking put back in the garden and the garden closed again: now the guest is told.
      await staff.delete(`/api/admin/areas/${garden()}/closures/${closed.body.closures[0].id}`).expect(200)
      await t.db.execute(sql`update email_templates set is_active = true where template_key = 'booking_moved_inside'`)
      const { version } = (await staff.get(`/api/admin/reservations?date=${DAY}`).expect(200)).body.find((r: { id: number }) => r.id === booking.id)
      await staff.patch(`/api/admin/reservations/${booking.id}`).send({ tableIds: [plan.tableIds.get('G1')!], version }).expect(200)
      const again = await closeGarden().expect(201)
      expect(again.body.reseated).toMatchObject({ moved: 1, emailed: 1, notEmailed: [] })
      await expect.poll(() => movedMails(booking.email).length, { timeout: 15_000 }).toBe(1)
    } finally {
      await t.db.execute(sql`update email_templates set is_active = true where template_key = 'booking_moved_inside'`)
    }
  })

  it('names a moved guest whose earlier email about the date was never sent', async () => {
    const booking = await gardenBooking('Skipped Before', '19:00', 'G1')
    const first = await closeGarden().expect(201)
    expect(first.body.reseated.emailed).toBe(1)
    // Say the first message had been skipped (as the limit of messages an hour to one address skips one): its key forbids a second.
    // Its row is marked once the mail server has taken it, a moment after the mail arrives: wait for that mark,
    // or it lands after the test's and writes 'sent' over 'skipped'.
    await expect.poll(() => movedMails(booking.email).length, { timeout: 15_000 }).toBe(1)
    const movedStatus = async () =>
      (await t.db.execute<{ status: string }>(sql`select status from email_outbox where reservation_id = ${booking.id} and template_key = 'booking_moved_inside'`)).rows[0]?.status
    await expect.poll(movedStatus, { timeout: 15_000 }).toBe('sent')
    await t.db.execute(sql`update email_outbox set status = 'skipped' where reservation_id = ${booking.id}`)
    await staff.delete(`/api/admin/areas/${garden()}/closures/${first.body.closures[0].id}`).expect(200)
    const { version } = (await staff.get(`/api/admin/reservations?date=${DAY}`).expect(200)).body.find((r: { id: number }) => r.id === booking.id)
    await staff.patch(`/api/admin/reservations/${booking.id}`).send({ tableIds: [plan.tableIds.get('G1')!], version }).expect(200)
    const second = await closeGarden().expect(201)
    expect(second.body.reseated).toMatchObject({
      moved: 1,
      emailed: 0,
      alreadyEmailed: 0,
      notEmailed: [{ id: booking.id, name: 'Skipped Before', time: '7:00 PM', partySize: 4, reason: 'earlier_not_sent' }],
    })
  })
})

describe('closing the garden while guests book', () => {
  it('waits for the date lock the booking engine takes, and moves nothing until it has it', async () => {
    const booking = await gardenBooking('Locked Out', '19:00', 'G1')
    // A booking of the date in flight: its transaction holds the date's lock, and the closure waits for it.
    const held = await heldBehindDate(t.db, DAY, closeGarden)
    try {
      expect(held.answered()).toBe(false)
      expect(await tablesOf(booking.id)).toEqual(['G1'])
      await held.release()
      const closed = await held.answer
      expect(closed.status).toBe(201)
      expect(closed.body.reseated.moved).toBe(1)
    } finally {
      await held.release()
    }
  })

  it('the closure and 12 guests racing for the last four-top inside never both get it, and the closure never fails', async () => {
    const booking = await gardenBooking('Racing Garden', '19:00', 'G1')
    // G2 held too, so a guest's booking can only take T1.
    await gardenBooking('Other Garden', '19:00', 'G2')
    const guests = Array.from({ length: 12 }, (_, i) =>
      request(t.app)
        .post('/api/reservations')
        .set('X-Forwarded-For', `10.78.0.${i + 1}`)
        .send({ name: `Racer ${i}`, email: `racer-${i}-${++n}@example.com`, phone: `07700 900 3${String(i).padStart(2, '0')}`, date: DAY, startTime: '19:00', partySize: 4, foodDrinks: 'food_and_drinks' })
        .then((r) => r.status),
    )
    const [closure, ...statuses] = await Promise.all([closeGarden().then((r) => r), ...guests])
    expect(closure!.status).toBe(201)
    const won = statuses.filter((s) => s === 201).length
    expect(won + closure!.body.reseated.moved).toBe(1)
    expect(statuses.filter((s) => s !== 201 && s !== 409)).toEqual([])
    const atT1 = (await t.db.execute(sql`select rt.reservation_id from reservation_tables rt join dining_tables d on d.id = rt.table_id where d.name = 'T1'`)).rows
    expect(atT1).toHaveLength(1)
    expect(await tablesOf(booking.id)).toEqual(closure!.body.reseated.moved === 1 ? ['T1'] : [])
  })
})
