import { sql } from 'drizzle-orm'
import {
  BOOKING_SETTING_DEFAULTS,
  FOOTER_SETTING_DEFAULTS,
  GUEST_EMAIL_SETTING_DEFAULTS,
  VENUE_SETTING_DEFAULTS,
  isPublicSettingKey,
} from '#common/settings'
import { SETTING_DEFAULTS, SETTING_KEYS, isSettingKey, parseSettingValue, settingDescription, type SiteSettingRow } from '#common/settings-schema'
import { SITE_ADDRESS_MESSAGES, siteAddressProblem, type SiteAddressStatus } from '#common/site-address'
import { isValidTime } from '#common/time'
import { createTtlCache } from '../cache'
import type { Db } from '../db/client'
import { siteSettings } from '../db/schema'
import { ValidationError } from '../domain-errors'

const DEFAULTS: Record<string, string> = {
  ...VENUE_SETTING_DEFAULTS,
  ...FOOTER_SETTING_DEFAULTS,
  ...BOOKING_SETTING_DEFAULTS,
  ...GUEST_EMAIL_SETTING_DEFAULTS,
}

export type VenueDetails = { [K in keyof typeof VENUE_SETTING_DEFAULTS]: string }
export type BookingSettings = {
  capacityCovers: number
  durationMinutes: number
  maxCoversPerSlot: number
  autoConfirmMaxParty: number
  minNoticeMinutes: number
  maxDaysAhead: number
}

export type GuestEmailSettings = {
  /** Hours before a confirmed visit that the reminder goes; 0: none. */
  reminderHoursBefore: number
  /** 'HH:MM', venue time, the morning after the visit. */
  reviewSendTime: string
  /** Where the review request sends guests; empty: none are sent. */
  reviewUrl: string
}

const toInt = (value: string | undefined, fallback: string) => {
  const n = Number.parseInt(value ?? fallback, 10)
  return Number.isFinite(n) && n >= 0 ? n : Number(fallback)
}

/**
 * How long a read of the settings table is reused. Every page and every
 * availability check reads settings; a change made through this service is
 * seen at once here, and by other app instances within this time.
 */
const SNAPSHOT_TTL_MS = 2000

/**
 * Site settings (key/value rows), with the defaults of common/settings when a
 * key is missing. `publicUrl` (PUBLIC_URL) wins over the stored Site address.
 */
