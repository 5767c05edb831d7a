import { and, eq, inArray, sql } from 'drizzle-orm'
import {
  BOOKING_SETTING_DEFAULTS,
  FOOTER_SETTING_DEFAULTS,
  GUEST_EMAIL_SETTING_DEFAULTS,
  VENUE_SETTING_DEFAULTS,
  isPublicSettingKey,
} from '#common/settings'
import {
  SETTING_DEFAULTS,
  SETTING_KEYS,
  isSettingKey,
  parseSettingValue,
  settingDescription,
  type SettingKey,
  type SettingsSave,
  type SiteSettingRow,
} from '#common/settings-schema'
import { SITE_ADDRESS_MESSAGES, siteAddressProblem, type SiteAddressStatus } from '#common/site-address'
import { isValidTime } from '#common/time'
import { createTtlCache } from '../cache'
import { audit, changedFields, type Actor } from '../audit/audit'
import { staleVersion } from '../audit/versions'
import type { Db, DbOrTx } from '../db/client'
import { siteSettings, type SiteSetting } from '../db/schema'
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

/** A key as Settings shows it: the stored row, else the default (version 0: no row yet). */
const adminRow = (key: SettingKey, row: SiteSetting | undefined): SiteSettingRow => ({
  settingKey: key,
  settingValue: row?.settingValue ?? SETTING_DEFAULTS[key],
  description: row?.description || settingDescription(key),
  updatedAt: row ? row.updatedAt.toISOString() : null,
  version: row?.version ?? 0,
})

/** The keys' values as checked against their rules (stored text), or a 400 with the first problem. */
function checked(changes: SettingsSave['changes']) {
  return changes.map((c) => {
    if (!isSettingKey(c.key)) throw new ValidationError(`Unknown setting: ${c.key.slice(0, 60)}`)
    const parsed = parseSettingValue(c.key, c.value)
    if (!parsed.ok) throw new ValidationError(parsed.message, { [c.key]: parsed.message, value: parsed.message })
    return { key: c.key, value: parsed.value, description: c.description ?? settingDescription(c.key), version: c.version }
  })
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
  { onChange = () => {}, timeZone = 'Europe/London', publicUrl }: { onChange?: () => void; timeZone?: string; publicUrl?: string } = {},
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
      return SETTING_KEYS.map((key) =>
        key === 'site_url' && publicUrl ? { ...adminRow(key, stored.get(key)), settingValue: publicUrl, fromEnv: true } : adminRow(key, stored.get(key)),
      )
    },

    /** Saves a known key's value, checked against its rule, at the version staff read; an unknown key or a bad value is a 400. */
    async save(actor: Actor, key: string, value: string | number, version: number, description?: string | null): Promise<SiteSettingRow> {
      const [saved] = await this.saveMany(actor, { changes: [{ key, value, version, description }] })
      return saved!
    },

    /**
     * Saves a card of settings whole (decision 0020): every key is written at
     * the version staff read it at (0: still the default), in one transaction
     * with one audit row. One key changed by someone else in between refuses
     * the card with 409 and the card's keys as they are now; nothing is saved.
     */
    async saveMany(actor: Actor, { changes }: SettingsSave): Promise<SiteSettingRow[]> {
      if (publicUrl && changes.some((c) => c.key === 'site_url')) {
        throw new ValidationError(SITE_ADDRESS_MESSAGES.savedOverEnv, { site_url: SITE_ADDRESS_MESSAGES.savedOverEnv, value: SITE_ADDRESS_MESSAGES.savedOverEnv })
      }
      const wanted = checked(changes)
      const keys = wanted.map((c) => c.key)
      const read = async (tx: DbOrTx) => new Map((await tx.select().from(siteSettings).where(inArray(siteSettings.settingKey, keys))).map((r) => [r.settingKey, r]))
      const saved = await db.transaction(async (tx) => {
        const before = await read(tx)
        // The writes in a savepoint: when a key turns out stale, the others are undone before the card is read back for the 409.
        const stale: SettingKey[] = []
        const rows = await tx
          .transaction(async (sp) => {
            for (const c of wanted) {
              const [row] =
                c.version === 0
                  ? await sp
                      .insert(siteSettings)
                      .values({ settingKey: c.key, settingValue: c.value, description: c.description })
                      .onConflictDoNothing({ target: siteSettings.settingKey })
                      .returning()
                  : await sp
                      .update(siteSettings)
                      .set({ settingValue: c.value, description: c.description, updatedAt: sql`now()` })
                      .where(and(eq(siteSettings.settingKey, c.key), eq(siteSettings.version, c.version)))
                      .returning()
              if (!row) stale.push(c.key)
            }
            if (stale.length) sp.rollback()
            return read(sp)
          })
          .catch(async (error: unknown) => {
            if (!stale.length) throw error
            const now = await read(tx)
            throw await staleVersion(tx, { entityType: 'setting', entityId: stale[0]!, field: true, current: keys.map((k) => adminRow(k, now.get(k))), timeZone })
          })
        const values = (stored: Map<string, SiteSetting>) => Object.fromEntries(wanted.map((c) => [c.key, stored.get(c.key)?.settingValue ?? SETTING_DEFAULTS[c.key]]))
        const diff = changedFields(values(before), values(rows))
        const changed = Object.keys(diff.after ?? {})
        await audit(tx, actor, {
          action: 'update',
          entityType: 'setting',
          entityId: keys.length === 1 ? keys[0] : null,
          summary: changed.length === 0 ? `saved the setting${keys.length > 1 ? 's' : ''} ${keys.join(', ')} unchanged` : `changed the setting${changed.length > 1 ? 's' : ''} ${changed.join(', ')}`,
          ...diff,
        })
        return keys.map((k) => adminRow(k, rows.get(k)))
      })
      snapshot.clear()
      onChange()
      return saved
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
