import { eq } from 'drizzle-orm'
import request from 'supertest'
import { beforeAll, describe, expect, it } from 'vitest'
import { availableSlots, servicesFor } from '#common/availability'
import { serviceRanges, servicesProblem, SERVICES_MESSAGES } from '#common/services'
import { hourExceptions, openingHours, reservations } from '../../server/db/schema'
import { createTestApp, signedInAgent, type TestApp } from '../helpers/app'
import { guestBooking } from '../helpers/guest-booking'
import { dayVersion, versionOf } from '../helpers/versions'

// Saturday 21 November 2026. Seeded: Fridays 16:00-23:30, the kitchen's last orders 21:00; 20 arrivals a half hour.
const FRIDAY = '2026-11-27'
const NEXT_FRIDAY = '2026-12-04'
const LUNCH = { name: 'Lunch', startTime: '12:00', endTime: '14:30', maxCoversPerSlot: 6 }
const DINNER = { name: 'Dinner', startTime: '17:30', endTime: '21:00' }
const BETWEEN = 'We take bookings 12:00 PM–2:30 PM and 5:30 PM–9:00 PM on this day'

let t: TestApp
let staff: Awaited<ReturnType<typeof signedInAgent>>
const ENV = { TRUST_PROXY: 'true', BOOKINGS_PER_ADDRESS_PER_DATE: '1000', CHALLENGE_AFTER_PER_ADDRESS: '1000', CHALLENGE_AFTER_SITE: '100000' }
beforeAll(async () => {
  t = await createTestApp({ now: '2026-11-21T12:00:00Z', env: ENV })
  staff = await signedInAgent(t)
})

let n = 0
const guest = (over: Record<string, unknown>) => guestBooking({ email: `services-${++n}@example.com`, ...over })
const nextIp = () => `10.37.${(n >> 8) & 255}.${n & 255}`
const book = (body: object) => request(t.app).post('/api/reservations').set('X-Forwarded-For', nextIp()).send(body)
const slotsOn = async (date: string, partySize = 2) =>
  ((await request(t.app).get(`/api/availability/slots/${date}?partySize=${partySize}`).expect(200)).body as { startTime: string }[]).map((s) => s.startTime)
const stored = async (email: string) => t.db.select().from(reservations).where(eq(reservations.email, email))
const putDay = async (day: number, body: Record<string, unknown>, status: number) =>
  staff.put(`/api/admin/opening-hours/${day}`).send({ ...body, version: await dayVersion(t.db, day) }).expect(status)
const putServices = async (day: number, services: unknown, status: number) =>
  staff.put(`/api/admin/opening-hours/${day}/services`).send({ services, version: await dayVersion(t.db, day) }).expect(status)
const auditRows = async (entityType: string) =>
  (await t.db.$client.query<{ username: string; summary: string; before: unknown; after: unknown }>('select username, summary, before, after from audit_log where entity_type = $1 order by id', [entityType])).rows

