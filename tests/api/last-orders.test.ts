import { eq } from 'drizzle-orm'
import request from 'supertest'
import { beforeAll, describe, expect, it } from 'vitest'
import { lastOrdersFor } from '#common/availability'
import { isDrinksOnlyTime, LAST_ORDERS_MESSAGES, lastOrdersProblem } from '#common/last-orders'
import { openingHours, reservations } from '../../server/db/schema'
import { createTestApp, signedInAgent, type TestApp } from '../helpers/app'
import { guestBooking } from '../helpers/guest-booking'
import { dayVersion } from '../helpers/versions'

// Saturday 21 November 2026. Seeded: Fridays 16:00-23:30, Sundays 12:00-19:30; the kitchen's last orders 21:00, Sunday 18:00.
const FRIDAY = '2026-11-27'
const SUNDAY = '2026-11-29'
const NINE_PM = "The kitchen's last orders are at 9:00 PM: for a later time choose Drinks Only"

let t: TestApp
let staff: Awaited<ReturnType<typeof signedInAgent>>
// Behind a trusted proxy each booking comes from an address of its own, and the form's challenge stays out of the way
// (guest-limits.test.ts tests it), as in reservations.test.ts.
const ENV = { TRUST_PROXY: 'true', BOOKINGS_PER_ADDRESS_PER_DATE: '1000', CHALLENGE_AFTER_PER_ADDRESS: '1000', CHALLENGE_AFTER_SITE: '100000' }
beforeAll(async () => {
  t = await createTestApp({ now: '2026-11-21T12:00:00Z', env: ENV })
  staff = await signedInAgent(t)
})

let n = 0
const guest = (over: Record<string, unknown>) => guestBooking({ email: `kitchen-${++n}@example.com`, ...over })
const nextIp = () => `10.36.${(n >> 8) & 255}.${n & 255}`
const book = (body: object, app = t.app) => request(app).post('/api/reservations').set('X-Forwarded-For', nextIp()).send(body)
const slotsOn = async (date: string) => (await request(t.app).get(`/api/availability/slots/${date}`).expect(200)).body as { date: string; startTime: string; lastOrders?: string }[]
const stored = async (email: string) => t.db.select().from(reservations).where(eq(reservations.email, email))
const putDay = async (day: number, body: Record<string, unknown>, status: number) =>
  staff.put(`/api/admin/opening-hours/${day}`).send({ ...body, version: await dayVersion(t.db, day) }).expect(status)

describe('the rules (common/last-orders.ts, common/availability.ts)', () => {
  it('says the messages word for word', () => {
    expect(LAST_ORDERS_MESSAGES.refused('9:00 PM')).toBe(NINE_PM)
    expect(LAST_ORDERS_MESSAGES.drinksOnly('9:00 PM')).toBe("The kitchen's last orders are at 9:00 PM, so this time is for drinks")
    expect(LAST_ORDERS_MESSAGES.staffWarning('9:00 PM')).toBe("The kitchen's last orders are at 9:00 PM: food at this time needs the kitchen's agreement")
    expect(LAST_ORDERS_MESSAGES.withinHours('16:00', '23:30')).toBe("Last orders must be within the day's hours, from 16:00 to 23:30")
    expect(LAST_ORDERS_MESSAGES.interval).toBe('Last orders must be on 30-minute intervals (e.g., 20:30, 21:00)')
  })

  it('takes a date exception’s own last orders, else its weekday’s, else none', () => {
    const weekly = [{ dayOfWeek: 5, openTime: '16:00', closeTime: '23:30', isClosed: false, lastOrdersTime: '21:00' }]
    expect(lastOrdersFor(FRIDAY, weekly, [])).toBe('21:00')
    expect(lastOrdersFor(FRIDAY, weekly, [{ date: FRIDAY, openTime: '12:00', closeTime: '20:00', isClosed: false, lastOrdersTime: '17:00' }])).toBe('17:00')
    expect(lastOrdersFor(FRIDAY, weekly, [{ date: FRIDAY, openTime: '12:00', closeTime: '20:00', isClosed: false, lastOrdersTime: null }])).toBe('21:00')
    expect(lastOrdersFor(FRIDAY, [{ ...weekly[0]!, lastOrdersTime: null }], [])).toBeNull()
    expect(isDrinksOnlyTime('20:30', '21:00')).toBe(false)
    expect(isDrinksOnlyTime('21:00', '21:00')).toBe(true)
    expect(isDrinksOnlyTime('23:00', null)).toBe(false)
    expect(lastOrdersProblem({ isClosed: false, openTime: '16:00', closeTime: '23:30', lastOrdersTime: '15:30' })).toBe(LAST_ORDERS_MESSAGES.withinHours('16:00', '23:30'))
    expect(lastOrdersProblem({ isClosed: false, openTime: '16:00', closeTime: '23:30', lastOrdersTime: '23:30' })).toBeUndefined()
    expect(lastOrdersProblem({ isClosed: true, openTime: null, closeTime: null, lastOrdersTime: '21:00' })).toBeUndefined()
  })
})

