import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { siteSettings } from '../../server/db/schema'
import { createSettingsService } from '../../server/settings/settings-service'
import { createTestApp, type TestApp } from '../helpers/app'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})

describe('site settings', () => {
  it('fall back to the defaults for keys never stored', async () => {
    await t.db.delete(siteSettings).where(eq(siteSettings.settingKey, 'booking_capacity_covers'))
    const settings = createSettingsService(t.db)
    expect((await settings.booking()).capacityCovers).toBe(60)
  })

  it('see a change made through the service at once', async () => {
    const settings = createSettingsService(t.db)
    expect((await settings.booking()).durationMinutes).toBe(120)
    await settings.set('booking_duration_minutes', '90')
    expect((await settings.booking()).durationMinutes).toBe(90)
  })

  it('see a change made by another instance within two seconds', async () => {
    let now = 0
    const mine = createSettingsService(t.db, () => now)
    const other = createSettingsService(t.db)
    expect(await mine.get('venue_phone')).toBe('01279 555 014')
    await other.set('venue_phone', '01279 000 000')
    now = 1999
    expect(await mine.get('venue_phone')).toBe('01279 555 014')
    now = 2000
    expect(await mine.get('venue_phone')).toBe('01279 000 000')
  })
})
