/**
 * The walk-in queue (docs/decisions/0053): parties who came to the door when
 * no table was free, waiting at the bar to be called. Staff add them from
 * Walk-in with the wait they quoted, see how long each has waited and which
 * table is free for them now, and seat them (POST /api/admin/walk-ins with
 * `queueEntryId`) or mark them gone. Shared by the server and Tonight.
 */
import { z } from 'zod'
import { ADMIN_PARTY_MAX, ADMIN_RESERVATION_MESSAGES, type BookedTable } from './admin-reservations-schema'
import { PG_INTEGER_MAX, text, VersionSchema, wholeNumber } from './fields-schema'
import { minutesText, timeToMinutes } from './time'

/** waiting: at the bar; seated: given a table here (the walk-in booking is `reservationId`); left: gone without one. */
export const QUEUE_STATUSES = ['waiting', 'seated', 'left'] as const
export type QueueStatus = (typeof QUEUE_STATUSES)[number]

/** The longest wait staff can quote, in minutes. */
export const QUOTE_MAX_MINUTES = 240

export const QUEUE_MESSAGES = {
  nameRequired: 'Give a name to call them by',
  quoteRange: `Quoted wait must be from 0 to ${QUOTE_MAX_MINUTES} minutes`,
  notFound: 'That party is not in the walk-in queue',
  statusInvalid: "Status must be 'waiting' or 'left'",
  nothingToChange: 'Nothing to change',
} as const

const partySize = wholeNumber({ min: 1, max: PG_INTEGER_MAX, message: ADMIN_RESERVATION_MESSAGES.partySizeMin }).refine(
  (n) => n <= ADMIN_PARTY_MAX,
  ADMIN_RESERVATION_MESSAGES.partySizeMax,
)
const quotedMinutes = wholeNumber({ min: 0, max: QUOTE_MAX_MINUTES, message: QUEUE_MESSAGES.quoteRange })

/** POST /api/admin/walk-in-queue: who, how many, and optionally a phone to ring, the wait quoted and a note. Today, always. */
export const QueueJoinSchema = z.object({
  name: text({ max: 200, required: QUEUE_MESSAGES.nameRequired, label: 'Name' }),
  partySize,
  phone: text({ max: 40, label: 'Phone' })
    .nullish()
    .transform((v) => v ?? ''),
  quotedMinutes: quotedMinutes.nullish().transform((v) => v ?? null),
  notes: text({ max: 500, label: 'Notes' })
    .nullish()
    .transform((v) => v ?? ''),
})
export type QueueJoinInput = z.infer<typeof QueueJoinSchema>

/**
 * PATCH /api/admin/walk-in-queue/{id}, at the version staff read: gone
 * (`left`), back in the queue (`waiting`, in its old place), or a change of
 * party size (a friend turned up) or quote. Seating is Walk-in's.
 */
export const QueueUpdateSchema = z
  .object({
    status: z.enum(['waiting', 'left'], { error: QUEUE_MESSAGES.statusInvalid }).optional(),
    partySize: partySize.optional(),
    quotedMinutes: quotedMinutes.nullable().optional(),
    version: VersionSchema,
  })
  .refine((v) => v.status !== undefined || v.partySize !== undefined || v.quotedMinutes !== undefined, QUEUE_MESSAGES.nothingToChange)
export type QueueUpdateInput = z.infer<typeof QueueUpdateSchema>

/** A party in the queue as staff see it. */
export type QueueEntry = {
  id: number
  name: string
  phone: string
  partySize: number
  quotedMinutes: number | null
  notes: string
  status: QueueStatus
  /** When they joined, venue time ('HH:MM'), and as an instant. */
  joinedTime: string
  joinedAt: string
  /** When they were seated or left (venue time), else null. */
  doneTime: string | null
  /** The walk-in booking they were seated as. */
  reservationId: number | null
  version: number
  /** Waiting only: the best table (or combination) free now for their whole stay, or null when none is. */
  freeNow: BookedTable[] | null
}

/** GET /api/admin/walk-in-queue: today's queue in the order they joined, with the venue's time now. */
export type QueueDay = { date: string; now: string; entries: QueueEntry[] }

/** 'Sam (4)': how the queue names a party. */
export const queuePartyText = (e: Pick<QueueEntry, 'name' | 'partySize'>) => `${e.name} (${e.partySize})`

/** Minutes a party has waited by `nowMinutes`, from when they joined ('HH:MM', the same day). */
export const waitedMinutes = (e: Pick<QueueEntry, 'joinedTime'>, nowMinutes: number) => Math.max(0, nowMinutes - timeToMinutes(e.joinedTime))

/** 'Waited 12 minutes of the 20 quoted', 'Waited 25 minutes: 5 minutes over the 20 quoted', 'Waited 3 minutes'. */
export function waitedText(entry: Pick<QueueEntry, 'joinedTime' | 'quotedMinutes'>, nowMinutes: number): { text: string; over: number } {
  const waited = waitedMinutes(entry, nowMinutes)
  if (entry.quotedMinutes === null) return { text: `Waited ${minutesText(waited)}`, over: 0 }
  const over = waited - entry.quotedMinutes
  if (over > 0) return { text: `Waited ${minutesText(waited)}: ${minutesText(over)} over the ${entry.quotedMinutes} quoted`, over }
  return { text: `Waited ${minutesText(waited)} of the ${entry.quotedMinutes} quoted`, over: 0 }
}
