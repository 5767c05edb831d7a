/**
 * What Settings may store (DESIGN.md sections 3 and 6): every known key with
 * its rule, a plain-words label and where it shows. A key not listed here is
 * refused; a value outside its rule is refused with the rule in words.
 */
import { z } from 'zod'
import { email, text, VersionSchema, wholeNumber } from './fields-schema'
import { CLOSED, parseHoursBlocks, type HoursLine } from './hours-display'
import { isValidTime } from './time'
import { BOOKING_SETTING_DEFAULTS, FOOTER_SETTING_DEFAULTS, GUEST_EMAIL_SETTING_DEFAULTS, SETTING_DESCRIPTIONS, VENUE_SETTING_DEFAULTS } from './settings'

/** A number setting: its range and what it means, said the way staff think of it. */
type NumberRule = { min: number; max: number; unit: string; label: string; help: string }

export const BOOKING_NUMBER_RULES = {
  booking_capacity_covers: { min: 1, max: 1000, unit: 'guests', label: 'Seats', help: 'How many guests can be seated at the same time. A booking that would take the pub over this number is not offered.' },
  booking_duration_minutes: { min: 30, max: 480, unit: 'minutes', label: 'Table time', help: 'How long each table is kept for a booking, in minutes (a multiple of 30: 120 is two hours).' },
  booking_max_covers_per_slot: { min: 0, max: 1000, unit: 'guests', label: 'Arrivals per half hour', help: 'The most guests whose bookings start in the same half hour, so the kitchen is not swamped. 0 means no limit.' },
  booking_auto_confirm_max_party: { min: 0, max: 20, unit: 'guests', label: 'Confirm at once up to', help: 'Parties up to this size are confirmed straight away; larger ones wait in Pending Reservations for you to confirm.' },
  booking_min_notice_minutes: { min: 0, max: 2880, unit: 'minutes', label: 'Notice needed', help: 'How long before a table a guest can still book online today, in minutes.' },
  booking_max_days_ahead: { min: 1, max: 730, unit: 'days', label: 'Book ahead up to', help: 'How many days ahead guests can book online.' },
} as const satisfies Record<string, NumberRule>
export type BookingNumberKey = keyof typeof BOOKING_NUMBER_RULES

const numberRule = (key: BookingNumberKey) => {
  const r = BOOKING_NUMBER_RULES[key]
  const message = `${r.label} must be a whole number from ${r.min} to ${r.max}`
  const n = wholeNumber({ min: r.min, max: r.max, message })
  return key === 'booking_duration_minutes' ? n.refine((v) => v % 30 === 0, `${r.label} must be a multiple of 30 minutes`) : n
}

const PHONE = /^\+?\d[0-9 ()-]{5,24}$/
const phone = (label: string) =>
  text({ max: 30, required: `${label} is required`, label }).refine((v) => PHONE.test(v), `${label} must be a phone number, such as 01279 555 014`)
const webAddress = (label: string) =>
  text({ max: 500, required: `${label} is required`, label }).refine((v) => /^https?:\/\/\S+$/i.test(v), `${label} must be a web address starting with https://`)

/** The most day-and-hours pairs the opening-hours display holds. */
export const MAX_HOURS_LINES = 14
/** The longest day ('Monday - Thursday') or hours ('12:00 - 23:00') of one line. */
export const HOURS_LINE_MAX_LENGTH = 60

/** The Settings panel's opening-hours editor: day and hours pairs, at least one, at most MAX_HOURS_LINES. */
export const HoursLinesSchema = z.object({
  lines: z
    .array(
      z.object({
        day: text({ max: HOURS_LINE_MAX_LENGTH, required: 'Day is required', label: 'Day' }),
        hours: text({ max: HOURS_LINE_MAX_LENGTH, required: 'Hours are required (write Closed for a closed day)', label: 'Hours' }),
      }),
    )
    .min(1, 'At least one day must remain')
    .max(MAX_HOURS_LINES, `At most ${MAX_HOURS_LINES} days`),
})
export type HoursLines = z.infer<typeof HoursLinesSchema>

