import { sql } from 'drizzle-orm'
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  check,
  customType,
  index,
  integer,
  json,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core'
import type { BookingSource } from '#common/booking-source'
import type { VisitState } from '#common/visit'
import type { WaitlistStatus } from '#common/waitlist-form'
import type { QueueStatus } from '#common/walk-in-queue-schema'

/**
 * The whole schema of SPEC.md section 3, plus the outbox of DESIGN.md section 4.
 * Allowed values are CHECK constraints so the database enforces them too.
 */

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow()
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow()
/** The version an admin edit was read at (issue 33: no lost updates); raised by the bump_version trigger on every UPDATE. */
const version = () => integer('version').notNull().default(1)
const dateText = (name: string) => varchar(name, { length: 10 })
const timeText = (name: string) => varchar(name, { length: 5 })
/** A PostgreSQL tsrange, read and written as its text ('["2026-12-18 19:30:00","2026-12-18 21:30:00")'). */
const tsrange = customType<{ data: string }>({ dataType: () => 'tsrange' })
const isDate = (column: string) => sql.raw(`${column} ~ '^\\d{4}-\\d{2}-\\d{2}$'`)
const isTime = (column: string) => sql.raw(`${column} ~ '^([01]\\d|2[0-3]):[0-5]\\d$'`)

export type SlideButton = { text: string; link: string }
/** A booking service as a day stores it (common/services.ts `BookingService`, issue 36). */
export type BookingService = { name: string; startTime: string; endTime: string; maxCoversPerSlot?: number | null }

export const heroSlides = pgTable('hero_slides', {
  id: serial('id').primaryKey(),
  title: text('title').notNull(),
  subtitle: text('subtitle').notNull().default(''),
  description: text('description').notNull().default(''),
  image: text('image').notNull(),
  buttons: jsonb('buttons').$type<SlideButton[]>().notNull().default([]),
  order: integer('order').notNull().default(0),
  isActive: boolean('is_active').notNull().default(true),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
  version: version(),
})
export type HeroSlide = typeof heroSlides.$inferSelect

export const menuSections = pgTable(
  'menu_sections',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    category: text('category').notNull().unique(),
    description: text('description').notNull().default(''),
    pdfUrl: text('pdf_url'),
    imageUrls: text('image_urls').array().notNull().default(sql`'{}'::text[]`),
    backgroundImage: text('background_image'),
    isActive: boolean('is_active').notNull().default(true),
    updatedAt: updatedAt(),
    version: version(),
  },
  (t) => [
    check(
      'menu_sections_category_check',
      sql`${t.category} in ('food','vegan','sunday','desserts','cocktails','beer','wine')`,
    ),
  ],
)
export type MenuSection = typeof menuSections.$inferSelect

export const menuItems = pgTable('menu_items', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  description: text('description'),
  price: text('price').notNull(),
  category: text('category').notNull(),
  image: text('image'),
  featured: boolean('featured').notNull().default(false),
})
export type MenuItem = typeof menuItems.$inferSelect

export const eventCategories = pgTable('event_categories', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  description: text('description'),
  color: varchar('color', { length: 7 }).notNull().default('#6B7280'),
  isActive: boolean('is_active').notNull().default(true),
  createdAt: createdAt(),
})
export type EventCategory = typeof eventCategories.$inferSelect