describe('the seeded kitchen hours', () => {
  it('are 9 pm daily and 6 pm on Sunday, in the Hours panel', async () => {
    const res = await staff.get('/api/admin/opening-hours').expect(200)
    expect(res.body.map((d: { lastOrdersTime: string | null }) => d.lastOrdersTime)).toEqual(['18:00', '21:00', '21:00', '21:00', '21:00', '21:00', '21:00'])
    // The public opening hours keep SPEC.md's shape.
    const pub = await request(t.app).get('/api/opening-hours').expect(200)
    expect(Object.keys(pub.body[0]).sort()).toEqual(['closeTime', 'dayOfWeek', 'id', 'isClosed', 'openTime'])
  })
})

describe('a public booking and the kitchen', () => {
  it('19:00 on a Friday: food is offered and booked', async () => {
    const slot = (await slotsOn(FRIDAY)).find((s) => s.startTime === '19:00')
    expect(slot).toEqual({ date: FRIDAY, startTime: '19:00' })
    const body = guest({ date: FRIDAY, startTime: '19:00', foodDrinks: 'food_and_drinks' })
    const res = await book(body).expect(201)
    expect(res.body).toMatchObject({ startTime: '19:00', foodDrinks: 'food_and_drinks', status: 'confirmed' })
  })

  it('21:30 on a Friday: Food & Drinks is refused with the last orders, nothing stored; Drinks Only is booked', async () => {
    expect((await slotsOn(FRIDAY)).find((s) => s.startTime === '21:30')).toEqual({ date: FRIDAY, startTime: '21:30', lastOrders: '21:00' })
    const food = guest({ date: FRIDAY, startTime: '21:30', foodDrinks: 'food_and_drinks' })
    const refused = await book(food).expect(400)
    expect(refused.body.message).toBe(NINE_PM)
    expect(refused.body.errors).toEqual({ foodDrinks: NINE_PM })
    expect(await stored(food.email)).toEqual([])
    // At last orders exactly, too.
    expect((await book(guest({ date: FRIDAY, startTime: '21:00', foodDrinks: 'food_and_drinks' })).expect(400)).body.message).toBe(NINE_PM)
    // A booking with no preference is for food and drinks (SPEC.md's default), so it is refused the same way.
    const { foodDrinks: _, ...unsaid } = food
    expect((await book(unsaid).expect(400)).body.message).toBe(NINE_PM)

    const drinks = { ...food, foodDrinks: 'drinks_only' }
    const res = await book(drinks).expect(201)
    expect(res.body).toMatchObject({ startTime: '21:30', foodDrinks: 'drinks_only' })
    expect(await stored(food.email)).toHaveLength(1)
  })

  it('Sunday 18:30 is for drinks only: Sunday’s 6 pm', async () => {
    const slots = await slotsOn(SUNDAY)
    expect(slots.find((s) => s.startTime === '17:30')).toEqual({ date: SUNDAY, startTime: '17:30' })
    expect(slots.find((s) => s.startTime === '18:30')).toEqual({ date: SUNDAY, startTime: '18:30', lastOrders: '18:00' })
    const food = guest({ date: SUNDAY, startTime: '18:30', foodDrinks: 'food_and_drinks' })
    expect((await book(food).expect(400)).body.message).toBe("The kitchen's last orders are at 6:00 PM: for a later time choose Drinks Only")
    await book({ ...food, foodDrinks: 'drinks_only' }).expect(201)
    await book(guest({ date: SUNDAY, startTime: '17:30', foodDrinks: 'food_and_drinks' })).expect(201)
  })
})

