import type pg from 'pg'
import type { EmailTemplateKey } from '#common/email'
import { addDays, timeToMinutes, todayIn, zonedParts } from '#common/time'
import { sendTogether } from '../db/pipeline'
import type { Reservation } from '../db/schema'
import { inTransaction } from '../db/transaction'
import type { Deps } from '../deps'
import type { EmailService } from './email-service'
import { bookingSummary, bookingVariables, type MessageData } from './outbox'
import type { SettingsService } from '../settings/settings-service'
import { RESERVATION_FIELDS } from '../reservations/booking-sql'
import { recordHistoryQuery, type HistoryKind } from '../reservations/history'

/**
 * How many days after a visit its review request may still go: enough to
 * catch up after the app was down for a weekend, never a flood of old visits
 * the first time review requests are turned on.
 */
export const REVIEW_CATCH_UP_DAYS = 3

/** One kind of message sent around a visit: the column that records it, its template and its history entry. */
type VisitEmail = { column: 'reminder_sent_at' | 'review_email_sent_at'; template: EmailTemplateKey; history: HistoryKind; name: string }

const REMINDER: VisitEmail = { column: 'reminder_sent_at', template: 'booking_reminder', history: 'reminder_sent', name: 'Booking reminders' }
const REVIEW_REQUEST: VisitEmail = { column: 'review_email_sent_at', template: 'review_request', history: 'review_requested', name: 'Review requests' }

/**
 * The scheduled emails around a visit (issue 15, DESIGN.md section 4): the
 * reminder before it and the review request after it. The job queue's crontab
 * runs both every few minutes; each finds what is due from the stored data
 * alone, so a missed run is caught up by the next and two app instances never
 * send the same message twice.
 */
export function createVisitEmails(
  { db, clock, config, logger }: Pick<Deps, 'db' | 'clock' | 'config' | 'logger'>,
  { settings, email }: { settings: SettingsService; email: Pick<EmailService, 'enqueue'> },
) {
  const log = logger.child({ component: 'visit-emails' })
  const timeZone = config.venueTimezone

  /**
   * One message a booking, and for a reminder one a visit time: a guest who
   * moves their booking (which clears reminder_sent_at) is reminded of the new time.
   */
  const messageKeyOf = (kind: VisitEmail, r: Reservation) =>
    kind === REMINDER ? `reservation:${r.id}:booking_reminder:${r.date}T${r.startTime}` : `reservation:${r.id}:${kind.template}`

  /**
   * In one transaction: `mark` records the message on each due booking and
   * returns them, then their messages and history entries are written. The
   * mark's own WHERE re-checks that nothing was recorded and the booking is
   * still confirmed, on the row it locks, so of two concurrent runs only one
   * gets each booking; the message's unique key is a second guard.
   */
  async function markAndSend(kind: VisitEmail, mark: pg.QueryConfig, data: (r: Reservation) => MessageData, now: Date): Promise<number[]> {
    const marked = await inTransaction(db, async (client, end) => {
      const [, updated] = await sendTogether(client, ['begin', mark])
      // The mark takes only bookings with an email (a phone booking without one is never emailed, issue 36).
      const rows = (updated!.rows as Reservation[]).filter((r): r is Reservation & { email: string } => Boolean(r.email))
      const writes = rows.length
        ? [
            ...email.enqueue(
              rows.map((r) => ({ messageKey: messageKeyOf(kind, r), templateKey: kind.template, to: r.email, reservationId: r.id, data: data(r) })),
            ),
            recordHistoryQuery(rows.map((r) => ({ reservationId: r.id, kind: kind.history, actor: 'system', detail: `to ${r.email}`, at: now }))),
          ]
        : []
      await sendTogether(client, [...writes, 'commit'])
      end.committed()
      return rows
    })
    const ids = marked.map((r) => r.id)
    if (ids.length) log.info({ reservationIds: ids }, `${kind.name}: ${ids.length} written to the outbox`)
    else log.debug(`${kind.name}: none due`)
    return ids
  }

  return {
    /**
     * Reminds guests of confirmed visits starting within the next
     * `reminderHoursBefore` hours (0: none). A booking made, moved or
     * otherwise changed inside that window gets none: its confirmation (or
     * the guest's talk with staff) came moments ago. Returns the
     * bookings reminded.
     */
    async sendDueReminders(): Promise<number[]> {
      const { reminderHoursBefore: hours } = await settings.guestEmails()
      if (hours === 0) return []
      const now = clock.now()
      const today = todayIn(now, timeZone)
      // The visit's start as an instant: its date and time are the venue's wall
      // clock, turned into an instant by PostgreSQL's zone rules (BST or GMT).
      const visit = `((date || ' ' || start_time)::timestamp at time zone $2::text)`
      const mark: pg.QueryConfig = {
        name: 'visit-emails-mark-reminders',
        text: `update reservations set ${REMINDER.column} = $1
          where status = 'confirmed' and ${REMINDER.column} is null and email is not null and email <> ''
            and date between $4 and $5
            and ${visit} > $1::timestamptz
            and ${visit} <= $1::timestamptz + make_interval(hours => $3::int)
            and coalesce(changed_at, created_at) < ${visit} - make_interval(hours => $3::int)
          returning ${RESERVATION_FIELDS}`,
        // A range of dates wide enough for any visit inside the window, so the date index is used.
        values: [now, timeZone, hours, today, addDays(today, Math.ceil(hours / 24) + 1)],
      }
      return markAndSend(
        REMINDER,
        mark,
        (r) => {
          const variables = bookingVariables(r)
          return { variables, summary: bookingSummary(variables), guest: true, manage: { reservationId: r.id, date: r.date } }
        },
        now,
      )
    },

    /**
     * Asks guests of confirmed visits for a review once the venue's clock
     * reaches `reviewSendTime` the day after (an older visit, up to
     * REVIEW_CATCH_UP_DAYS days back, is overdue and goes at once), unless the
     * review link is empty or the guest has unsubscribed. Returns the
     * bookings asked.
     */
    async sendDueReviewRequests(): Promise<number[]> {
      const { reviewUrl, reviewSendTime } = await settings.guestEmails()
      if (!reviewUrl) return []
      const now = clock.now()
      const { date: today, minutes } = zonedParts(now, timeZone)
      const lastVisitDate = addDays(today, minutes >= timeToMinutes(reviewSendTime) ? -1 : -2)
      const mark: pg.QueryConfig = {
        name: 'visit-emails-mark-review-requests',
        text: `update reservations r set ${REVIEW_REQUEST.column} = $1
          where status = 'confirmed' and ${REVIEW_REQUEST.column} is null and email is not null and email <> ''
            and date between $2 and $3
            and not exists (select 1 from marketing_consents m where lower(m.email) = lower(r.email) and m.unsubscribed_at is not null)
          returning ${RESERVATION_FIELDS}`,
        values: [now, addDays(today, -REVIEW_CATCH_UP_DAYS), lastVisitDate],
      }
      return markAndSend(
        REVIEW_REQUEST,
        mark,
        (r) => {
          const variables = { ...bookingVariables(r), reviewUrl }
          return { variables, summary: bookingSummary(variables), guest: true }
        },
        now,
      )
    },
  }
}
export type VisitEmails = ReturnType<typeof createVisitEmails>
