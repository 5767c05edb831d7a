/**
 * The staff side of reservations: the admin booking form of SPEC.md section 5
 * (its messages word for word), the list's filters, and what the admin API
 * returns. Shared by `server/api/admin-reservation-routes.ts` and the panels.
 */
import { z } from 'zod'
import { FOOD_DRINKS, RESERVATION_DAY_PAGE_SIZE, RESERVATION_PAGE_SIZE, RESERVATION_STATUSES } from './constants'
import { PG_INTEGER_MAX, text, wholeNumber } from './fields-schema'
import { isoOf, toPublicReservation, type PublicReservation, type StoredReservation } from './reservation-form'
import type { BookingSource } from './booking-source'
import { VISIT_STATES, type VisitState, type VisitTimes } from './visit'
import { isValidDate, isValidTime } from './time'

export const ADMIN_RESERVATION_MESSAGES = {
  nameRequired: 'Name is required',
  emailInvalid: 'Valid email required',
  /** A phone or walk-in booking needs one way to reach the guest (issue 36): a phone, an email, or both. */
  contactRequired: 'Enter a phone number or an email',
  dateRequired: 'Date is required',
  dateInvalid: 'Date must be a real date',
  timeRequired: 'Time is required',
  timeInvalid: 'Time must be a time such as 19:30',
  partySizeMin: 'Party size must be at least 1',
  partySizeMax: `Party size must be ${500} or fewer`,
  pastDate: 'Choose today or a later date',
  notFound: 'Reservation not found',
  /** On a booking's card and details when it has no email: nothing is ever sent to its guest. */
  noEmail: 'No email: the guest is not emailed',
  /** Beside the staff form's Email. */
  emailHint: 'Optional when there is a phone. Without an email the guest is sent nothing.',
  searchTooLong: `Search must be at most ${100} characters`,
} as const
const M = ADMIN_RESERVATION_MESSAGES

/** The largest party staff can enter (a private hire of the whole pub). */
export const ADMIN_PARTY_MAX = 500

const isEmail = (value: string) => z.email().safeParse(value).success

/**
 * The Edit Reservation dialog's fields (SPEC.md section 2), as staff fill them
 * in. A phone or walk-in booking may have no email (issue 36): blank (or null)
 * is stored as null and its guest is never emailed; an email given must be
 * valid (SPEC.md section 5). The phone may be blank when there is an email;
 * with neither, `withContact` refuses the form.
 */
const AdminReservationFields = z.object({
  name: text({ max: 200, required: M.nameRequired, label: 'Name' }),
  email: text({ max: 254, label: 'Email', tooLong: M.emailInvalid })
    .nullish()
    .transform((v) => v || null)
    .refine((v) => v === null || isEmail(v), M.emailInvalid),
  phone: text({ max: 40, label: 'Phone' })
    .nullish()
    .transform((v) => v ?? ''),
  date: text({ max: 10, required: M.dateRequired, label: 'Date', tooLong: M.dateInvalid }).refine(isValidDate, M.dateInvalid),
  startTime: text({ max: 5, required: M.timeRequired, label: 'Time', tooLong: M.timeInvalid }).refine(isValidTime, M.timeInvalid),
  partySize: wholeNumber({ min: 1, max: PG_INTEGER_MAX, message: M.partySizeMin }).refine((n) => n <= ADMIN_PARTY_MAX, M.partySizeMax),
  additionalInfo: text({ max: 2000, multiline: true, label: 'Additional information' }).default(''),
  foodDrinks: z.enum(FOOD_DRINKS, { error: "Preference must be 'food_and_drinks' or 'drinks_only'" }),
  status: z.enum(RESERVATION_STATUSES, { error: 'Status must be pending, confirmed or cancelled' }),
})

/** A phone or an email, or both: with neither, the message goes beside the phone (checked even when other fields are wrong, so the form shows every message at once). */
function withContact<T extends z.ZodType<{ email?: string | null; phone?: string }>>(schema: T) {
  return schema.refine((v) => Boolean(v.email || v.phone), {
    message: M.contactRequired,
    path: ['phone'],
    // Not for a body that is no object at all: that is refused already, and has no fields to read.
    when: ({ value }) => typeof value === 'object' && value !== null,
  })
}

export const AdminReservationSchema = withContact(AdminReservationFields)
export type AdminReservationInput = z.infer<typeof AdminReservationSchema>
export type AdminReservationForm = z.input<typeof AdminReservationSchema>

