import type { EmailOutboxRow } from '../db/schema'
import type { Db } from '../db/client'
import { AttemptLimit } from '../rate-limits/attempts'
import type { MessageData } from './outbox'

/**
 * What keeps the app's mail from being turned on someone's inbox (issue 31):
 * a stranger's bookings and enquiries name a victim's address, or a manage
 * link is changed a hundred times a second. Each rule is applied when a
 * message is about to be sent, so it covers every way a message is written.
 */

/** Guest messages to one address in an hour, at most (a guest's own bookings and changes fit well within it). */
export const MAIL_TO_LIMIT_PER_HOUR = 5
export const RECIPIENT_LIMIT_REASON = `Not sent: ${MAIL_TO_LIMIT_PER_HOUR} messages had already gone to this address within the hour (the limit that stops a stranger flooding someone's inbox through our forms). Send it again from here if it is wanted.`

// Counted in PostgreSQL like every rate limit, so every app instance shares the count.
const recipientLimit = new AttemptLimit({ name: 'mail-to', windowMs: 60 * 60_000, limit: MAIL_TO_LIMIT_PER_HOUR, message: () => RECIPIENT_LIMIT_REASON })

/**
 * Whether a guest message may go to its address now: counts it against the
 * hourly limit, unless staff caused it (they confirmed, cancelled or sent it
 * again) or it is the first confirmation of a change the guest made to this
 * booking through its manage link (a guest who has just moved their table
 * always hears of it once). A message tried again after a failure was counted
 * at its first try.
 */
export async function withinRecipientLimit(db: Db, row: EmailOutboxRow, now: Date): Promise<boolean> {
  const data = row.data as MessageData
  if (!data.guest || data.byStaff || row.attempts > 0) return true
  if (row.templateKey === 'booking_changed' && row.reservationId !== null) {
    const { rowCount } = await db.$client.query(
      "select 1 from email_outbox where reservation_id = $1 and template_key = 'booking_changed' and status = 'sent' limit 1",
      [row.reservationId],
    )
    if (!rowCount) return true
  }
  try {
    await recipientLimit.count(db, row.toAddress.toLowerCase(), now)
    return true
  } catch {
    return false
  }
}

/** How long a staff alert of a guest's change waits for more changes to the same booking, sent as one alert. */
export const STAFF_ALERT_COLLAPSE_MS = 60_000
export const COLLAPSED_REASON = 'Not sent: a later alert about the same booking tells staff of this change too.'

export type StaffAlertDecision = { send: true; change?: string } | { send: false; until: Date } | { send: false; reason: string }

/**
 * A staff alert of a guest's own change (`staff_booking_changed`) waits
 * `waitMs` (STAFF_ALERT_COLLAPSE_MS) after it was written, by the database's
 * clock; by then, if the guest changed the booking again, only the latest
 * alert goes, saying how many changes it stands for and what the booking was
 * before the first of them. A hundred changes in a second are one alert.
 */
export async function staffAlertDecision(db: Db, row: EmailOutboxRow, waitMs = STAFF_ALERT_COLLAPSE_MS): Promise<StaffAlertDecision> {
  if (row.templateKey !== 'staff_booking_changed' || row.reservationId === null) return { send: true }
  // The alerts about this booking since the last one staff were sent, oldest first, and whether this one may go yet.
  const { rows } = await db.$client.query<{ id: number; data: MessageData; created_at: Date; due: Date; waiting: boolean }>(
    `select id, data, created_at, created_at + $3 * interval '1 millisecond' as due, created_at + $3 * interval '1 millisecond' > now() as waiting
       from email_outbox
      where reservation_id = $1 and template_key = 'staff_booking_changed'
        and id > coalesce((select max(id) from email_outbox where reservation_id = $1 and template_key = 'staff_booking_changed' and status = 'sent'), 0)
        and id <= $2
      order by id`,
    [row.reservationId, row.id, waitMs],
  )
  const own = rows.find((r) => r.id === row.id)
  if (own?.waiting) return { send: false, until: own.due }
  const { rows: later } = await db.$client.query(
    "select 1 from email_outbox where reservation_id = $1 and template_key = 'staff_booking_changed' and id > $2 limit 1",
    [row.reservationId, row.id],
  )
  if (later.length) return { send: false, reason: COLLAPSED_REASON }
  if (rows.length < 2) return { send: true }
  const first = rows[0]!
  const minutes = Math.max(1, Math.round((new Date(row.createdAt).getTime() - new Date(first.created_at).getTime()) / 60_000))
  const latestChange = (row.data as MessageData).variables.change ?? ''
  const what = latestChange.startsWith('Cancelled') ? 'Cancelled by the guest' : 'Changed by the guest'
  return {
    send: true,
    change: `${what} after ${rows.length} changes within ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}. Before the first it was: ${first.data.was ?? 'not recorded'}.`,
  }
}

/** The most of a guest's name a message to them carries. */
export const GREETING_NAME_MAX = 60
const GREETING_NAME_WORDS = 6

/**
 * A guest's name as the messages sent to them greet them: the letters of a
 * name (any script, with its accents), spaces, apostrophes, hyphens and
 * ampersands, at most six words and GREETING_NAME_MAX characters, and
 * "there" when nothing of a name is left ("Hello there,"). A name field typed
 * as "Claim your refund at www.evil.example/pay" cannot carry a link, an
 * address or a number into an email from the pub's own address.
 */
export function greetingName(name: string): string {
  const words = name
    .normalize('NFC')
    .replace(/[^\p{L}\p{M}'’&\- ]+/gu, ' ')
    .split(' ')
    .filter((w) => /\p{L}/u.test(w) || w === '&')
    .slice(0, GREETING_NAME_WORDS)
  let kept = ''
  for (const word of words) {
    const next = kept ? `${kept} ${word}` : word
    if (next.length > GREETING_NAME_MAX) break
    kept = next
  }
  return /\p{L}/u.test(kept) ? kept : 'there'
}
