/** Website Settings: staff read every setting and save one at a time; unknown keys and bad values are refused with 400 and change nothing. */
import request from 'supertest'
import { beforeAll, describe, expect, it } from 'vitest'
import type { SiteSettingRow } from '#common/settings-schema'
import { settingVersion } from '../helpers/versions'
import { createTestApp, signedInAgent, signedInAs, type TestApp } from '../helpers/app'

let t: TestApp
let staff: Awaited<ReturnType<typeof signedInAgent>>
beforeAll(async () => {
  t = await createTestApp({ now: '2026-11-21T12:00:00Z' })
  staff = await signedInAgent(t)
})

const all = async () => (await staff.get('/api/admin/site-settings').expect(200)).body as SiteSettingRow[]
const valueOf = async (key: string) => (await all()).find((s) => s.settingKey === key)?.settingValue
/** A save from a form that has just read the settings: it sends the key's version now (issue 33). */
const put = (key: string, body: object) => ({
  expect: async (status: number) => staff.put(`/api/admin/site-settings/${key}`).send({ version: await settingVersion(t.db, key), ...body }).expect(status),
})

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

describe('PUT /api/admin/site-settings: a card saved whole, and no lost updates (issue 33)', () => {
  const card = async (keys: string[]) => {
    const rows = await all()
    return keys.map((key) => rows.find((r) => r.settingKey === key)!)
  }
  const lastAudit = async () =>
    (await t.db.$client.query<{ username: string; entity_id: string | null; summary: string; before: unknown; after: unknown }>("select * from audit_log where entity_type = 'setting' order by id desc limit 1")).rows[0]

  it('saves every key of a card in one transaction with one audit row of the changed values', async () => {
    const [name, town] = await card(['venue_name', 'venue_town'])
    const count = async () => Number((await t.db.$client.query("select count(*) from audit_log where entity_type = 'setting'")).rows[0].count)
    const before = await count()
    const res = await staff
      .put('/api/admin/site-settings')
      .send({ changes: [{ key: 'venue_name', value: 'The Wheatsheaf', version: name!.version }, { key: 'venue_town', value: town!.settingValue, version: town!.version }] })
      .expect(200)
    expect(res.body.map((r: SiteSettingRow) => [r.settingKey, r.settingValue])).toEqual([['venue_name', 'The Wheatsheaf'], ['venue_town', town!.settingValue]])
    expect(await count()).toBe(before + 1)
    expect(await lastAudit()).toMatchObject({ username: 'staff', summary: 'changed the setting venue_name', before: { venue_name: 'The Wheatsheaf Inn' }, after: { venue_name: 'The Wheatsheaf' } })
  })

  it('refuses the whole card when one key was changed in between: 409, who, and the card as it is now; nothing of it saved', async () => {
    const sam = await signedInAs(t, 'manager', 'sam')
    const read = await card(['venue_phone', 'venue_email'])
    // sam saves the phone number from his own copy of the card.
    await sam.put('/api/admin/site-settings').send({ changes: [{ key: 'venue_phone', value: '01279 555 111', version: read[0]!.version }] }).expect(200)
    // The other member of staff saves the card as they read it, with a new email address.
    const res = await staff
      .put('/api/admin/site-settings')
      .send({ changes: [{ key: 'venue_phone', value: read[0]!.settingValue, version: read[0]!.version }, { key: 'venue_email', value: 'hello@wheatsheaf.test', version: read[1]!.version }] })
      .expect(409)
    expect(res.body.message).toMatch(/^This setting was changed by sam at \d\d:\d\d while you were editing\.$/)
    expect(res.body.current.map((r: SiteSettingRow) => [r.settingKey, r.settingValue])).toEqual([
      ['venue_phone', '01279 555 111'],
      ['venue_email', read[1]!.settingValue],
    ])
    // Neither key was written: sam's phone number stands, and the email address waits for the member of staff to choose.
    expect(await valueOf('venue_phone')).toBe('01279 555 111')
    expect(await valueOf('venue_email')).toBe(read[1]!.settingValue)
    expect(await lastAudit()).toMatchObject({ username: 'sam' })
  })

  it('a key still at its default is version 0: two first saves, the second refused', async () => {
    const [url] = await card(['review_request_url'])
    expect(url!.version).toBe(0)
    await staff.put('/api/admin/site-settings/review_request_url').send({ value: 'https://example.com/review', version: 0 }).expect(200)
    const res = await staff.put('/api/admin/site-settings/review_request_url').send({ value: 'https://example.com/other', version: 0 }).expect(409)
    expect(res.body.current).toEqual([expect.objectContaining({ settingKey: 'review_request_url', settingValue: 'https://example.com/review', version: 1 })])
  })

  it('refuses a card with an unknown key, a bad value or a key twice, and saves none of it', async () => {
    const [name] = await card(['venue_name'])
    const send = (changes: unknown) => staff.put('/api/admin/site-settings').send({ changes }).expect(400)
    await send([{ key: 'venue_name', value: 'Renamed', version: name!.version }, { key: 'not_a_setting', value: 'x', version: 0 }])
    await send([{ key: 'venue_name', value: 'Renamed', version: name!.version }, { key: 'venue_email', value: 'not-an-email', version: 1 }])
    await send([{ key: 'venue_name', value: 'Renamed', version: name!.version }, { key: 'venue_name', value: 'Again', version: name!.version }])
    await send([])
    await send('venue_name')
    expect(await valueOf('venue_name')).toBe(name!.settingValue)
  })
})