/** A booking holds at most this many tables (a long table of pushed-together tops). */
export const TABLES_PER_BOOKING_MAX = 12
export const TABLE_IDS_MESSAGE = `Tables must be a list of up to ${TABLES_PER_BOOKING_MAX} table ids`

/**
 * `force: true` books or moves a reservation even over capacity, outside
 * booking hours or with no free table. `tableIds` names the tables it sits at
 * (issue 34; [] for none); without it, a venue with tables seats the booking
 * at the best free fit. A table held by another booking is never overridden.
 */
const override = {
  force: z.boolean({ error: 'force must be true or false' }).optional(),
  tableIds: z
    .array(wholeNumber({ min: 1, max: PG_INTEGER_MAX, message: TABLE_IDS_MESSAGE }), { error: TABLE_IDS_MESSAGE })
    .max(TABLES_PER_BOOKING_MAX, TABLE_IDS_MESSAGE)
    .refine((ids) => new Set(ids).size === ids.length, 'Each table can be named once')
    .optional(),
}

export const ENQUIRY_ID_MESSAGE = 'enquiryId must be the id of an event enquiry'

/**
 * POST /api/admin/reservations: a phone or walk-in booking. `enquiryId`: the
 * event enquiry it is made from ('Make a booking', issue 36), linked to it in
 * the booking's own transaction.
 */
export const StaffBookingSchema = withContact(
  AdminReservationFields.extend(override).extend({
    enquiryId: wholeNumber({ min: 1, max: PG_INTEGER_MAX, message: ENQUIRY_ID_MESSAGE }).optional(),
  }),
)

export const VERSION_MESSAGE = 'version must be the version of the booking as you read it (reload the booking and try again)'
/**
 * The version of the booking the change was made on (issue 33): a save against
 * a newer one is refused with 409, so nobody's change is overwritten unseen.
 */
const version = {
  version: wholeNumber({ min: 1, max: PG_INTEGER_MAX, message: VERSION_MESSAGE }),
}
/**
 * POST /api/admin/reservations/{id}/visit (issue 35): the visit state to move
 * to (forward one step, or back one: undo), and optionally the version the
 * booking was read at (a move on a booking changed meanwhile is refused).
 */
export const VisitMoveSchema = z.object({
  state: z.enum(VISIT_STATES, { error: 'State must be expected, arrived, seated, finished or no_show' }),
  version: version.version.optional(),
})

/** PATCH /api/admin/reservations/{id} with the whole edit form. */
export const ReservationEditSchema = withContact(AdminReservationFields.extend(override).extend(version))
/** PATCH /api/admin/reservations/{id} with the status alone (the list's confirm, cancel and decline buttons). */
export const ReservationStatusPatchSchema = z.object({ status: AdminReservationFields.shape.status, ...override, ...version })
/** PATCH /api/admin/reservations/{id} with the tables alone (assign or change them), at the version they were read at. */
export const ReservationTablesPatchSchema = z.object({ tableIds: override.tableIds.unwrap(), force: override.force, ...version })
export type ReservationPatch =
  | z.infer<typeof ReservationStatusPatchSchema>
  | z.infer<typeof ReservationEditSchema>
  | z.infer<typeof ReservationTablesPatchSchema>

/**
 * A PATCH body: the status alone (with `force` and `tableIds` at most), the
 * tables alone, or the whole edit form (SPEC.md section 7), each checked by
 * its own schema so messages name fields; each names the version it was read at.
 */
export function parseReservationPatch(body: unknown): ReservationPatch {
  const keys = body && typeof body === 'object' && !Array.isArray(body) ? Object.keys(body) : []
  const only = (...allowed: string[]) => keys.every((k) => allowed.includes(k))
  if (keys.includes('status') && only('status', 'force', 'tableIds', 'version')) return ReservationStatusPatchSchema.parse(body)
  if (keys.includes('tableIds') && only('tableIds', 'force', 'version')) return ReservationTablesPatchSchema.parse(body)
  return ReservationEditSchema.parse(body)
}

const dateParam = text({ max: 10, label: 'Date', tooLong: M.dateInvalid }).refine(isValidDate, M.dateInvalid)

/** The most a search answers at once (issue 36): staff type more to narrow it, and are told when there were more. */
export const RESERVATION_SEARCH_LIMIT = 50

