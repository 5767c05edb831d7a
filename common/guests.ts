/**
 * Guests (issue 37): the allergens staff record, the tags they use, the
 * marketing tick-box's wording (rendered by the booking form and stored with
 * each consent the server records, so the record holds the words shown), and
 * the compact line a reservation card shows for its guest.
 */

/** The UK's 14 allergens (Food Information Regulations 2014), in the order the FSA lists them. */
export const ALLERGENS = [
  'celery',
  'cereals containing gluten',
  'crustaceans',
  'eggs',
  'fish',
  'lupin',
  'milk',
  'molluscs',
  'mustard',
  'tree nuts',
  'peanuts',
  'sesame',
  'soya',
  'sulphites',
] as const
export type Allergen = (typeof ALLERGENS)[number]

/** The tags staff pick from; any other short tag is allowed too. */
export const GUEST_TAGS = ['regular', 'VIP', 'staff'] as const

/** The name an erased guest (and their bookings) keep, so the night's list still reads. */
export const ERASED_NAME = 'Erased guest'

/** The booking form's marketing tick-box label: what the consent record stores as the wording shown. */
export const BOOKING_CONSENT_WORDING = 'Send me special offers and updates from the pub. You can unsubscribe at any time.'

/** Where a consent was given or withdrawn. */
export const CONSENT_PLACES = ['booking_form', 'event_dialog', 'staff', 'unsubscribe_link'] as const
export type ConsentPlace = (typeof CONSENT_PLACES)[number]

/** The wording recorded with a withdrawal made by the unsubscribe link. */
export const UNSUBSCRIBE_WORDING = 'Unsubscribed with the link in an email.'

/** How long guest details are kept after the last visit unless the setting says otherwise (months). */
export const GUEST_RETENTION_MONTHS_DEFAULT = 24
export const GUEST_RETENTION_SETTING = 'guest_retention_months'

/** The normalised email a guest is keyed by: trimmed, lower case; null for none. */
export function emailKeyOf(email: string | null | undefined): string | null {
  const key = email?.trim().toLowerCase()
  return key ? key : null
}

/** 1st, 2nd, 3rd, 4th ... 11th, 12th, 13th, 21st. */
export function ordinal(n: number): string {
  const tens = n % 100
  if (tens >= 11 && tens <= 13) return `${n}th`
  return `${n}${({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[n % 10] ?? 'th'}`
}

/** The counts a guest's profile derives (never typed), as the API answers them. */
export type GuestCounts = {
  visits: number
  covers: number
  noShows: number
  cancellations: number
  lateCancellations: number
  firstVisit: string | null
  lastVisit: string | null
}

/**
 * The compact line of a booking's card: which visit this booking is (the
 * guest's past visits + 1), no-shows, allergens, tags.
 */
export function guestLine(g: { visits: number; noShows: number; allergies: string[]; tags: string[] }): string[] {
  const parts = [`${ordinal(g.visits + 1)} visit`]
  if (g.noShows > 0) parts.push(`${g.noShows} no-show${g.noShows === 1 ? '' : 's'}`)
  if (g.allergies.length) parts.push(`Allergies: ${g.allergies.join(', ')}`)
  parts.push(...g.tags)
  return parts
}
