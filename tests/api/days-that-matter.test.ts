/**
 * The days that matter (issue 36): England and Wales bank holidays from the
 * date-holidays library, the festive days flagged whatever their weekday,
 * the hours that would apply to each, and the back-office banner's days
 * still on ordinary hours, under the test clock (X-Test-Now).
 */
import request from 'supertest'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import type { AdminNotices } from '#common/admin-notices'
import type { DayThatMatters } from '#common/days-that-matter'
import { bankHolidaysBetween } from '../../server/hours/days-that-matter'
import { createTestApp, signedInAgent, signedInAs, type TestApp } from '../helpers/app'

let t: TestApp
let owner: Awaited<ReturnType<typeof signedInAgent>>
beforeAll(async () => {
  t = await createTestApp({ now: '2026-11-21T12:00:00Z', env: { TEST_CLOCK_HEADER: 'true' } })
  owner = await signedInAgent(t)
})

const days = async (query: string) => (await owner.get(`/api/admin/hours/days-that-matter?${query}`).expect(200)).body as DayThatMatters[]
const notices = async (at: string) => (await owner.get('/api/admin/notices').set('X-Test-Now', at).expect(200)).body as AdminNotices
const on = (list: DayThatMatters[], date: string) => list.find((d) => d.date === date)

describe('bank holidays of England and Wales, from the library', () => {
  it('lists 2027 with Easter Monday (29 March) and the late May bank holiday (31 May)', async () => {
    const list = await bankHolidaysBetween('2027-01-01', '2028-01-01')
    expect(list).toContainEqual({ date: '2027-03-29', name: 'Easter Monday' })
    expect(list).toContainEqual({ date: '2027-05-31', name: 'Spring bank holiday' })
    // The whole year as GOV.UK publishes it (Christmas on a Saturday: the 27th and 28th are the substitute days).
    expect(list.map((d) => d.date)).toEqual([
      '2027-01-01',
      '2027-03-26',
      '2027-03-29',
      '2027-05-03',
      '2027-05-31',
      '2027-08-30',
      '2027-12-25',
      '2027-12-26',
      '2027-12-27',
      '2027-12-28',
    ])
    // Observances (Mother's Day, Easter Sunday) are not bank holidays.
    expect(list.map((d) => d.name)).not.toContain('Easter Sunday')
  })

  it('loads the library once: ten years never asked for before take less time together than the first load', async () => {
    // A fresh copy of the module, whose worker has not started yet.
    vi.resetModules()
    const fresh = await import('../../server/hours/days-that-matter')
    let started = performance.now()
    expect(await fresh.bankHolidaysBetween('2030-01-01', '2031-01-01')).toContainEqual({ date: '2030-04-22', name: 'Easter Monday' })
    const firstLoadMs = performance.now() - started
    started = performance.now()
    for (let year = 2031; year <= 2040; year++) {
      expect(await fresh.bankHolidaysBetween(`${year}-01-01`, `${year + 1}-01-01`)).toContainEqual(expect.objectContaining({ name: 'Christmas Day' }))
    }
    // A worker per question (as before) loaded the library for each year: ten loads, against one here.
    expect(performance.now() - started).toBeLessThan(firstLoadMs)
  })
})