describe('the rules (common/services.ts, common/availability.ts)', () => {
  const friday = { dayOfWeek: 5, openTime: '12:00', closeTime: '23:30', isClosed: false, services: [LUNCH, DINNER] }
  const rules = { capacityCovers: 100, durationMinutes: 120, maxCoversPerSlot: 20, minNoticeMinutes: 0, maxDaysAhead: 120 }
  const query = { date: FRIDAY, partySize: 2, now: new Date('2026-11-21T12:00:00Z'), timeZone: 'Europe/London', exceptions: [], bookings: [], rules }

  it('offers start times only inside a service, and each service paces its own arrivals', () => {
    expect(availableSlots({ ...query, weekly: [friday] })).toEqual(['12:00', '12:30', '13:00', '13:30', '14:00', '17:30', '18:00', '18:30', '19:00', '19:30', '20:00', '20:30'])
    const bookings = [{ startTime: '12:30', partySize: 4 }, { startTime: '19:00', partySize: 4 }]
    const slots = availableSlots({ ...query, partySize: 4, bookings, weekly: [friday] })
    expect(slots).not.toContain('12:30') // lunch's own 6
    expect(slots).toContain('19:00') // dinner: the setting's 20
  })

  it('a day with no services of its own is one service spanning its hours, as before', () => {
    const plain = { ...friday, openTime: '16:00', services: null }
    expect(servicesFor(FRIDAY, [plain], [])).toEqual([{ name: 'Service', startTime: '16:00', endTime: '23:30', maxCoversPerSlot: null }])
    expect(availableSlots({ ...query, weekly: [plain] })).toHaveLength(15)
    // A date's exception takes its own hours, and its own services when it has them.
    const exception = { date: FRIDAY, openTime: '12:00', closeTime: '16:00', isClosed: false, services: [{ name: 'Lunch', startTime: '12:00', endTime: '15:00' }] }
    expect(availableSlots({ ...query, weekly: [friday], exceptions: [exception] })).toEqual(['12:00', '12:30', '13:00', '13:30', '14:00', '14:30'])
  })

  it('says what is wrong with a day’s services, word for word', () => {
    expect(serviceRanges([LUNCH, DINNER])).toBe('12:00 PM–2:30 PM and 5:30 PM–9:00 PM')
    expect(SERVICES_MESSAGES.betweenServices(serviceRanges([LUNCH, DINNER]))).toBe(BETWEEN)
    expect(servicesProblem({ ...friday, services: [LUNCH, { ...DINNER, startTime: '14:00' }] })).toBe('Lunch and Dinner overlap: each time belongs to one service')
    expect(servicesProblem({ ...friday, services: [{ ...LUNCH, startTime: '11:00' }] })).toBe("Lunch must be within the day's hours, from 12:00 to 23:30")
    expect(servicesProblem({ ...friday, services: [{ ...LUNCH, endTime: '12:00' }] })).toBe('Lunch must end after it starts')
    expect(servicesProblem({ ...friday, services: [LUNCH, { ...DINNER, name: 'lunch' }] })).toBe('Two services are called lunch: give each its own name')
    expect(servicesProblem(friday)).toBeUndefined()
  })
})