export const events = pgTable(
  'events',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull().unique(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    shortDescription: text('short_description'),
    date: dateText('date').notNull(),
    time: timeText('time').notNull(),
    endTime: timeText('end_time'),
    type: text('type').notNull().default('special_event'),
    categoryId: integer('category_id').references(() => eventCategories.id, {
      onDelete: 'set null',
    }),
    image: text('image'),
    gallery: text('gallery').array().notNull().default(sql`'{}'::text[]`),
    price: text('price'),
    capacity: integer('capacity'),
    bookingType: text('booking_type').notNull().default('table'),
    bookingUrl: text('booking_url'),
    featured: boolean('featured').notNull().default(false),
    status: text('status').notNull().default('published'),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    venue: text('venue'),
    contact: text('contact'),
    depositRequired: text('deposit_required'),
    isRecurring: boolean('is_recurring').notNull().default(false),
    recurringPattern: text('recurring_pattern'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: version(),
  },
  (t) => [
    check(
      'events_type_check',
      sql`${t.type} in ('live_music','quiz_night','wine_tasting','special_event','private_hire','other')`,
    ),
    check('events_status_check', sql`${t.status} in ('published','draft','cancelled')`),
    check('events_booking_type_check', sql`${t.bookingType} in ('table','enquiry')`),
    check('events_date_check', isDate('date')),
    check('events_time_check', isTime('time')),
    check('events_end_time_check', sql`end_time is null or ${isTime('end_time')}`),
    check('events_capacity_check', sql`${t.capacity} is null or ${t.capacity} >= 0`),
    index('events_date_idx').on(t.date),
  ],
)
export type Event = typeof events.$inferSelect

export const openingHours = pgTable(
  'opening_hours',
  {
    id: serial('id').primaryKey(),
    dayOfWeek: integer('day_of_week').notNull().unique(),
    openTime: timeText('open_time'),
    closeTime: timeText('close_time'),
    isClosed: boolean('is_closed').notNull().default(false),
    /** The kitchen's last orders (issue 36): after them a table is for drinks only; null: food until close. */
    lastOrdersTime: timeText('last_orders_time'),
    /** The day's booking services (issue 36, docs/decisions/0030); null: one spanning its hours. */
    services: jsonb('services').$type<BookingService[]>(),
    updatedAt: updatedAt(),
    version: version(),
  },
  (t) => [
    check('opening_hours_day_check', sql`${t.dayOfWeek} between 0 and 6`),
    check('opening_hours_services_check', sql`services is null or jsonb_typeof(services) = 'array'`),
    check('opening_hours_open_check', sql`open_time is null or ${isTime('open_time')}`),
    check('opening_hours_close_check', sql`close_time is null or ${isTime('close_time')}`),
    check('opening_hours_last_orders_check', sql`last_orders_time is null or ${isTime('last_orders_time')}`),
  ],
)
export type OpeningHoursRow = typeof openingHours.$inferSelect

export const hourExceptions = pgTable(
  'hour_exceptions',
  {
    id: serial('id').primaryKey(),
    date: dateText('date').notNull().unique(),
    openTime: timeText('open_time'),
    closeTime: timeText('close_time'),
    isClosed: boolean('is_closed').notNull().default(false),
    /** The date's own last orders (issue 36); null: its weekday's. */
    lastOrdersTime: timeText('last_orders_time'),
    /** The date's own booking services (issue 36); null: one spanning its own hours. */
    services: jsonb('services').$type<BookingService[]>(),
    reason: text('reason').notNull(),
    createdAt: createdAt(),
    version: version(),
  },
  (t) => [
    check('hour_exceptions_date_check', isDate('date')),
    check('hour_exceptions_services_check', sql`services is null or jsonb_typeof(services) = 'array'`),
    check('hour_exceptions_reason_check', sql`length(trim(${t.reason})) > 0`),
    check('hour_exceptions_open_check', sql`open_time is null or ${isTime('open_time')}`),
    check('hour_exceptions_close_check', sql`close_time is null or ${isTime('close_time')}`),
    check('hour_exceptions_last_orders_check', sql`last_orders_time is null or ${isTime('last_orders_time')}`),
  ],
)
export type HourException = typeof hourExceptions.$inferSelect

export const eventEnquiries = pgTable(
  'event_enquiries',
  {
    id: serial('id').primaryKey(),
    eventId: integer('event_id').references(() => events.id, { onDelete: 'set null' }),
    eventTitle: text('event_title').notNull(),
    eventDate: text('event_date'),
    eventTime: text('event_time'),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    partySize: integer('party_size').notNull().default(2),
    specialRequests: text('special_requests'),
    status: text('status').notNull().default('pending'),
    /** Staff's own notes (issue 36): never shown to the guest. */
    notes: text('notes').notNull().default(''),
    /** The booking staff made from the enquiry ('Make a booking'); unlinked when that booking is deleted. */
    reservationId: integer('reservation_id').references((): AnyPgColumn => reservations.id, { onDelete: 'set null' }),
    /** The guest who asked (issue 37): created or updated with the enquiry. */
    guestId: integer('guest_id').references((): AnyPgColumn => guests.id, { onDelete: 'set null' }),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('event_enquiries_notes_check', sql`char_length(${t.notes}) <= 2000`),
    check(
      'event_enquiries_status_check',
      sql`${t.status} in ('pending','contacted','confirmed','cancelled')`,
    ),
    check('event_enquiries_party_check', sql`${t.partySize} between 1 and 12`),
    index('event_enquiries_created_idx').on(t.createdAt),
    // A booking's deletion unlinks its enquiry (on delete set null) without reading the whole table.
    index('event_enquiries_reservation_idx').on(t.reservationId),
    index('event_enquiries_guest_idx').on(t.guestId),
  ],
)
export type EventEnquiry = typeof eventEnquiries.$inferSelect

export const reservations = pgTable(
  'reservations',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    /** Null for a phone or walk-in booking staff took without one (issue 36): its guest is never emailed. */
    email: text('email'),
    phone: text('phone').notNull(),
    date: dateText('date').notNull(),
    startTime: timeText('start_time').notNull(),
    partySize: integer('party_size').notNull(),
    additionalInfo: text('additional_info').notNull().default(''),
    foodDrinks: text('food_drinks').notNull().default('food_and_drinks'),
    receiveOffers: boolean('receive_offers').notNull().default(false),
    status: text('status').notNull().default('pending'),
    eventId: integer('event_id').references(() => events.id, { onDelete: 'set null' }),
    idempotencyKey: text('idempotency_key').unique(),
    /** A hash of the request that used the key: a reuse for a different booking is refused. */
    idempotencyFingerprint: text('idempotency_fingerprint'),
    reviewEmailSentAt: timestamp('review_email_sent_at', { withTimezone: true }),
    /** When the day-before reminder was written to the outbox (at most once). */
    reminderSentAt: timestamp('reminder_sent_at', { withTimezone: true }),
    /** Who made the booking: a guest on the site, or staff (phone or walk-in). */
    createdBy: text('created_by').notNull().default('guest'),
    /**
     * Where the booking came from (issue 35; common/booking-source.ts): the public form (`online`), an
     * event's booking (`event`), staff on the phone (`phone`), a party seated without booking (`walk_in`),
     * or a waitlist offer the guest claimed (`waitlist`). Reports and the guest's history count by it.
     */
    source: text('source').$type<BookingSource>().notNull().default('online'),
    /** Who last changed its date, time, party or status, and when (null: never changed). */
    changedBy: text('changed_by'),
    changedAt: timestamp('changed_at', { withTimezone: true }),
    /**
     * How long the table is held, in minutes: the turn time for the party when
     * the booking was made (or staff's choice), so a later change of the rules
     * never moves an existing booking. Its tables are held for
     * [date start_time, + duration) (reservation_tables.during).
     */
    durationMinutes: integer('duration_minutes').notNull().default(120),
    /**
     * Raised by the database on every change staff or the guest make (migration 0010's trigger): an
     * admin edit names the version it read, and a save against a newer one is refused (server/audit/versions.ts).
     */
    version: integer('version').notNull().default(1),
    /**
     * A large party's request from the public form holds its seats until then
     * (30 minutes after it was made) unless the guest confirms it from their
     * email; null holds for good (every other booking). Confirmed bookings hold
     * whatever it says (docs/decisions/0021).
     */
    holdUntil: timestamp('hold_until', { withTimezone: true }),
    /** When the guest confirmed a large party's request from the link in their email. */
    guestConfirmedAt: timestamp('guest_confirmed_at', { withTimezone: true }),
    /** The phone in E.164 (common/phone.ts), null for no phone: the per-phone limit counts it, staff search finds it. */
    phoneKey: text('phone_key'),
    /** A keyed hash of the address a public booking came from (null: made by staff), for the per-address limit. */
    clientKey: text('client_key'),
    /**
     * The visit on the night (issue 35; common/visit.ts), beside the status: expected, arrived, seated,
     * finished or no_show, and when each step was taken (a step undone clears its time). Staff move it
     * (server/reservations/visits.ts); not an edited field, so it does not raise the version.
     */
    visitState: text('visit_state').$type<VisitState>().notNull().default('expected'),
    arrivedAt: timestamp('arrived_at', { withTimezone: true }),
    seatedAt: timestamp('seated_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    noShowAt: timestamp('no_show_at', { withTimezone: true }),
    /**
     * From when a finished or no-show booking holds neither its tables nor its covers, in venue wall-clock
     * time (as reservation_tables.during is): the minute it was marked. Null for any other visit state. The
     * hold triggers and the covers read use it, and need no time zone to (docs/decisions/0031).
     */
    freedAt: timestamp('freed_at', { withTimezone: false, mode: 'string' }),
    /**
     * The guest (issue 37), keyed by the booking's email: set by the booking's own insert (booking-sql.ts);
     * null for a staff booking without an email (a phone is no key: docs/decisions/0034).
     */
    guestId: integer('guest_id').references((): AnyPgColumn => guests.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('reservations_guest_idx').on(t.guestId),
    check('reservations_duration_check', sql`${t.durationMinutes} between 15 and 720`),
    check('reservations_visit_state_check', sql`${t.visitState} in ('expected','arrived','seated','finished','no_show')`),
    check('reservations_freed_check', sql`(${t.freedAt} is not null) = (${t.visitState} in ('finished','no_show'))`),
    check('reservations_created_by_check', sql`${t.createdBy} in ('guest','staff')`),
    check('reservations_source_check', sql`${t.source} in ('online','phone','walk_in','event','waitlist')`),
    check('reservations_changed_by_check', sql`${t.changedBy} in ('guest','staff')`),
    check('reservations_status_check', sql`${t.status} in ('pending','confirmed','cancelled')`),
    check(
      'reservations_food_drinks_check',
      sql`${t.foodDrinks} in ('food_and_drinks','drinks_only')`,
    ),
    check('reservations_party_check', sql`${t.partySize} >= 1`),
    check('reservations_date_check', isDate('date')),
    check('reservations_time_check', isTime('start_time')),
    index('reservations_date_status_idx').on(t.date, t.status),
    index('reservations_status_idx').on(t.status),
    // And reservations_active_covers_idx, (date, start_time, lower(email)) including party_size, id, status,
    // hold_until, phone_key, client_key and freed_at on the active bookings, which drizzle cannot declare (INCLUDE):
    // migrations 0005, 0006, guest_holds_and_limits and visit_states. And reservations_guest_{email,phone,client}_idx,
    // the public bookings' guest limits (one key each, then the date; partial): migrations 0019 and 0025 (not in drizzle's snapshot).
  ],
)
export type Reservation = typeof reservations.$inferSelect

/**
 * Guests waiting for a table on a full date (issue 35; docs/decisions/0032).
 * Their place is the order they joined among the date's waiting entries. When
 * a time frees, the offer job (server/waitlist/) offers it to the first whose
 * party and window fit: `offered` until `offer_expires_at`, then `claimed`
 * (with the booking), `expired`, or back to `waiting` when the time was taken
 * meanwhile. Staff remove entries (`removed`); guests leave by their link (`left`).
 */
export const waitlistEntries = pgTable(
  'waitlist_entries',
  {
    id: serial('id').primaryKey(),
    date: dateText('date').notNull(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    /** The phone in E.164 (common/phone.ts): a second entry of the same phone for the date is refused. */
    phoneKey: text('phone_key').notNull(),
    partySize: integer('party_size').notNull(),
    /** The times the guest could start, both included: at most two hours apart. */
    earliestTime: timeText('earliest_time').notNull(),
    latestTime: timeText('latest_time').notNull(),
    status: text('status').$type<WaitlistStatus>().notNull().default('waiting'),
    /** The start time of the current (or last) offer. */
    offeredTime: timeText('offered_time'),
    offeredAt: timestamp('offered_at', { withTimezone: true }),
    offerExpiresAt: timestamp('offer_expires_at', { withTimezone: true }),
    /** How many offers the entry has had: each offer's link and email are keyed by it, so each is sent once and an old link opens nothing. */
    offerCount: integer('offer_count').notNull().default(0),
    claimedReservationId: integer('claimed_reservation_id').references(() => reservations.id, { onDelete: 'set null' }),
    /** A keyed hash of the address the entry came from, as reservations keep (the challenge's counts). */
    clientKey: text('client_key'),
    /** The guest who joined (issue 37), by the entry's email: created or updated with the entry. */
    guestId: integer('guest_id').references((): AnyPgColumn => guests.id, { onDelete: 'set null' }),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('waitlist_entries_status_check', sql`${t.status} in ('waiting','offered','claimed','expired','removed','left')`),
    check('waitlist_entries_party_check', sql`${t.partySize} >= 1`),
    check('waitlist_entries_date_check', isDate('date')),
    check('waitlist_entries_window_check', sql`${t.earliestTime} <= ${t.latestTime}`),
    index('waitlist_entries_date_status_idx').on(t.date, t.status, t.createdAt),
    index('waitlist_entries_offers_idx').on(t.offerExpiresAt).where(sql`${t.status} = 'offered'`),
    index('waitlist_entries_guest_idx').on(t.guestId),
  ],
)
export type WaitlistEntry = typeof waitlistEntries.$inferSelect

/**
 * The walk-in queue (docs/decisions/0053): a party at the door when no table
 * was free, waiting at the bar for the venue's `date`. `waiting` in the order
 * they joined (created_at), then `seated` (as the walk-in booking
 * `reservation_id`, in that booking's transaction) or `left`, at `done_at`.
 * Name, phone and notes are blanked a week on (housekeeping); the numbers
 * stay, for the reports of turned-away covers to come.
 */
export const walkInQueue = pgTable(
  'walk_in_queue',
  {
    id: serial('id').primaryKey(),
    date: dateText('date').notNull(),
    name: text('name').notNull(),
    phone: text('phone').notNull().default(''),
    partySize: integer('party_size').notNull(),
    /** The wait staff quoted, in minutes, if they quoted one. */
    quotedMinutes: integer('quoted_minutes'),
    notes: text('notes').notNull().default(''),
    status: text('status').$type<QueueStatus>().notNull().default('waiting'),
    reservationId: integer('reservation_id').references(() => reservations.id, { onDelete: 'set null' }),
    doneAt: timestamp('done_at', { withTimezone: true }),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('walk_in_queue_status_check', sql`${t.status} in ('waiting','seated','left')`),
    check('walk_in_queue_party_check', sql`${t.partySize} >= 1`),
    check('walk_in_queue_quote_check', sql`${t.quotedMinutes} between 0 and 240`),
    check('walk_in_queue_date_check', isDate('date')),
    check('walk_in_queue_seated_check', sql`${t.status} <> 'seated' or ${t.doneAt} is not null`),
    index('walk_in_queue_date_status_idx').on(t.date, t.status, t.createdAt),
    index('walk_in_queue_reservation_idx').on(t.reservationId),
  ],
)
export type WalkInQueueRow = typeof walkInQueue.$inferSelect

/**
 * A guest (issue 37): one row per normalised email (trimmed, lower case), created or updated by every
 * booking, enquiry and waitlist entry in its own transaction (name and phone: the latest given). The
 * counts (visits, covers, no-shows, cancellations) are never stored: server/guests/guest-counts.ts
 * derives them. Erasure (server/guests/erasure.ts) blanks the personal fields and the key, keeping the row.
 */
export const guests = pgTable(
  'guests',
  {
    id: serial('id').primaryKey(),
    /** The normalised email; null once erased, so a later booking with that address is a new guest. */
    emailKey: text('email_key').unique(),
    email: text('email'),
    name: text('name').notNull(),
    phone: text('phone').notNull().default(''),
    phoneKey: text('phone_key'),
    notes: text('notes').notNull().default(''),
    /** Of the 14 allergens (common/guests.ts ALLERGENS); anything else in allergy_notes. */
    allergies: text('allergies').array().notNull().default(sql`'{}'::text[]`),
    allergyNotes: text('allergy_notes').notNull().default(''),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    erasedAt: timestamp('erased_at', { withTimezone: true }),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('guests_notes_check', sql`char_length(${t.notes}) <= 2000 and char_length(${t.allergyNotes}) <= 500`),
    // And guests_search_idx, a pg_trgm index of the stored search_text (name, email, phone), and guests_updated_idx,
    // which drizzle cannot declare: migration 0023 (guests). No other index: each costs the booking's upsert.
  ],
)
export type Guest = typeof guests.$inferSelect

/**
 * The marketing consent record (issue 37, PECR): one row each time a guest gives or withdraws consent,
 * with where, the exact wording shown, and a keyed hash of the request's address. Never updated but
 * by erasure, which blanks the hash. The marketing list's current state is each guest's latest row.
 */
export const consentRecords = pgTable(
  'consent_records',
  {
    id: serial('id').primaryKey(),
    guestId: integer('guest_id').references(() => guests.id, { onDelete: 'cascade' }),
    action: text('action').notNull(),
    place: text('place').notNull(),
    wording: text('wording').notNull(),
    addressHash: text('address_hash'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('consent_records_action_check', sql`${t.action} in ('given','withdrawn')`),
    check('consent_records_place_check', sql`${t.place} in ('booking_form','event_dialog','staff','unsubscribe_link')`),
    index('consent_records_guest_idx').on(t.guestId, t.at),
  ],
)
export type ConsentRecord = typeof consentRecords.$inferSelect

/**
 * The floor plan (issue 34): areas (Restaurant, Bar, Snug, Garden), their
 * tables, and the combinations of tables staff push together. When at least
 * one active table exists the engine books tables, not covers.
 */
export const areas = pgTable(
  'areas',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
    /** Guests may book it online; staff can always seat it. */
    onlineBookable: boolean('online_bookable').notNull().default(true),
    /** Closed for a date when it rains (area_closures); its bookings are moved inside. */
    weatherDependent: boolean('weather_dependent').notNull().default(false),
    /**
     * The months it takes bookings, the first and the last (a garden from April to September: 4 and 9; a marquee
     * from November to February: 11 and 2). Null both: all year. Outside them it is closed, as on a closure's date.
     */
    seasonFrom: integer('season_from'),
    seasonTo: integer('season_to'),
    isActive: boolean('is_active').notNull().default(true),
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('areas_name_idx').on(sql`lower(${t.name})`),
    check('areas_name_check', sql`length(trim(${t.name})) > 0`),
    check('areas_season_check', sql`(${t.seasonFrom} is null) = (${t.seasonTo} is null) and ${t.seasonFrom} between 1 and 12 and ${t.seasonTo} between 1 and 12`),
  ],
)
export type Area = typeof areas.$inferSelect

/** Where a table is drawn on its area's plan: grid units, top-left corner. */
export type TableShape = 'rect' | 'round'

export const diningTables = pgTable(
  'dining_tables',
  {
    id: serial('id').primaryKey(),
    /** 'T4', 'Snug', 'G2': what staff call it. */
    name: text('name').notNull(),
    areaId: integer('area_id')
      .notNull()
      .references(() => areas.id, { onDelete: 'restrict' }),
    minCovers: integer('min_covers').notNull().default(1),
    maxCovers: integer('max_covers').notNull(),
    onlineBookable: boolean('online_bookable').notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
    planX: integer('plan_x').notNull().default(0),
    planY: integer('plan_y').notNull().default(0),
    planWidth: integer('plan_width').notNull().default(2),
    planHeight: integer('plan_height').notNull().default(2),
    shape: text('shape').$type<TableShape>().notNull().default('rect'),
    /** The first date ('YYYY-MM-DD') it seats no one, or null: out of use after its last booking. */
    outOfUseFrom: dateText('out_of_use_from'),
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('dining_tables_name_idx').on(sql`lower(${t.name})`),
    check('dining_tables_name_check', sql`length(trim(${t.name})) > 0`),
    check('dining_tables_covers_check', sql`${t.minCovers} >= 1 and ${t.maxCovers} >= ${t.minCovers} and ${t.maxCovers} <= 100`),
    check('dining_tables_out_of_use_from_check', isDate('out_of_use_from')),
    check('dining_tables_shape_check', sql`${t.shape} in ('rect','round')`),
    check('dining_tables_plan_check', sql`${t.planX} >= 0 and ${t.planY} >= 0 and ${t.planWidth} between 1 and 20 and ${t.planHeight} between 1 and 20`),
    index('dining_tables_area_idx').on(t.areaId),
  ],
)
export type DiningTable = typeof diningTables.$inferSelect

/** Two or more tables of one area pushed together, with their own covers: two four-tops may seat six, not eight. */
export const tableCombinations = pgTable(
  'table_combinations',
  {
    id: serial('id').primaryKey(),
    /** 'T4 + T5' unless staff name it. */
    name: text('name').notNull(),
    areaId: integer('area_id')
      .notNull()
      .references(() => areas.id, { onDelete: 'restrict' }),
    minCovers: integer('min_covers').notNull().default(1),
    maxCovers: integer('max_covers').notNull(),
    onlineBookable: boolean('online_bookable').notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
    /** The first date ('YYYY-MM-DD') it seats no one, or null: out of use after its last booking. */
    outOfUseFrom: dateText('out_of_use_from'),
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('table_combinations_name_idx').on(sql`lower(${t.name})`),
    check('table_combinations_covers_check', sql`${t.minCovers} >= 1 and ${t.maxCovers} >= ${t.minCovers} and ${t.maxCovers} <= 200`),
    check('table_combinations_out_of_use_from_check', isDate('out_of_use_from')),
  ],
)
export type TableCombination = typeof tableCombinations.$inferSelect

export const tableCombinationMembers = pgTable(
  'table_combination_members',
  {
    combinationId: integer('combination_id')
      .notNull()
      .references(() => tableCombinations.id, { onDelete: 'cascade' }),
    tableId: integer('table_id')
      .notNull()
      .references(() => diningTables.id, { onDelete: 'restrict' }),
  },
  (t) => [primaryKey({ columns: [t.combinationId, t.tableId] }), index('table_combination_members_table_idx').on(t.tableId)],
)

/**
 * How long a party keeps its table, by party size (optionally for one weekday:
 * 0 Sunday .. 6 Saturday, null every day). Gaps and overlaps are refused by
 * the API; where no rule matches, the booking_duration_minutes setting applies.
 */
export const turnTimes = pgTable(
  'turn_times',
  {
    id: serial('id').primaryKey(),
    minParty: integer('min_party').notNull(),
    maxParty: integer('max_party').notNull(),
    durationMinutes: integer('duration_minutes').notNull(),
    weekday: integer('weekday'),
  },
  (t) => [
    check('turn_times_party_check', sql`${t.minParty} >= 1 and ${t.maxParty} >= ${t.minParty}`),
    check('turn_times_duration_check', sql`${t.durationMinutes} between 15 and 720`),
    check('turn_times_weekday_check', sql`${t.weekday} is null or ${t.weekday} between 0 and 6`),
  ],
)
export type TurnTime = typeof turnTimes.$inferSelect

/** An area closed for one date (rain on the garden): no online bookings there; its bookings are moved inside. */
export const areaClosures = pgTable(
  'area_closures',
  {
    id: serial('id').primaryKey(),
    areaId: integer('area_id')
      .notNull()
      .references(() => areas.id, { onDelete: 'cascade' }),
    date: dateText('date').notNull(),
    reason: text('reason').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('area_closures_area_date_idx').on(t.areaId, t.date), check('area_closures_date_check', isDate('date'))],
)
export type AreaClosure = typeof areaClosures.$inferSelect

/**
 * Which tables a booking holds. `during` (venue wall-clock time, the booking's
 * [start, start + duration)) and `active` (the booking is pending or
 * confirmed) are kept from the reservation by triggers (migration 0009), and
 * an exclusion constraint refuses two active rows of one table at overlapping
 * times: the last line of defence, whatever the code does. A booking reads the
 * active holds its visit can meet through a GiST index on `during` (migration
 * 0010, custom SQL like the constraint, so neither is declared here).
 */
export const reservationTables = pgTable(
  'reservation_tables',
  {
    reservationId: integer('reservation_id')
      .notNull()
      .references(() => reservations.id, { onDelete: 'cascade' }),
    tableId: integer('table_id')
      .notNull()
      .references(() => diningTables.id, { onDelete: 'restrict' }),
    date: dateText('date').notNull(),
    during: tsrange('during').notNull(),
    active: boolean('active').notNull(),
  },
  (t) => [primaryKey({ columns: [t.reservationId, t.tableId] }), index('reservation_tables_date_idx').on(t.date)],
)

/**
 * What happened to a booking after it was made, for staff (its creation is
 * the reservation's own created_at and created_by): confirmed, changed,
 * cancelled (by the guest through the manage link, or by staff), reminder
 * sent, review requested. Written in the transaction of the change.
 */
export const reservationHistory = pgTable(
  'reservation_history',
  {
    id: serial('id').primaryKey(),
    reservationId: integer('reservation_id')
      .notNull()
      .references(() => reservations.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    /** guest, staff or system (the scheduled jobs). */
    actor: text('actor').notNull(),
    /** In words, for staff: '7:00 PM → 7:30 PM; 4 → 5 guests'. */
    detail: text('detail').notNull().default(''),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('reservation_history_kind_check', sql`${t.kind} in ('confirmed','changed','cancelled','reinstated','reminder_sent','review_requested')`),
    check('reservation_history_actor_check', sql`${t.actor} in ('guest','staff','system')`),
    index('reservation_history_reservation_idx').on(t.reservationId, t.at),
  ],
)
export type ReservationHistoryRow = typeof reservationHistory.$inferSelect

export const marketingConsents = pgTable(
  'marketing_consents',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    source: text('source').notNull(),
    consentedAt: createdAt(),
    lastReservation: timestamp('last_reservation', { withTimezone: true }),
    unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('marketing_consents_email_idx').on(sql`lower(${t.email})`)],
)
export type MarketingConsent = typeof marketingConsents.$inferSelect

export const siteSettings = pgTable('site_settings', {
  id: serial('id').primaryKey(),
  settingKey: text('setting_key').notNull().unique(),
  settingValue: text('setting_value').notNull(),
  description: text('description'),
  updatedAt: updatedAt(),
  version: version(),
})
export type SiteSetting = typeof siteSettings.$inferSelect

export const emailTemplates = pgTable('email_templates', {
  id: serial('id').primaryKey(),
  templateKey: text('template_key').notNull().unique(),
  name: text('name').notNull(),
  subject: text('subject').notNull(),
  htmlContent: text('html_content').notNull().default(''),
  textContent: text('text_content').notNull(),
  description: text('description'),
  variables: text('variables').array().notNull().default(sql`'{}'::text[]`),
  isActive: boolean('is_active').notNull().default(true),
  headerImage: text('header_image'),
  heroTitle: text('hero_title'),
  greetingText: text('greeting_text'),
  messageText: text('message_text'),
  summaryTitle: text('summary_title').notNull().default('Your Booking'),
  footerText: text('footer_text'),
  buttonOneText: text('button_one_text'),
  buttonOneUrl: text('button_one_url'),
  buttonTwoText: text('button_two_text'),
  buttonTwoUrl: text('button_two_url'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
  version: version(),
})
export type EmailTemplate = typeof emailTemplates.$inferSelect

/** Cocktails page content: a single row (id 1). */
export const cocktailsContent = pgTable(
  'cocktails_content',
  {
    id: integer('id').primaryKey().default(1),
    introText: text('intro_text').notNull(),
    descriptionText: text('description_text').notNull(),
    specialOfferTitle: text('special_offer_title').notNull(),
    specialOfferDetails: text('special_offer_details').notNull(),
    specialOfferTimes: text('special_offer_times').notNull(),
    galleryImages: text('gallery_images').array().notNull().default(sql`'{}'::text[]`),
    updatedAt: updatedAt(),
    version: version(),
  },
  (t) => [check('cocktails_content_single_row', sql`${t.id} = 1`)],
)
export type CocktailsContentRow = typeof cocktailsContent.$inferSelect

/** Uploaded files: the stored name, what the bytes are, and resized variants of images. */
export const mediaFiles = pgTable('media_files', {
  id: serial('id').primaryKey(),
  filename: text('filename').notNull().unique(),
  originalName: text('original_name').notNull(),
  contentType: text('content_type').notNull(),
  bytes: integer('bytes').notNull(),
  width: integer('width'),
  height: integer('height'),
  variants: jsonb('variants')
    .$type<{ width: number; height: number; filename: string; bytes: number }[]>()
    .notNull()
    .default([]),
  createdAt: createdAt(),
})
export type MediaFile = typeof mediaFiles.$inferSelect

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    username: text('username').notNull().unique(),
    password: text('password').notNull(),
    email: text('email').unique(),
    firstName: text('first_name'),
    lastName: text('last_name'),
    profileImageUrl: text('profile_image_url'),
    /** owner, manager or staff (common/permissions.ts). Accounts made before roles existed became owners. */
    role: text('role').notNull().default('staff'),
    /** A deactivated account cannot sign in, and its sessions are refused. */
    active: boolean('active').notNull().default(true),
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }),
    /** The TOTP secret (base32): set at enrolment, in use once totpEnabledAt is set. */
    totpSecret: text('totp_secret'),
    totpEnabledAt: timestamp('totp_enabled_at', { withTimezone: true }),
    /** The time step of the last code accepted: a code is accepted once, and never an older one. */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [check('users_role_check', sql`${t.role} in ('owner','manager','staff')`)],
)
export type User = typeof users.$inferSelect

/** Single-use recovery codes for a second factor, stored hashed (ten at enrolment). */
export const userRecoveryCodes = pgTable(
  'user_recovery_codes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('user_recovery_codes_user_idx').on(t.userId)],
)

/**
 * Links that set a password: a reset asked for at /login, or the first
 * password of an account an owner created. Stored hashed, single use, expiring.
 */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    purpose: text('purpose').notNull().default('reset'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [check('password_reset_tokens_purpose_check', sql`${t.purpose} in ('reset','invite')`), index('password_reset_tokens_user_idx').on(t.userId)],
)

/**
 * Who changed what, and when (DESIGN.md section 9): one row per change,
 * written in the change's own transaction (server/audit/audit.ts). A trigger
 * refuses UPDATE, DELETE and TRUNCATE except through the two functions of
 * migration 0007: audit_log_delete_before (retention) and audit_log_redact
 * (guest erasure). No foreign key to users: a row outlives anything it names.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** Null for a guest, the system, or a sign-in with an unknown username. */
    userId: integer('user_id'),
    /** The name at the time ('guest' for self-service, 'system' for scheduled jobs). */
    username: text('username').notNull(),
    role: text('role').notNull(),
    action: text('action').notNull(),
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id'),
    summary: text('summary').notNull(),
    /** The changed fields only, before and after. */
    before: jsonb('before').$type<Record<string, unknown>>(),
    after: jsonb('after').$type<Record<string, unknown>>(),
    address: text('address'),
  },
  (t) => [
    index('audit_log_at_idx').on(t.at, t.id),
    index('audit_log_entity_idx').on(t.entityType, t.entityId, t.at),
    index('audit_log_user_idx').on(t.userId, t.at),
  ],
)
export type AuditLogRow = typeof auditLog.$inferSelect