describe('last orders in the Hours panel (PUT /api/admin/opening-hours/{dayOfWeek})', () => {
  it('a changed last orders takes effect at once, with its audit row and a new version', async () => {
    const before = await dayVersion(t.db, 5)
    const res = await putDay(5, { lastOrdersTime: '22:00' }, 200)
    expect(res.body).toMatchObject({ dayOfWeek: 5, lastOrdersTime: '22:00', openTime: '16:00', closeTime: '23:30', version: before + 1 })
    const audit = await t.db.$client.query<{ summary: string }>("select summary from audit_log where entity_type = 'opening_hours' order by id desc limit 1")
    expect(audit.rows[0]!.summary).toBe("set Friday's last orders to 22:00")
    expect((await slotsOn(FRIDAY)).find((s) => s.startTime === '21:30')).toEqual({ date: FRIDAY, startTime: '21:30' })
    await book(guest({ date: FRIDAY, startTime: '21:30', foodDrinks: 'food_and_drinks' })).expect(201)
    const late = await book(guest({ date: FRIDAY, startTime: '22:00', foodDrinks: 'food_and_drinks' })).expect(400)
    expect(late.body.message).toBe("The kitchen's last orders are at 10:00 PM: for a later time choose Drinks Only")

    // Food until close: no time is drinks only.
    await putDay(5, { lastOrdersTime: null }, 200)
    expect((await slotsOn(FRIDAY)).some((s) => s.lastOrders)).toBe(false)
    await book(guest({ date: FRIDAY, startTime: '23:00', foodDrinks: 'food_and_drinks' })).expect(201)
    await putDay(5, { lastOrdersTime: '21:00' }, 200)
  })

  it('refuses a time outside the day or malformed, 400, changing nothing', async () => {
    const [row] = await t.db.select().from(openingHours).where(eq(openingHours.dayOfWeek, 5))
    const cases: [unknown, string][] = [
      ['15:30', LAST_ORDERS_MESSAGES.withinHours('16:00', '23:30')],
      ['23:45', LAST_ORDERS_MESSAGES.interval],
      ['21:15', LAST_ORDERS_MESSAGES.interval],
      ['9pm', LAST_ORDERS_MESSAGES.interval],
      ['', LAST_ORDERS_MESSAGES.interval],
    ]
    for (const [value, message] of cases) {
      const res = await putDay(5, { lastOrdersTime: value }, 400)
      expect(res.body.message).toBe(message)
    }
    await putDay(5, { lastOrdersTime: 2100 }, 400)
    await putDay(5, { lastOrdersTime: '21:00', closeTime: '23:00' }, 400)
    // A change of hours that would leave last orders outside them is refused too, naming last orders.
    const shorter = await putDay(5, { closeTime: '20:00' }, 400)
    expect(shorter.body.message).toBe(LAST_ORDERS_MESSAGES.withinHours('16:00', '20:00'))
    expect(shorter.body.errors).toEqual({ lastOrdersTime: LAST_ORDERS_MESSAGES.withinHours('16:00', '20:00') })
    const [after] = await t.db.select().from(openingHours).where(eq(openingHours.dayOfWeek, 5))
    expect(after).toEqual(row)
  })

  it("gives a day's first row the kitchen's usual last orders when its hours take them", async () => {
    await t.db.delete(openingHours).where(eq(openingHours.dayOfWeek, 2))
    const opened = await putDay(2, { isClosed: false }, 200) // 12:00 to 22:00 to start from
    expect(opened.body).toMatchObject({ dayOfWeek: 2, openTime: '12:00', closeTime: '22:00', lastOrdersTime: '21:00' })
    await putDay(2, { isClosed: true }, 200)
  })

  it('refuses a stale version (409 with the day as it is now)', async () => {
    const version = await dayVersion(t.db, 6)
    await staff.put('/api/admin/opening-hours/6').send({ lastOrdersTime: '20:00', version }).expect(200)
    const stale = await staff.put('/api/admin/opening-hours/6').send({ lastOrdersTime: '20:30', version }).expect(409)
    expect(stale.body.current).toMatchObject({ dayOfWeek: 6, lastOrdersTime: '20:00' })
    await putDay(6, { lastOrdersTime: '21:00' }, 200)
  })
})