/**
 * The list's filters: a day, or a range; a status; a search; a page. Without
 * a date, a search (`q`) looks at every date (issue 36), by name, email or
 * phone however it is typed; `first` is the day staff were looking at, whose
 * bookings come first (then upcoming, soonest first, then past, latest first).
 */
export const ReservationListQuerySchema = z.object({
  date: dateParam.optional(),
  from: dateParam.optional(),
  to: dateParam.optional(),
  first: dateParam.optional(),
  status: z.enum(RESERVATION_STATUSES, { error: 'Status must be pending, confirmed or cancelled' }).optional(),
  q: text({ max: 100, label: 'Search', tooLong: M.searchTooLong }).optional(),
  /** Only active bookings from today on that sit at no table while the venue has tables (issue 34). */
  needsTable: z.enum(['true', 'false'], { error: "needsTable must be 'true' or 'false'" }).transform((v) => v === 'true').optional(),
  page: wholeNumber({ min: 1, max: 100_000, message: 'Page must be a whole number from 1' }).default(1),
  pageSize: wholeNumber({ min: 1, max: RESERVATION_DAY_PAGE_SIZE, message: `Page size must be from 1 to ${RESERVATION_DAY_PAGE_SIZE}` }).default(RESERVATION_PAGE_SIZE),
})
export type ReservationListQuery = z.infer<typeof ReservationListQuerySchema>

/** Where a search result is (issue 36): on the day staff were looking at, upcoming, or past. */
export type SearchPlace = 'shown' | 'upcoming' | 'past'
export function searchPlaceOf(date: string, shown: string | undefined, today: string): SearchPlace {
  if (date === shown) return 'shown'
  return date >= today ? 'upcoming' : 'past'
}
export const SEARCH_PLACE_LABELS: Record<Exclude<SearchPlace, 'shown'>, string> = { upcoming: 'Upcoming', past: 'Past' }

/** The search's count as staff hear it: '3 bookings found', and when the search found more than it shows, how many. */
export function searchCountText(total: number, shown: number): string {
  const found = `${total} ${total === 1 ? 'booking' : 'bookings'} found`
  return total > shown ? `${found}: showing the first ${shown}. Type more of the name, email or phone to narrow it down.` : found
}

/** A table a booking sits at, as staff see it. */
export type BookedTable = { id: number; name: string; area: string }

/**
 * A reservation as the admin API returns it: the public fields, when it last
 * changed and its version (for the next edit), how long it holds its table,
 * the tables it sits at (issue 34) and whether it still needs one (an active
 * booking from today on, seated nowhere while the venue books tables), and
 * for a large party's request from the public form how long it holds its
 * seats unconfirmed (`holdUntil`) and when its guest confirmed it.
 */
export type AdminReservation = Omit<PublicReservation, 'email'> & {
  /** Null for a phone or walk-in booking taken without one: its guest is never emailed. */
  email: string | null
  updatedAt: string
  version: number
  durationMinutes: number
  tables: BookedTable[]
  needsTable: boolean
  holdUntil: string | null
  guestConfirmedAt: string | null
  /** Where it came from: online, phone, walk-in, event or waitlist. */
  source: BookingSource
  /** The visit on the night (issue 35): expected, arrived, seated, finished or no-show, and when each step was taken. */
  visitState: VisitState
  visitTimes: VisitTimes
  /** Its guest's profile (issue 37); null for a booking without an email. */
  guestId: number | null
}

type Instant = Date | string | null | undefined
const isoOrNull = (at: Instant) => (at ? isoOf(at) : null)

/** A stored reservation as the admin API answers it, with its tables and whether it needs one. */
export function toAdminReservation(
  r: StoredReservation & {
    version: number
    durationMinutes: number
    holdUntil?: Instant
    guestConfirmedAt?: Instant
    source?: BookingSource
    visitState?: VisitState
    arrivedAt?: Instant
    seatedAt?: Instant
    finishedAt?: Instant
    noShowAt?: Instant
    guestId?: number | null
  },
  seating: { tables: BookedTable[]; needsTable: boolean } = { tables: [], needsTable: false },
): AdminReservation {
  return Object.assign(toPublicReservation(r), {
    email: r.email,
    updatedAt: isoOf(r.updatedAt),
    version: r.version,
    durationMinutes: r.durationMinutes,
    tables: seating.tables,
    needsTable: seating.needsTable,
    holdUntil: isoOrNull(r.holdUntil),
    guestConfirmedAt: isoOrNull(r.guestConfirmedAt),
    source: r.source ?? 'online',
    visitState: r.visitState ?? 'expected',
    visitTimes: {
      arrivedAt: isoOrNull(r.arrivedAt),
      seatedAt: isoOrNull(r.seatedAt),
      finishedAt: isoOrNull(r.finishedAt),
      noShowAt: isoOrNull(r.noShowAt),
    },
    guestId: r.guestId ?? null,
  })
}