export function createSettingsService(
  db: Db,
  now: () => number = Date.now,
  { onChange = () => {}, publicUrl }: { onChange?: () => void; publicUrl?: string } = {},
) {
  const snapshot = createTtlCache<'rows', Map<string, string>>({ ttlMs: SNAPSHOT_TTL_MS, now })

  /** All rows (a few dozen), read once per SNAPSHOT_TTL_MS and shared by concurrent callers. */
  function rows(): Promise<Map<string, string>> {
    return snapshot.get('rows', () =>
      db
        .select({ key: siteSettings.settingKey, value: siteSettings.settingValue })
        .from(siteSettings)
        .then((all) => new Map(all.map((r) => [r.key, r.value]))),
    )
  }

  async function getMany(keys: string[]): Promise<Record<string, string>> {
    const stored = keys.length ? await rows() : new Map<string, string>()
    const values: Record<string, string> = {}
    for (const key of keys) {
      const value = key === 'site_url' && publicUrl ? publicUrl : (stored.get(key) ?? DEFAULTS[key])
      if (value !== undefined) values[key] = value
    }
    return values
  }

  return {
    getMany,

    async get(key: string): Promise<string | undefined> {
      return (await getMany([key]))[key]
    },

    /** A public key's value for `GET /api/site-settings/{key}`; undefined for anything else. */
    async getPublic(key: string): Promise<string | undefined> {
      if (!isPublicSettingKey(key)) return undefined
      return (await getMany([key]))[key]
    },

    async venue(): Promise<VenueDetails> {
      return (await getMany(Object.keys(VENUE_SETTING_DEFAULTS))) as VenueDetails
    },

    /** The reminder before a visit and the review request after it (0 hours, or an empty link, turns each off). */
    async guestEmails(): Promise<GuestEmailSettings> {
      const v = await getMany(Object.keys(GUEST_EMAIL_SETTING_DEFAULTS))
      const d = GUEST_EMAIL_SETTING_DEFAULTS
      const time = v.review_request_send_time ?? ''
      return {
        reminderHoursBefore: toInt(v.booking_reminder_hours_before, d.booking_reminder_hours_before),
        reviewSendTime: isValidTime(time) ? time : d.review_request_send_time,
        reviewUrl: (v.review_request_url ?? '').trim(),
      }
    },

    async booking(): Promise<BookingSettings> {
      const v = await getMany(Object.keys(BOOKING_SETTING_DEFAULTS))
      const d = BOOKING_SETTING_DEFAULTS
      return {
        capacityCovers: toInt(v.booking_capacity_covers, d.booking_capacity_covers),
        durationMinutes: toInt(v.booking_duration_minutes, d.booking_duration_minutes),
        maxCoversPerSlot: toInt(v.booking_max_covers_per_slot, d.booking_max_covers_per_slot),
        autoConfirmMaxParty: toInt(v.booking_auto_confirm_max_party, d.booking_auto_confirm_max_party),
        minNoticeMinutes: toInt(v.booking_min_notice_minutes, d.booking_min_notice_minutes),
        maxDaysAhead: toInt(v.booking_max_days_ahead, d.booking_max_days_ahead),
      }
    },

    /** Whether the site address needs staff's attention, as seen from a request that reached `requestHost`. */
    async siteAddress(requestHost?: string): Promise<SiteAddressStatus> {
      const siteUrl = (await getMany(['site_url'])).site_url ?? ''
      const problem = siteAddressProblem(siteUrl, requestHost)
      return { siteUrl, fromEnv: Boolean(publicUrl), problem, servedFrom: problem === 'mismatch' ? (requestHost ?? null) : null }
    },

    async list() {
      return db.select().from(siteSettings).orderBy(siteSettings.settingKey)
    },

    /** Every key Settings edits, in the order of SETTING_KEYS: the stored value, else the default. */
    async adminList(): Promise<SiteSettingRow[]> {
      const stored = new Map((await db.select().from(siteSettings)).map((r) => [r.settingKey, r]))
      return SETTING_KEYS.map((key) => {
        const row = stored.get(key)
        if (key === 'site_url' && publicUrl) return { settingKey: key, settingValue: publicUrl, description: settingDescription(key), updatedAt: null, fromEnv: true }
        return {
          settingKey: key,
          settingValue: row?.settingValue ?? SETTING_DEFAULTS[key],
          description: row?.description || settingDescription(key),
          updatedAt: row ? row.updatedAt.toISOString() : null,
        }
      })
    },

    /** Saves a known key's value, checked against its rule; an unknown key or a bad value is a 400. */
    async save(key: string, value: string | number, description?: string | null): Promise<SiteSettingRow> {
      if (!isSettingKey(key)) throw new ValidationError(`Unknown setting: ${key.slice(0, 60)}`)
      if (key === 'site_url' && publicUrl) throw new ValidationError(SITE_ADDRESS_MESSAGES.savedOverEnv, { value: SITE_ADDRESS_MESSAGES.savedOverEnv })
      const parsed = parseSettingValue(key, value)
      if (!parsed.ok) throw new ValidationError(parsed.message, { value: parsed.message })
      const row = await this.set(key, parsed.value, description ?? settingDescription(key))
      return { settingKey: key, settingValue: row.settingValue, description: row.description ?? '', updatedAt: row.updatedAt.toISOString() }
    },

    async set(key: string, value: string, description?: string | null) {
      snapshot.clear()
      const [row] = await db
        .insert(siteSettings)
        .values({ settingKey: key, settingValue: value, description: description ?? null })
        .onConflictDoUpdate({
          target: siteSettings.settingKey,
          set: {
            settingValue: value,
            ...(description !== undefined ? { description } : {}),
            updatedAt: sql`now()`,
          },
        })
        .returning()
      snapshot.clear()
      onChange()
      return row!
    },
  }
}
export type SettingsService = ReturnType<typeof createSettingsService>