describe('a Friday of lunch and dinner', () => {
  it('staff split Friday into two services; the public opening hours keep their shape', async () => {
    await putDay(5, { openTime: '12:00' }, 200)
    const res = await putServices(5, [DINNER, LUNCH], 200)
    expect(res.body).toMatchObject({ dayOfWeek: 5, openTime: '12:00', closeTime: '23:30', services: [LUNCH, { ...DINNER, maxCoversPerSlot: null }] })
    expect((await staff.get('/api/admin/opening-hours').expect(200)).body[5].services).toEqual([LUNCH, { ...DINNER, maxCoversPerSlot: null }])
    const pub = await request(t.app).get('/api/opening-hours').expect(200)
    expect(pub.body.find((d: { dayOfWeek: number }) => d.dayOfWeek === 5)).toEqual({ id: expect.any(Number), dayOfWeek: 5, openTime: '12:00', closeTime: '23:30', isClosed: false })
    expect((await auditRows('opening_hours')).at(-1)).toMatchObject({ username: 'staff', summary: "set Friday's services: Lunch 12:00–14:30 (6 a half hour) · Dinner 17:30–21:00" })
  })

  it('15:00 is never offered and is refused with the services named, nothing stored', async () => {
    const slots = await slotsOn(FRIDAY)
    expect(slots).toEqual(['12:00', '12:30', '13:00', '13:30', '14:00', '17:30', '18:00', '18:30', '19:00', '19:30', '20:00', '20:30'])
    expect(slots).not.toContain('15:00')
    const body = guest({ date: FRIDAY, startTime: '15:00' })
    const res = await book(body).expect(409)
    expect(res.body.message).toBe(BETWEEN)
    expect(await stored(body.email)).toHaveLength(0)
    // After dinner, still within the pub's hours, the same words; before the pub opens, the usual answer.
    const late = guest({ date: FRIDAY, startTime: '22:00', foodDrinks: 'drinks_only' })
    expect((await book(late).expect(409)).body.message).toBe(BETWEEN)
    expect(await stored(late.email)).toHaveLength(0)
    const early = await book(guest({ date: FRIDAY, startTime: '10:00' })).expect(409)
    expect(early.body.message).toBe('Sorry, 10:00 AM is no longer available for 2 guests. Please choose another time.')
  })

  it('13:00 and 19:00 are booked', async () => {
    await book(guest({ date: FRIDAY, startTime: '13:00' })).expect(201)
    await book(guest({ date: FRIDAY, startTime: '19:00' })).expect(201)
  })

  it("pacing per service: lunch's own 6 refuses a second party of 4 at 12:30; dinner takes the setting's 20", async () => {
    await book(guest({ date: NEXT_FRIDAY, startTime: '12:30', partySize: 4 })).expect(201)
    expect(await slotsOn(NEXT_FRIDAY, 4)).not.toContain('12:30')
    expect(await slotsOn(NEXT_FRIDAY, 2)).toContain('12:30')
    const extra = guest({ date: NEXT_FRIDAY, startTime: '12:30', partySize: 4 })
    await book(extra).expect(409)
    expect(await stored(extra.email)).toHaveLength(0)
    await book(guest({ date: NEXT_FRIDAY, startTime: '12:30', partySize: 2 })).expect(201)
    await book(guest({ date: NEXT_FRIDAY, startTime: '19:30', partySize: 4 })).expect(201)
    await book(guest({ date: NEXT_FRIDAY, startTime: '19:30', partySize: 4 })).expect(201)
    expect(await slotsOn(NEXT_FRIDAY, 4)).toContain('19:30')
  })

  it('staff are warned (not refused) between services', async () => {
    const res = await staff
      .post('/api/admin/reservations')
      .send({ name: 'Phone Guest', email: '', phone: '07700 900123', date: NEXT_FRIDAY, startTime: '15:30', partySize: 2, additionalInfo: '', foodDrinks: 'drinks_only', status: 'confirmed' })
    expect(res.status).toBe(409)
    expect(res.body.message).toBe('3:30 PM on Friday, 04 December 2026 is between the services: bookings are taken 12:00 PM–2:30 PM and 5:30 PM–9:00 PM that day.')
  })
})

