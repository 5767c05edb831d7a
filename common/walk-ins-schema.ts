/**
 * Walk-ins (issue 35): a party seated now without a booking. The body of
 * POST /api/admin/walk-ins, the query and answer of GET /api/admin/walk-ins/options,
 * shared by the server and the staff screens.
 */
import { z } from 'zod'
import { ADMIN_PARTY_MAX, ADMIN_RESERVATION_MESSAGES as M, TABLE_IDS_MESSAGE, TABLES_PER_BOOKING_MAX, type BookedTable } from './admin-reservations-schema'
import { IdSchema, PG_INTEGER_MAX, text, wholeNumber } from './fields-schema'

/** What a walk-in is called when staff give no name. */
export const WALK_IN_NAME = 'Walk-in'

export const STAY_MESSAGE = 'Stay must be from 15 to 720 minutes'

const partySize = wholeNumber({ min: 1, max: PG_INTEGER_MAX, message: M.partySizeMin }).refine((n) => n <= ADMIN_PARTY_MAX, M.partySizeMax)

/**
 * A walk-in: the party, and optionally a name (else 'Walk-in'), a phone (no
 * email: a walk-in's guest is never emailed), the tables staff seat them at
 * (else the best free fit) and a stay shorter than the turn time (so a table
 * a booking needs later can be used until then). `queueEntryId`: the party
 * is seated from the walk-in queue (docs/decisions/0053), whose name and phone
 * it takes when none is given.
 */
export const WalkInSchema = z.object({
  partySize,
  name: text({ max: 200, label: 'Name' })
    .nullish()
    .transform((v) => v || WALK_IN_NAME),
  phone: text({ max: 40, label: 'Phone' })
    .nullish()
    .transform((v) => v ?? ''),
  tableIds: z
    .array(wholeNumber({ min: 1, max: PG_INTEGER_MAX, message: TABLE_IDS_MESSAGE }), { error: TABLE_IDS_MESSAGE })
    .min(1, TABLE_IDS_MESSAGE)
    .max(TABLES_PER_BOOKING_MAX, TABLE_IDS_MESSAGE)
    .refine((ids) => new Set(ids).size === ids.length, 'Each table can be named once')
    .optional(),
  durationMinutes: wholeNumber({ min: 15, max: 720, message: STAY_MESSAGE }).optional(),
  queueEntryId: IdSchema.optional(),
})
export type WalkInInput = z.infer<typeof WalkInSchema>

export const WalkInOptionsQuerySchema = z.object({ partySize })

/**
 * A table (or combination) free now for a walk-in: until when (null: for the
 * rest of the day) and whether that covers the party's whole turn time.
 */
export type WalkInOption = { tables: BookedTable[]; freeUntil: string | null; fullStay: boolean }
/**
 * A party still seated past its time at tables that would take the walk-in
 * (docs/decisions/0052): not offered, as they are still there; free once staff
 * mark them finished. `dueAt`: the end of their booked stay ('HH:MM').
 */
export type StillSeatedParty = { reservationId: number; name: string; partySize: number; tables: BookedTable[]; dueAt: string }
/**
 * GET /api/admin/walk-ins/options: the venue's time now, the party's turn
 * time, the free tables, best first, the parties seated past their time at
 * tables that would otherwise be free for them, and, when nothing is free for
 * the whole stay, when something next is (the wait the host quotes).
 */
export type WalkInOptions = {
  now: string
  stayMinutes: number
  options: WalkInOption[]
  stillSeated: StillSeatedParty[]
  /** When no table is free now for the whole stay: the next that is today, and from when ('HH:MM'); null otherwise. */
  nextFree: { tables: BookedTable[]; at: string } | null
}
