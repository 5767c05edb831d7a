/**
 * The live channel of the staff screens (issue 35, docs/decisions/0033): what a
 * change announces, how the stream names its events, and what staff read when
 * it is down. Shared by the server's stream and the browser's hook.
 */
import { z } from 'zod'

/** The PostgreSQL channel the triggers of the service-changes migration notify on. */
export const SERVICE_CHANGES_CHANNEL = 'service_changed'

/** The channel a deleted staff session announces itself on (migration 0030): its live streams are then closed. */
export const SESSION_ENDED_CHANNEL = 'session_ended'

/**
 * One change, as the database announces it: what kind of record, the date it concerns and one id. No
 * personal data: screens refetch what they show. A statement that changed several bookings of a date
 * announces the date once, with the lowest id. An event enquiry's date is the day it came in (UTC):
 * its screens refetch on any enquiry's change (migration 0028).
 */
export const ServiceChangeSchema = z.object({
  kind: z.enum(['reservation', 'waitlist', 'queue', 'enquiry']),
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  id: z.number().int(),
})
export type ServiceChange = z.infer<typeof ServiceChangeSchema>

/** A notification's payload as a change, or null for anything else (a hand-typed NOTIFY in psql). */
export function parseServiceChange(payload: string): ServiceChange | null {
  try {
    const parsed = ServiceChangeSchema.safeParse(JSON.parse(payload))
    return parsed.success ? parsed.data : null
  } catch {
    return null
  }
}

/** The stream's address and its event names. */
export const LIVE_PATH = '/api/admin/live'
export const LIVE_EVENTS = {
  /** data: a ServiceChange. */
  change: 'change',
  /** The instance's listener is down: changes may be missed until `ready`. */
  stale: 'stale',
  /** The instance hears changes (sent first on every stream, and again when its listener is back). */
  ready: 'ready',
} as const

/** The browser's reconnection delays: 1 s, doubling, at most 30 s. */
export const LIVE_RETRY_FIRST_MS = 1_000
export const LIVE_RETRY_MAX_MS = 30_000
export const liveRetryDelay = (attempt: number) => Math.min(LIVE_RETRY_MAX_MS, LIVE_RETRY_FIRST_MS * 2 ** attempt)

export { LIVE_MESSAGES, OFFLINE_CODE } from './live-messages'
