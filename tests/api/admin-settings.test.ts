/** Website Settings: staff read every setting and save one at a time; unknown keys and bad values are refused with 400 and change nothing. */
import request from 'supertest'
import { beforeAll, describe, expect, it } from 'vitest'
import type { SiteSettingRow } from '#common/settings-schema'
import { createTestApp, signedInAgent, type TestApp } from '../helpers/app'

let t: TestApp
let staff: Awaited<ReturnType<typeof signedInAgent>>
beforeAll(async () => {
  t = await createTestApp({ now: '2026-11-21T12:00:00Z' })
  staff = await signedInAgent(t)
})

const all = async () => (await staff.get('/api/admin/site-settings').expect(200)).body as SiteSettingRow[]
const valueOf = async (key: string) => (await all()).find((s) => s.settingKey === key)?.settingValue
const put = (key: string, body: object) => staff.put(`/api/admin/site-settings/${key}`).send(body)

describe('GET /api/admin/site-settings', () => {
  it('is for staff only', async () => {
    await request(t.app).get('/api/admin/site-settings').expect(401)
    await request(t.app).put('/api/admin/site-settings/footer_kitchen_hours').set('Sec-Fetch-Site', 'same-origin').send({ value: 'x' }).expect(401)
  })

  it('gives every setting Settings edits, with its value (the default when never saved) and what it is for', async () => {
    const rows = await all()
    const keys = rows.map((r) => r.settingKey)
    for (const key of ['footer_kitchen_hours', 'footer_opening_hours', 'venue_name', 'venue_phone', 'venue_maps_url', 'booking_capacity_covers', 'booking_auto_confirm_max_party', 'venue_notification_email']) {
      expect(keys).toContain(key)
    }
    expect(rows.find((r) => r.settingKey === 'booking_capacity_covers')).toMatchObject({ settingValue: '60', description: 'Guests seated at once' })
    expect(rows.find((r) => r.settingKey === 'footer_opening_hours')!.settingValue).toContain('Monday & Tuesday\nClosed')
  })
})

describe('PUT /api/admin/site-settings/{key}', () => {
  it('saves the footer texts, and the public site reads them at once', async () => {
    const hours = 'Monday\nClosed\n\nTuesday - Sunday\n12:00pm – 11:00pm'
    const saved = await put('footer_opening_hours', { value: hours, description: 'Opening hours shown in the footer' }).expect(200)
    expect(saved.body).toMatchObject({ settingKey: 'footer_opening_hours', settingValue: hours, description: 'Opening hours shown in the footer' })
    expect(saved.body.updatedAt).toEqual(expect.any(String))
    expect((await request(t.app).get('/api/site-settings/footer_opening_hours').expect(200)).body.value).toBe(hours)
    await put('footer_kitchen_hours', { value: '  Kitchen open until 8pm  ' }).expect(200)
    expect((await request(t.app).get('/api/site-settings/footer_kitchen_hours').expect(200)).body.value).toBe('Kitchen open until 8pm')
  })

  it('saves booking numbers given as numbers or digits, and availability uses them', async () => {
    await put('booking_max_days_ahead', { value: 30 }).expect(200)
    expect(await valueOf('booking_max_days_ahead')).toBe('30')
    expect((await t.services.settings.booking()).maxDaysAhead).toBe(30)
    await put('booking_max_days_ahead', { value: '120' }).expect(200)
    expect((await t.services.settings.booking()).maxDaysAhead).toBe(120)
  })

  it('rejects an unknown key with 400, and stores nothing', async () => {
    const res = await put('not_a_setting', { value: 'x' }).expect(400)
    expect(res.body.message).toBe('Unknown setting: not_a_setting')
    await put('__proto__', { value: 'x' }).expect(400)
    await put('session_secret', { value: 'x' }).expect(400)
    expect((await all()).map((r) => r.settingKey)).not.toContain('not_a_setting')
  })

  it('rejects numbers out of range, not whole, or not numbers, saying the range', async () => {
    const cases: [string, unknown, string][] = [
      ['booking_capacity_covers', 0, 'Seats must be a whole number from 1 to 1000'],
      ['booking_capacity_covers', '1001', 'Seats must be a whole number from 1 to 1000'],
      ['booking_capacity_covers', 2.5, 'Seats must be a whole number from 1 to 1000'],
      ['booking_capacity_covers', 'sixty', 'Seats must be a whole number from 1 to 1000'],
      ['booking_auto_confirm_max_party', 21, 'Confirm at once up to must be a whole number from 0 to 20'],
      ['booking_duration_minutes', 100, 'Table time must be a multiple of 30 minutes'],
      ['booking_max_covers_per_slot', -1, 'Arrivals per half hour must be a whole number from 0 to 1000'],
    ]
    for (const [key, value, message] of cases) {
      const res = await put(key, { value }).expect(400)
      expect(res.body.message, `${key}=${String(value)}`).toBe(message)
    }
    expect(await valueOf('booking_capacity_covers')).toBe('60')
  })

  it('rejects bad venue details and blank texts', async () => {
    expect((await put('venue_email', { value: 'not-an-email' }).expect(400)).body.message).toBe('Email address must be a valid email address')
    expect((await put('venue_phone', { value: 'call us' }).expect(400)).body.message).toBe('Main phone number must be a phone number, such as 01279 555 014')
    expect((await put('venue_maps_url', { value: 'javascript:alert(1)' }).expect(400)).body.message).toBe('Map link must be a web address starting with https://')
    expect((await put('footer_kitchen_hours', { value: '   ' }).expect(400)).body.message).toBe('Kitchen hours text is required')
    expect((await put('venue_name', { value: 'Bad\u0000Name' }).expect(400)).body.message).toBe('Venue name contains characters that are not allowed')
    await put('venue_name', {}).expect(400)
    await put('venue_name', { value: ['x'] }).expect(400)
    await put('venue_name', { value: 'x'.repeat(101) }).expect(400)
    expect(await valueOf('venue_name')).toBe('The Wheatsheaf Inn')
  })

  it('saves venue details and an empty alerts address', async () => {
    await put('venue_phone', { value: '01279 555 999' }).expect(200)
    expect((await request(t.app).get('/api/site-settings/venue_phone').expect(200)).body.value).toBe('01279 555 999')
    await put('venue_notification_email', { value: '' }).expect(200)
    await put('venue_notification_email', { value: 'bar@wheatsheaf.test' }).expect(200)
    expect(await valueOf('venue_notification_email')).toBe('bar@wheatsheaf.test')
  })
})