/** Each known key's rule. The value is stored as text. */
export const SETTING_RULES = {
  venue_name: text({ max: 100, required: 'Venue name is required', label: 'Venue name' }),
  venue_town: text({ max: 100, required: 'Town is required', label: 'Town' }),
  venue_address: text({ max: 300, required: 'Address is required', label: 'Address' }),
  venue_phone: phone('Main phone number'),
  venue_phone_secondary: phone('Second phone number'),
  venue_christmas_phone: phone('Christmas phone number'),
  venue_email: email({ required: 'Email address is required', invalid: 'Email address must be a valid email address' }),
  venue_maps_url: webAddress('Map link'),
  site_url: webAddress('Site address'),
  footer_kitchen_hours: text({ max: 200, required: 'Kitchen hours text is required', label: 'Kitchen hours' }),
  footer_opening_hours: text({ max: 2000, multiline: true, required: 'Opening hours are required', label: 'Opening hours' }).refine(
    (v) => parseHoursBlocks(v).length <= MAX_HOURS_LINES,
    `Opening hours can have at most ${MAX_HOURS_LINES} days`,
  ),
  booking_capacity_covers: numberRule('booking_capacity_covers'),
  booking_duration_minutes: numberRule('booking_duration_minutes'),
  booking_max_covers_per_slot: numberRule('booking_max_covers_per_slot'),
  booking_auto_confirm_max_party: numberRule('booking_auto_confirm_max_party'),
  booking_min_notice_minutes: numberRule('booking_min_notice_minutes'),
  booking_max_days_ahead: numberRule('booking_max_days_ahead'),
  // Empty: staff alerts go to the venue's email address (venue_email).
  venue_notification_email: z.union([z.literal(''), email({ required: 'Email is required', invalid: 'Alerts email must be a valid email address' })], {
    error: 'Alerts email must be a valid email address, or empty',
  }),
  booking_reminder_hours_before: wholeNumber({ min: 0, max: 168, message: 'Reminder must be a whole number of hours from 0 to 168' }),
  review_request_send_time: text({ max: 5, required: 'Review request time is required', label: 'Review request time' }).refine(
    isValidTime,
    'Review request time must be a time of day such as 10:00',
  ),
  // Empty: no review requests are sent.
  review_request_url: z.union([z.literal(''), webAddress('Review link')], { error: 'Review link must be a web address starting with https://, or empty' }),
} satisfies Record<string, z.ZodType>

export type SettingKey = keyof typeof SETTING_RULES
export const SETTING_KEYS = Object.keys(SETTING_RULES) as SettingKey[]
export const isSettingKey = (key: string): key is SettingKey => Object.hasOwn(SETTING_RULES, key)

export const SETTING_DEFAULTS: Record<SettingKey, string> = {
  ...VENUE_SETTING_DEFAULTS,
  ...FOOTER_SETTING_DEFAULTS,
  ...BOOKING_SETTING_DEFAULTS,
  ...GUEST_EMAIL_SETTING_DEFAULTS,
}

/** PUT /api/admin/site-settings/{key}: the value (text, or a number for the booking numbers) and an optional description. */
export const SettingBodySchema = z.object({
  value: z.union([z.string(), z.number()], { error: 'value is required' }),
  description: text({ max: 300, label: 'Description' }).nullish(),
  /** The version of the key's row the form was read at (0: still the default, no row). */
  version: VersionSchema,
})

/**
 * PUT /api/admin/site-settings: a card of settings saved whole, in one
 * transaction, each key with the version it was read at; one stale key
 * refuses the whole card (409) and nothing is saved.
 */
export const SettingsSaveSchema = z.object(
  {
    changes: z
      .array(
        z.object({
          key: z.string({ error: 'key is required' }).max(100, 'Unknown setting'),
          value: z.union([z.string(), z.number()], { error: 'value is required' }),
          description: text({ max: 300, label: 'Description' }).nullish(),
          version: VersionSchema,
        }),
        { error: 'changes must be a list of settings' },
      )
      .min(1, 'Nothing to save: send at least one setting')
      .max(60, 'Too many settings in one save')
      .refine((changes) => new Set(changes.map((c) => c.key)).size === changes.length, 'Each setting may be saved once in a save'),
  },
  { error: 'changes must be a list of settings' },
)
export type SettingsSave = z.infer<typeof SettingsSaveSchema>

/** The value of `key` as stored, or the first problem with it. */
export function parseSettingValue(key: SettingKey, value: string | number): { ok: true; value: string } | { ok: false; message: string } {
  const rule: z.ZodType = SETTING_RULES[key]
  const raw = typeof value === 'number' && !BOOKING_NUMBER_RULES[key as BookingNumberKey] ? String(value) : value
  const result = rule.safeParse(raw)
  return result.success ? { ok: true, value: String(result.data) } : { ok: false, message: result.error.issues[0]?.message ?? 'Invalid value' }
}

/** A setting as the admin API returns it: its stored value, or its default when never saved. */
export type SiteSettingRow = {
  settingKey: SettingKey
  settingValue: string
  description: string
  updatedAt: string | null
  /** Set by an environment variable on the server (PUBLIC_URL for the Site address): Settings shows it and cannot change it. */
  fromEnv?: boolean
  /** What a save sends back: the key's version (0 while it is still the default). */
  version: number
}

/** The opening-hours display as the editor holds it, and back to the setting's text. */
export const hoursLinesFromText = (value: string): HoursLine[] => parseHoursBlocks(value)
export const hoursTextFromLines = (lines: readonly HoursLine[]): string =>
  lines.map((l) => `${l.day.trim()}\n${l.hours.trim() || CLOSED}`).join('\n\n')

export const settingDescription = (key: SettingKey) => SETTING_DESCRIPTIONS[key] ?? ''