describe('GET /api/admin/hours/days-that-matter', () => {
  it('flags Christmas Eve, Christmas Day, Boxing Day and New Year\'s Eve, bank holiday or not', async () => {
    const list = await days('from=2027-01-01&months=12')
    expect(on(list, '2027-12-24')).toMatchObject({ name: 'Christmas Eve', bankHoliday: false, festive: true })
    expect(on(list, '2027-12-25')).toMatchObject({ name: 'Christmas Day', bankHoliday: true, festive: true })
    expect(on(list, '2027-12-26')).toMatchObject({ name: 'Boxing Day', bankHoliday: true, festive: true })
    expect(on(list, '2027-12-27')).toMatchObject({ name: 'Christmas Day (substitute day)', bankHoliday: true, festive: false })
    expect(on(list, '2027-12-31')).toMatchObject({ name: "New Year's Eve", bankHoliday: false, festive: true })
    expect(on(list, '2027-03-29')).toMatchObject({ name: 'Easter Monday', bankHoliday: true, festive: false })
    // By date, once each, and only within the twelve months asked for.
    expect(list.map((d) => d.date)).toEqual([...new Set(list.map((d) => d.date))].sort())
    expect(list.every((d) => d.date >= '2027-01-01' && d.date < '2028-01-01')).toBe(true)
    expect(list).toHaveLength(12)
  })

  it('gives each day the hours that would apply: its weekday\'s usual row, or the exception staff set', async () => {
    // Seeded: Fridays 16:00 to 23:30, Mondays closed. Christmas Eve 2027 is a Friday, Easter Monday a Monday.
    let list = await days('from=2027-01-01&months=12')
    expect(on(list, '2027-12-24')).toMatchObject({ hours: { isClosed: false, openTime: '16:00', closeTime: '23:30' }, exception: null })
    expect(on(list, '2027-03-29')!.hours.isClosed).toBe(true)
    const made = await owner
      .post('/api/admin/hour-exceptions')
      .send({ date: '2027-12-24', isClosed: false, openTime: '12:00', closeTime: '17:00', reason: 'Christmas Eve lunch' })
      .expect(201)
    list = await days('from=2027-01-01&months=12')
    expect(on(list, '2027-12-24')).toMatchObject({
      hours: { isClosed: false, openTime: '12:00', closeTime: '17:00' },
      exception: { id: made.body.id, reason: 'Christmas Eve lunch' },
    })
    await owner.delete(`/api/admin/hour-exceptions/${made.body.id}`).expect(204)
  })

  it('starts at the venue\'s today and runs twelve months by default', async () => {
    const res = await owner.get('/api/admin/hours/days-that-matter').set('X-Test-Now', '2027-12-20T12:00:00Z').expect(200)
    const list = res.body as DayThatMatters[]
    expect(list[0]!.date).toBe('2027-12-24')
    expect(list.at(-1)!.date < '2028-12-20').toBe(true)
    expect(list.map((d) => d.name)).toContain('Easter Monday')
  })

  it('refuses a bad date or number of months with a clear 400', async () => {
    for (const [query, message] of [
      ['from=2027-02-30', 'Date must be a real date'],
      ['from=tomorrow', 'Date must be a real date'],
      ['months=0', 'Months must be a whole number from 1 to 24'],
      ['months=25', 'Months must be a whole number from 1 to 24'],
      ['months=six', 'Months must be a whole number from 1 to 24'],
    ]) {
      const res = await owner.get(`/api/admin/hours/days-that-matter?${query}`).expect(400)
      expect(res.body.message).toBe(message)
    }
  })

  it('is for signed-in staff, whatever their role', async () => {
    await request(t.app).get('/api/admin/hours/days-that-matter').expect(401)
    await request(t.app).get('/api/admin/notices').expect(401)
    const staff = await signedInAs(t, 'staff')
    await staff.get('/api/admin/hours/days-that-matter?from=2027-01-01').expect(200)
    await staff.get('/api/admin/notices').expect(200)
  })
})

describe('the banner: days of the next 60 days still on ordinary hours', () => {
  it('names none when the next such day is more than 60 days away', async () => {
    // 1 October 2027: Christmas Eve is 84 days away.
    expect((await notices('2027-10-01T09:00:00Z')).daysOnOrdinaryHours).toEqual([])
  })

  it('names each one within 60 days, soonest first, until staff set its hours', async () => {
    // 1 November 2027: 60 days take it to 31 December.
    let list = (await notices('2027-11-01T09:00:00Z')).daysOnOrdinaryHours
    expect(list.map((d) => d.date)).toEqual(['2027-12-24', '2027-12-25', '2027-12-26', '2027-12-27', '2027-12-28', '2027-12-31'])
    // 2 November: New Year's Day 2028 comes into the window.
    expect((await notices('2027-11-02T09:00:00Z')).daysOnOrdinaryHours.at(-1)!.date).toBe('2028-01-01')

    const closed = await owner.post('/api/admin/hour-exceptions').send({ date: '2027-12-25', isClosed: true, reason: 'Christmas Day' }).expect(201)
    list = (await notices('2027-11-01T09:00:00Z')).daysOnOrdinaryHours
    expect(list.map((d) => d.date)).not.toContain('2027-12-25')
    expect(list).toHaveLength(5)
    await owner.delete(`/api/admin/hour-exceptions/${closed.body.id}`).expect(204)
  })

  it('counts from the venue\'s today: a day is named on the day itself, not after', async () => {
    const christmasNight = await notices('2027-12-25T23:30:00Z')
    expect(christmasNight.today).toBe('2027-12-25')
    expect(christmasNight.daysOnOrdinaryHours[0]!.date).toBe('2027-12-25')
    const boxingDay = await notices('2027-12-26T00:30:00Z')
    expect(boxingDay.today).toBe('2027-12-26')
    expect(boxingDay.daysOnOrdinaryHours[0]!.date).toBe('2027-12-26')
  })
})