describe('changing services: bad input, stale versions, the hours', () => {
  it('refuses bad input with a clear message (400) and changes nothing', async () => {
    const before = (await t.db.select().from(openingHours).where(eq(openingHours.dayOfWeek, 5)))[0]!
    const cases: [unknown, string][] = [
      [[{ ...LUNCH, name: '' }], SERVICES_MESSAGES.nameRequired],
      [[{ ...LUNCH, startTime: '12:15' }], SERVICES_MESSAGES.startInterval],
      [[{ ...LUNCH, endTime: '25:00' }], SERVICES_MESSAGES.endInterval],
      [[{ ...LUNCH, maxCoversPerSlot: 0 }], SERVICES_MESSAGES.pacing],
      [[LUNCH, { ...DINNER, startTime: '14:00' }], 'Lunch and Dinner overlap: each time belongs to one service'],
      [[{ ...LUNCH, startTime: '11:00' }], "Lunch must be within the day's hours, from 12:00 to 23:30"],
      [[{ ...LUNCH, endTime: '12:00' }], 'Lunch must end after it starts'],
      ['lunch', SERVICES_MESSAGES.list],
      [Array.from({ length: 7 }, (_, i) => ({ name: `S${i}`, startTime: `1${i}:00`, endTime: `1${i}:30` })), SERVICES_MESSAGES.tooMany],
    ]
    for (const [services, message] of cases) {
      const res = await putServices(5, services, 400)
      expect(res.body.message, JSON.stringify(services)).toBe(message)
    }
    const after = (await t.db.select().from(openingHours).where(eq(openingHours.dayOfWeek, 5)))[0]!
    expect(after).toEqual(before)
  })

  it('refuses services for a closed day, or a day never saved', async () => {
    expect((await putServices(1, [LUNCH], 400)).body.message).toBe(SERVICES_MESSAGES.closedDay) // Monday: closed in the seed
    await t.db.delete(openingHours).where(eq(openingHours.dayOfWeek, 2))
    expect((await putServices(2, [LUNCH], 400)).body.message).toBe(SERVICES_MESSAGES.closedDay)
    expect((await putServices(2, [], 400)).body.message).toBe(SERVICES_MESSAGES.closedDay)
  })

  it('refuses a change of hours that would leave a service outside them', async () => {
    const res = await putDay(5, { openTime: '13:00' }, 400)
    expect(res.body.errors).toEqual({ services: "Lunch must be within the day's hours, from 13:00 to 23:30" })
  })

  it('refuses a save over a newer one (409 stale_version)', async () => {
    const version = await dayVersion(t.db, 5)
    await staff.put('/api/admin/opening-hours/5/services').send({ services: [LUNCH, DINNER], version }).expect(200)
    const res = await staff.put('/api/admin/opening-hours/5/services').send({ services: [DINNER], version }).expect(409)
    expect(res.body.code).toBe('stale_version')
    expect(res.body.current).toMatchObject({ dayOfWeek: 5, services: [LUNCH, { ...DINNER, maxCoversPerSlot: null }] })
  })

  it('an empty list makes the day one service again, exactly as before', async () => {
    const res = await putServices(5, [], 200)
    expect(res.body.services).toBeNull()
    expect(await slotsOn('2026-12-11')).toHaveLength(23) // 12:00 to 23:00
    expect((await auditRows('opening_hours')).at(-1)).toMatchObject({ summary: "set Friday's bookings to one service, its hours" })
  })
})

describe("an exception's services", () => {
  it('are edited at its version and decide its slots', async () => {
    const created = await staff.post('/api/admin/hour-exceptions').send({ date: '2026-12-18', openTime: '12:00', closeTime: '22:00', reason: 'Office parties' }).expect(201)
    expect(created.body.services).toBeNull()
    const id = created.body.id as number
    const res = await staff
      .put(`/api/admin/hour-exceptions/${id}/services`)
      .send({ services: [{ name: 'Lunch', startTime: '12:00', endTime: '15:00' }, { name: 'Party', startTime: '19:00', endTime: '20:00', maxCoversPerSlot: 40 }], version: created.body.version })
      .expect(200)
    expect(res.body.services).toHaveLength(2)
    expect(await slotsOn('2026-12-18')).toEqual(['12:00', '12:30', '13:00', '13:30', '14:00', '14:30', '19:00', '19:30'])
    await staff.put(`/api/admin/hour-exceptions/${id}/services`).send({ services: [], version: created.body.version }).expect(409)
    const bad = await staff.put(`/api/admin/hour-exceptions/${id}/services`).send({ services: [{ name: 'Late', startTime: '21:00', endTime: '23:00' }], version: await versionOf(t.db, 'hour_exceptions', id) }).expect(400)
    expect(bad.body.message).toBe("Late must be within the day's hours, from 12:00 to 22:00")
    // The exception's own hours cannot leave its services outside either.
    const shorter = await staff.put(`/api/admin/hour-exceptions/${id}`).send({ ...res.body, closeTime: '19:30' }).expect(400)
    expect(shorter.body.errors).toEqual({ services: "Party must be within the day's hours, from 12:00 to 19:30" })
    expect((await t.db.select().from(hourExceptions).where(eq(hourExceptions.id, id)))[0]!.closeTime).toBe('22:00')
    expect((await auditRows('hour_exception')).at(-1)).toMatchObject({ summary: 'set the services of Office parties (18 Dec 2026): Lunch 12:00–15:00 · Party 19:00–20:00 (40 a half hour)' })
    await staff.put('/api/admin/hour-exceptions/99999/services').send({ services: [], version: 1 }).expect(404)
  })
})