describe("an hour exception's own last orders", () => {
  const DATE = '2026-12-18' // a Friday
  it('applies its own, validated within its hours; without one, the weekday’s', async () => {
    const bad = await staff
      .post('/api/admin/hour-exceptions')
      .send({ date: DATE, isClosed: false, openTime: '12:00', closeTime: '18:00', lastOrdersTime: '19:00', reason: 'Staff party' })
      .expect(400)
    expect(bad.body.message).toBe(LAST_ORDERS_MESSAGES.withinHours('12:00', '18:00'))
    expect((await staff.get('/api/admin/hour-exceptions').expect(200)).body.filter((e: { date: string }) => e.date === DATE)).toEqual([])

    const made = await staff
      .post('/api/admin/hour-exceptions')
      .send({ date: DATE, isClosed: false, openTime: '12:00', closeTime: '18:00', lastOrdersTime: '15:00', reason: 'Staff party' })
      .expect(201)
    expect(made.body).toMatchObject({ lastOrdersTime: '15:00' })
    expect((await slotsOn(DATE)).find((s) => s.startTime === '15:00')).toEqual({ date: DATE, startTime: '15:00', lastOrders: '15:00' })
    expect((await book(guest({ date: DATE, startTime: '15:30', foodDrinks: 'food_and_drinks' })).expect(400)).body.message).toBe(
      "The kitchen's last orders are at 3:00 PM: for a later time choose Drinks Only",
    )
    await book(guest({ date: DATE, startTime: '14:30', foodDrinks: 'food_and_drinks' })).expect(201)

    // Blank: the weekday's (Friday 21:00), which the date's hours never reach.
    await staff
      .put(`/api/admin/hour-exceptions/${made.body.id}`)
      .send({ date: DATE, isClosed: false, openTime: '12:00', closeTime: '22:00', lastOrdersTime: '', reason: 'Staff party', version: made.body.version })
      .expect(200)
    const slots = await slotsOn(DATE)
    expect(slots.find((s) => s.startTime === '20:30')).toEqual({ date: DATE, startTime: '20:30' })
    expect(slots.find((s) => s.startTime === '21:00')).toEqual({ date: DATE, startTime: '21:00', lastOrders: '21:00' })
  })
})

describe('a venue that books tables', () => {
  let tables: TestApp
  beforeAll(async () => {
    tables = await createTestApp({ now: '2026-11-21T12:00:00Z', demoPlan: true, env: ENV })
  })

  it('refuses Food & Drinks at 21:30 on a Friday and seats Drinks Only', async () => {
    const food = guest({ date: FRIDAY, startTime: '21:30', foodDrinks: 'food_and_drinks' })
    expect((await book(food, tables.app).expect(400)).body.message).toBe(NINE_PM)
    await book({ ...food, foodDrinks: 'drinks_only' }, tables.app).expect(201)
    await book(guest({ date: FRIDAY, startTime: '19:00', foodDrinks: 'food_and_drinks' }), tables.app).expect(201)
  })
})