/**
 * What staff are told of a pending large party's request from the public form
 * (docs/decisions/0021): its guest confirmed it from their email; it waits for
 * them (holding its seats until `holdUntil`); or they did not confirm it in
 * time, and it holds no seats (staff can still confirm it). Null for any other booking.
 */
export type GuestConfirmation = 'confirmed' | 'awaiting' | 'not_confirmed'
export function guestConfirmationOf(r: Pick<AdminReservation, 'status' | 'holdUntil' | 'guestConfirmedAt'>, now: Date): GuestConfirmation | null {
  if (r.status !== 'pending') return null
  if (r.guestConfirmedAt) return 'confirmed'
  if (!r.holdUntil) return null
  return new Date(r.holdUntil).getTime() > now.getTime() ? 'awaiting' : 'not_confirmed'
}

export const GUEST_CONFIRMATION_LABELS: Record<GuestConfirmation, string> = {
  confirmed: 'Confirmed by the guest',
  awaiting: "Awaiting the guest's confirmation",
  not_confirmed: 'Not confirmed by the guest',
}

/** The Edit Reservation form's values for a reservation (its fields less the marketing opt-in, which staff do not edit, plus its status). */
export function editFormOf(r: AdminReservation): AdminReservationForm {
  const { name, email, phone, date, startTime, partySize, additionalInfo, foodDrinks, status } = r
  return { name, email: email ?? '', phone, date, startTime, partySize, additionalInfo, foodDrinks, status }
}

/** The list and its totals: the count and the guests of active bookings, for the whole filter (not only this page). */
export type ReservationList = { reservations: AdminReservation[]; total: number; covers: number; page: number; pageSize: number }

/** Why a staff booking or move needs an override: the answer's `code`, with a message saying why. */
export type CapacityConflictCode = 'outside_hours' | 'over_capacity' | 'over_pacing' | 'no_table'

/** The codes staff may override with 'Save anyway' (`force`): a table another booking holds never is. */
export const OVERRIDABLE_CONFLICTS: ReadonlySet<string> = new Set<CapacityConflictCode>(['outside_hours', 'over_capacity', 'over_pacing', 'no_table'])

/** One line of a booking's history in its details (GET /api/admin/reservations/{id}/history), oldest first. */
export type ReservationHistoryEntry = {
  kind: 'created' | 'confirmed' | 'changed' | 'cancelled' | 'reinstated' | 'reminder_sent' | 'review_requested'
  actor: 'guest' | 'staff' | 'system'
  detail: string
  at: string
}

/** GET /api/admin/availability/explain and /tables: a date, a time and a party. */
export const ExplainQuerySchema = z.object({
  date: dateParam,
  time: text({ max: 5, required: M.timeRequired, label: 'Time', tooLong: M.timeInvalid }).refine(isValidTime, M.timeInvalid),
  partySize: wholeNumber({ min: 1, max: PG_INTEGER_MAX, message: M.partySizeMin }).refine((n) => n <= ADMIN_PARTY_MAX, M.partySizeMax),
  /** A booking being edited: its own seats and tables do not count against it. */
  exceptId: wholeNumber({ min: 1, max: PG_INTEGER_MAX, message: 'exceptId must be a booking id' }).optional(),
})
export type ExplainQuery = z.infer<typeof ExplainQuerySchema>

/**
 * Why a time is or is not offered online to a party (the booking's own
 * decision, told to staff): `offered`, the reasons (closed, past, notice,
 * horizon, capacity, pacing, no_table_fits, tables_taken, area_closed), and
 * the tables a guest booking would get.
 */
export type AvailabilityExplanation = {
  offered: boolean
  reasons: { code: string; message: string }[]
  tables: BookedTable[]
}

/** A table in the staff booking form's picker: free at the time asked, or whom it is taken by. */
export type TableChoice = BookedTable & { minCovers: number; maxCovers: number; onlineBookable: boolean; free: boolean; takenBy: string | null }
