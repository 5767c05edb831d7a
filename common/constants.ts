/** Business constants of SPEC.md section 9, written once for server and client. */

export const GUESTS_MIN = 1
export const GUESTS_MAX = 20
export const EVENT_PARTY_MIN = 1
export const EVENT_PARTY_MAX = 12
export const EVENT_PARTY_DEFAULT = 2
/** Parties above this size need manual confirmation (SPEC.md: 7+). */
export const LARGE_PARTY_THRESHOLD = 6
export const SLOT_MINUTES = 30
export const LEAD_VALUE_PER_GUEST = 30
export const CURRENCY = 'GBP'
export const COOKIE_CONSENT_KEY = 'cookieConsent'

export const HERO_INTERVAL_MS = 6000
export const HERO_FADE_MS = 1000
export const NAV_SCROLL_THRESHOLD_PX = 50
export const COUNTDOWN_REFRESH_MS = 60 * 60 * 1000
/** SPEC.md section 9: the copied tick shows for 2 seconds (the marketing list's and the enquiries' copy buttons). */
export const COPIED_TICK_MS = 2000

export const TOAST_LIMIT = 1
export const TOAST_DURATION_MS = 5000
export const TOAST_REMOVE_DELAY_MS = 1_000_000
export const TOAST_SWIPE_THRESHOLD_PX = 50

export const UPLOAD_MAX_BYTES = 50 * 1024 * 1024

/** Reservations per page of the admin list of all bookings. */
export const RESERVATION_PAGE_SIZE = 50
/** A day's list comes whole (for the run sheet), up to this many bookings a page. */
export const RESERVATION_DAY_PAGE_SIZE = 500

export const RESERVATION_STATUSES = ['pending', 'confirmed', 'cancelled'] as const
export type ReservationStatus = (typeof RESERVATION_STATUSES)[number]

export const FOOD_DRINKS = ['food_and_drinks', 'drinks_only'] as const
export type FoodDrinks = (typeof FOOD_DRINKS)[number]
export const FOOD_DRINKS_LABELS: Record<FoodDrinks, string> = {
  food_and_drinks: 'Food & Drinks',
  drinks_only: 'Drinks Only',
}

export const EVENT_TYPES = [
  'live_music',
  'quiz_night',
  'wine_tasting',
  'special_event',
  'private_hire',
  'other',
] as const
export type EventType = (typeof EVENT_TYPES)[number]
export const EVENT_STATUSES = ['published', 'draft', 'cancelled'] as const
export type EventStatus = (typeof EVENT_STATUSES)[number]
export const BOOKING_TYPES = ['table', 'enquiry'] as const
export type BookingType = (typeof BOOKING_TYPES)[number]

export const ENQUIRY_STATUSES = ['pending', 'contacted', 'confirmed', 'cancelled'] as const
export type EnquiryStatus = (typeof ENQUIRY_STATUSES)[number]

/** Menu categories in the order the public menu shows them (DESIGN.md section 6). */
export const MENU_CATEGORIES = [
  'food',
  'vegan',
  'sunday',
  'desserts',
  'cocktails',
  'beer',
  'wine',
] as const
export type MenuCategory = (typeof MENU_CATEGORIES)[number]
/** The categories the admin "Setup Required" banner checks. */
export const MENU_SETUP_CATEGORIES = MENU_CATEGORIES.slice(0, 4)

export const DEFAULT_EVENT_CATEGORY_COLOR = '#6B7280'

/** A non-secret cookie set beside the HttpOnly session cookie, telling pages a staff session may exist. */
export const STAFF_MARKER_COOKIE = 'staff_session'