/** express-session rows (connect-pg-simple's layout). */
export const session = pgTable(
  'session',
  {
    sid: varchar('sid').primaryKey(),
    sess: json('sess').notNull(),
    expire: timestamp('expire', { precision: 6 }).notNull(),
    /** Whose session it is, read from `sess`: so one user's sessions can be listed and ended. */
    userId: integer('user_id').generatedAlwaysAs(sql`((sess ->> 'userId'::text))::integer`),
  },
  (t) => [index('IDX_session_expire').on(t.expire), index('session_user_idx').on(t.userId)],
)

/** Hit counters for rate limits, shared by every app instance. */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  hits: integer('hits').notNull(),
  resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
})

/** Results of POSTs made with an Idempotency-Key, replayed on a retry. */
export const idempotencyKeys = pgTable('idempotency_keys', {
  key: text('key').primaryKey(),
  scope: text('scope').notNull(),
  statusCode: integer('status_code').notNull(),
  body: jsonb('body').notNull(),
  createdAt: createdAt(),
})

/**
 * The transactional outbox and delivery log (DESIGN.md section 4): one row a
 * message, written in the transaction of the change that causes it, with a key
 * that makes a second write of the same message impossible. Its send job is
 * queued (graphile-worker) in the same transaction; the rendered parts are
 * recorded when it is sent.
 */
export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: serial('id').primaryKey(),
    /** 'reservation:123:booking_confirmed': at most one message a key. */
    messageKey: text('message_key').notNull().unique(),
    templateKey: text('template_key').notNull(),
    toAddress: text('to_address').notNull(),
    /**
     * What the template is filled with, and what the message needs besides (a calendar file). json, not jsonb:
     * written on every booking's path and only ever read back whole (migration 0027, decision 0042).
     */
    data: json('data').$type<Record<string, unknown>>().notNull().default({}),
    reservationId: integer('reservation_id').references(() => reservations.id, { onDelete: 'set null' }),
    subject: text('subject'),
    html: text('html'),
    text: text('text'),
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    check('email_outbox_status_check', sql`${t.status} in ('pending','sent','failed','skipped')`),
    index('email_outbox_created_idx').on(t.createdAt),
    index('email_outbox_reservation_idx').on(t.reservationId),
  ],
)
export type EmailOutboxRow = typeof emailOutbox.$inferSelect

/**
 * The app instances running the job queue, each with its graphile-worker
 * worker ids and a heartbeat every few seconds (server/jobs/instances.ts).
 * A send job locked by an instance whose heartbeat has stopped (a crash, a
 * SIGKILL) is released for a live one, rather than staying locked for the
 * queue's four hours.
 */
export const appInstances = pgTable('app_instances', {
  id: text('id').primaryKey(),
  /** Where it runs, for whoever reads the table: host name and process id. */
  label: text('label').notNull(),
  workerIds: text('worker_ids').array().notNull().default(sql`'{}'::text[]`),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
  heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }).notNull().defaultNow(),
})
