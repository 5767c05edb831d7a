/**
 * The emails around a visit (issue 15): the reminder before it and the review
 * request after it, under a fixed clock. Each rule is checked at the minute it
 * turns, across both clock changes, and for two app instances running the
 * schedule at once.
 */
import { eq, inArray } from 'drizzle-orm'
import { parseCrontab } from 'graphile-worker'
import { beforeAll, describe, expect, it } from 'vitest'
import { guestActor, SYSTEM } from '../../server/audit/audit'
import { emailOutbox, marketingConsents, reservationHistory, reservations, type Reservation } from '../../server/db/schema'
import { CRONTAB, startWorker } from '../../server/jobs/worker'
import { manageLinkFor } from '../../server/reservations/manage-link'
import type { MessageData } from '../../server/email/outbox'
import { afterFile } from '../helpers/after-file'
import { createTestApp, secondInstance, type TestApp } from '../helpers/app'
import { startSmtpServer } from '../helpers/smtp'

const REVIEW_URL = 'https://g.page/r/wheatsheaf-review'
let t: TestApp
let smtp: Awaited<ReturnType<typeof startSmtpServer>>

beforeAll(async () => {
  smtp = await startSmtpServer()
  t = await createTestApp({ now: '2026-11-21T12:00:00Z', env: { SMTP_URL: smtp.url } })
  await t.services.settings.set('review_request_url', REVIEW_URL)
})

let n = 0
/** A booking, made (by default) long before any window opens. */
/** A booking as stored; its email '' when it has none (a phone booking, issue 36), for the address checks below. */
async function givenBooking(over: Partial<typeof reservations.$inferInsert> & { date: string; startTime: string }): Promise<Reservation & { email: string }> {
  const [row] = await t.db
    .insert(reservations)
    .values({ name: 'Ann Guest', email: `visit-${++n}@example.com`, phone: '07700 900 000', partySize: 2, status: 'confirmed', createdAt: new Date('2026-01-01T12:00:00Z'), ...over })
    .returning()
  return { ...row!, email: row!.email ?? '' }
}

const at = (iso: string) => t.clock.set(iso)
const reminders = () => t.services.visitEmails.sendDueReminders()
const reviewRequests = () => t.services.visitEmails.sendDueReviewRequests()
const outboxOf = (ids: number[]) => t.db.select().from(emailOutbox).where(inArray(emailOutbox.reservationId, ids))
const historyOf = (ids: number[]) => t.db.select().from(reservationHistory).where(inArray(reservationHistory.reservationId, ids))
const stored = async (id: number) => (await t.db.select().from(reservations).where(eq(reservations.id, id)))[0]!

/** Runs the reminders at each instant in turn, and says after which ones the booking had its reminder written. */
async function remindedAt(id: number, instants: string[]): Promise<boolean[]> {
  const seen: boolean[] = []
  for (const instant of instants) {
    at(instant)
    seen.push((await reminders()).includes(id))
  }
  return seen
}

describe('the reminder', () => {
  it('is written once, when the visit is 24 hours away: not a minute before, and not again on the next run', async () => {
    // 7 pm on a Saturday in November: GMT, so 19:00 UTC.
    const r = await givenBooking({ date: '2026-11-28', startTime: '19:00' })
    expect(await remindedAt(r.id, ['2026-11-27T18:59:00Z', '2026-11-27T19:00:00Z', '2026-11-27T19:05:00Z', '2026-11-28T18:00:00Z'])).toEqual([false, true, false, false])

    const [message, ...others] = await outboxOf([r.id])
    expect(others).toHaveLength(0)
    expect(message).toMatchObject({ messageKey: `reservation:${r.id}:booking_reminder:${r.date}T${r.startTime}`, templateKey: 'booking_reminder', toAddress: r.email })
    const data = message!.data as MessageData
    expect(data.manage).toEqual({ reservationId: r.id, date: '2026-11-28' })
    expect(data.guest).toBe(true)
    expect(data.summary).toContainEqual(['Time', '7:00 PM'])
    expect((await stored(r.id)).reminderSentAt).toEqual(new Date('2026-11-27T19:00:00Z'))
    expect(await historyOf([r.id])).toMatchObject([{ kind: 'reminder_sent', actor: 'system', detail: `to ${r.email}`, at: new Date('2026-11-27T19:00:00Z') }])
  })

  it('counts real hours across the October clock change: 7 pm GMT on Sunday 25th is reminded at 19:00 UTC (8 pm BST) on Saturday', async () => {
    // The clocks went back at 2 am on Sunday 25 October 2026, so 7 pm that evening is 19:00 UTC.
    const r = await givenBooking({ date: '2026-10-25', startTime: '19:00' })
    expect(await remindedAt(r.id, ['2026-10-24T18:00:00Z', '2026-10-24T18:59:00Z', '2026-10-24T19:00:00Z', '2026-10-25T10:00:00Z'])).toEqual([false, false, true, false])
  })

  it('counts real hours across the March clock change: 7 pm BST on Sunday 28th is reminded at 18:00 UTC (6 pm GMT) on Saturday', async () => {
    // The clocks go forward at 1 am on Sunday 28 March 2027, so 7 pm that evening is 18:00 UTC.
    const r = await givenBooking({ date: '2027-03-28', startTime: '19:00' })
    expect(await remindedAt(r.id, ['2027-03-27T17:59:00Z', '2027-03-27T18:00:00Z', '2027-03-28T12:00:00Z'])).toEqual([false, true, false])
  })

  it('is not sent for a booking made inside the window: its confirmation has just gone', async () => {
    const r = await givenBooking({ date: '2026-12-05', startTime: '19:00', createdAt: new Date('2026-12-04T20:00:00Z') })
    expect(await remindedAt(r.id, ['2026-12-04T20:05:00Z', '2026-12-05T12:00:00Z', '2026-12-05T18:55:00Z'])).toEqual([false, false, false])
    expect(await outboxOf([r.id])).toHaveLength(0)
  })

  it('is not sent once the booking is cancelled, nor for a pending booking', async () => {
    const cancelled = await givenBooking({ date: '2026-12-12', startTime: '13:00' })
    const pending = await givenBooking({ date: '2026-12-12', startTime: '13:30', partySize: 9, status: 'pending' })
    at('2026-12-10T09:00:00Z')
    await t.services.staffReservations.update(cancelled.id, { status: 'cancelled', version: cancelled.version }, SYSTEM)
    at('2026-12-11T14:00:00Z')
    const sent = await reminders()
    expect(sent).not.toContain(cancelled.id)
    expect(sent).not.toContain(pending.id)
    expect((await outboxOf([cancelled.id, pending.id])).filter((m) => m.templateKey === 'booking_reminder')).toHaveLength(0)
  })

  it('is not sent for a phone booking without an email (issue 36), while a booking beside it with one is reminded', async () => {
    const phoneOnly = await givenBooking({ date: '2026-12-19', startTime: '19:00', email: null, phone: '07700 900321' })
    const withEmail = await givenBooking({ date: '2026-12-19', startTime: '19:00' })
    at('2026-12-18T19:00:00Z')
    const sent = await reminders()
    expect(sent).toContain(withEmail.id)
    expect(sent).not.toContain(phoneOnly.id)
    expect(await outboxOf([phoneOnly.id])).toHaveLength(0)
    expect((await historyOf([phoneOnly.id])).filter((h) => h.kind === 'reminder_sent')).toHaveLength(0)
  })

  it('is not sent when Settings has 0 hours, and the setting picks the window', async () => {
    const r = await givenBooking({ date: '2026-12-19', startTime: '12:00' })
    try {
      await t.services.settings.set('booking_reminder_hours_before', '0')
      expect(await remindedAt(r.id, ['2026-12-19T11:00:00Z'])).toEqual([false])
      await t.services.settings.set('booking_reminder_hours_before', '2')
      expect(await remindedAt(r.id, ['2026-12-19T09:59:00Z', '2026-12-19T10:00:00Z'])).toEqual([false, true])
    } finally {
      await t.services.settings.set('booking_reminder_hours_before', '24')
    }
  })

  it('comes again for the new time when the guest moves a booking already reminded', async () => {
    const r = await givenBooking({ date: '2026-12-12', startTime: '19:00' })
    expect(await remindedAt(r.id, ['2026-12-11T19:00:00Z'])).toEqual([true])
    const token = manageLinkFor(t.config, 'http://localhost', r.id, r.date).split('/').at(-1)!
    // A day later, with the first reminder in hand, the guest moves to the next Saturday.
    await t.services.guestBookings.change(token, { date: '2026-12-19', startTime: '19:00', partySize: 2 }, guestActor(null))
    expect((await stored(r.id)).reminderSentAt).toBeNull()
    expect(await remindedAt(r.id, ['2026-12-18T18:59:00Z', '2026-12-18T19:00:00Z', '2026-12-18T19:30:00Z'])).toEqual([false, true, false])
    expect((await outboxOf([r.id])).filter((m) => m.templateKey === 'booking_reminder').map((m) => m.messageKey).sort()).toEqual([
      `reservation:${r.id}:booking_reminder:2026-12-12T19:00`,
      `reservation:${r.id}:booking_reminder:2026-12-19T19:00`,
    ])
  })

  it('is not sent for a booking moved into the window: the change email has just gone', async () => {
    const r = await givenBooking({ date: '2026-12-26', startTime: '19:00' })
    at('2026-12-24T12:00:00Z')
    const token = manageLinkFor(t.config, 'http://localhost', r.id, r.date).split('/').at(-1)!
    await t.services.guestBookings.change(token, { date: '2026-12-24', startTime: '19:00', partySize: 2 }, guestActor(null))
    expect(await remindedAt(r.id, ['2026-12-24T12:05:00Z', '2026-12-24T18:00:00Z'])).toEqual([false, false])
  })

  it('is never sent for a visit that has begun', async () => {
    const r = await givenBooking({ date: '2026-12-20', startTime: '12:00' })
    expect(await remindedAt(r.id, ['2026-12-20T12:00:00Z', '2026-12-20T15:00:00Z'])).toEqual([false, false])
  })
})

describe('the review request', () => {
  it('is written once, the morning after at 10:00 venue time: not at 09:59, and not again', async () => {
    const r = await givenBooking({ date: '2026-11-20', startTime: '19:00' })
    const seen: boolean[] = []
    for (const instant of ['2026-11-20T22:00:00Z', '2026-11-21T09:59:00Z', '2026-11-21T10:00:00Z', '2026-11-21T10:05:00Z', '2026-11-22T10:00:00Z']) {
      at(instant)
      seen.push((await reviewRequests()).includes(r.id))
    }
    expect(seen).toEqual([false, false, true, false, false])
    const [message, ...others] = await outboxOf([r.id])
    expect(others).toHaveLength(0)
    expect(message).toMatchObject({ messageKey: `reservation:${r.id}:review_request`, templateKey: 'review_request', toAddress: r.email })
    const data = message!.data as MessageData
    expect(data.variables.reviewUrl).toBe(REVIEW_URL)
    expect(data.calendar).toBeUndefined()
    expect(data.manage).toBeUndefined()
    expect((await stored(r.id)).reviewEmailSentAt).toEqual(new Date('2026-11-21T10:00:00Z'))
    expect(await historyOf([r.id])).toMatchObject([{ kind: 'review_requested', actor: 'system', detail: `to ${r.email}` }])
  })

  it('goes at 10:00 BST in summer, which is 09:00 UTC', async () => {
    const r = await givenBooking({ date: '2026-07-10', startTime: '19:00' })
    at('2026-07-11T08:59:00Z')
    expect(await reviewRequests()).not.toContain(r.id)
    at('2026-07-11T09:00:00Z')
    expect(await reviewRequests()).toContain(r.id)
  })

  it('is not sent for a cancelled visit, nor for a pending one', async () => {
    const cancelled = await givenBooking({ date: '2026-11-24', startTime: '19:00', status: 'cancelled' })
    const pending = await givenBooking({ date: '2026-11-24', startTime: '19:30', status: 'pending' })
    at('2026-11-25T10:00:00Z')
    const sent = await reviewRequests()
    expect(sent).not.toContain(cancelled.id)
    expect(sent).not.toContain(pending.id)
  })

  it('is not sent for a phone booking without an email (issue 36)', async () => {
    const phoneOnly = await givenBooking({ date: '2026-11-26', startTime: '19:00', email: null, phone: '07700 900322' })
    const withEmail = await givenBooking({ date: '2026-11-26', startTime: '19:30' })
    at('2026-11-27T10:00:00Z')
    const sent = await reviewRequests()
    expect(sent).toContain(withEmail.id)
    expect(sent).not.toContain(phoneOnly.id)
    expect(await outboxOf([phoneOnly.id])).toHaveLength(0)
  })

  it('is not sent while the review link is empty', async () => {
    const r = await givenBooking({ date: '2026-11-26', startTime: '19:00' })
    at('2026-11-27T10:00:00Z')
    try {
      await t.services.settings.set('review_request_url', '')
      expect(await reviewRequests()).toEqual([])
      expect((await stored(r.id)).reviewEmailSentAt).toBeNull()
    } finally {
      await t.services.settings.set('review_request_url', REVIEW_URL)
    }
    expect(await reviewRequests()).toContain(r.id)
  })

  it('is not sent to a guest who unsubscribed, whatever the case of the address', async () => {
    const r = await givenBooking({ date: '2026-11-28', startTime: '12:00', email: `Unsub-${++n}@Example.com` })
    await t.db.insert(marketingConsents).values({ email: r.email.toLowerCase(), name: r.name, source: 'booking', unsubscribedAt: new Date('2026-11-01T00:00:00Z') })
    at('2026-11-29T10:00:00Z')
    expect(await reviewRequests()).not.toContain(r.id)
    expect(await outboxOf([r.id])).toHaveLength(0)
  })

  it('catches up visits up to 3 days ago after downtime, but never older ones', async () => {
    const dates = ['2026-12-01', '2026-12-02', '2026-12-03', '2026-12-04']
    const [fiveDaysAgo, fourDaysAgo, threeDaysAgo, twoDaysAgo] = await Promise.all(dates.map((date) => givenBooking({ date, startTime: '19:00' })))
    // Early on the 6th, before the send time: the 4th's request is overdue and goes at once.
    at('2026-12-06T07:00:00Z')
    const sent = await reviewRequests()
    expect(sent).toContain(threeDaysAgo!.id)
    expect(sent).toContain(twoDaysAgo!.id)
    expect(sent).not.toContain(fourDaysAgo!.id)
    expect(sent).not.toContain(fiveDaysAgo!.id)
    expect(await outboxOf([fiveDaysAgo!.id, fourDaysAgo!.id])).toHaveLength(0)
  })
})

describe('two app instances running the schedule', () => {
  it('never write a message twice: 10 rounds of both jobs, run 3 times at once on each instance', async () => {
    const second = secondInstance(t).services
    const instances = [t.services, second]
    const due: number[] = []
    const sent: number[] = []
    for (let round = 0; round < 10; round++) {
      // Each round: a visit tomorrow evening (reminder due) and one last night (review due).
      const [tomorrow, lastNight] = await Promise.all([
        givenBooking({ date: '2027-01-16', startTime: `${12 + round}:00` }),
        givenBooking({ date: '2027-01-14', startTime: `${12 + round}:30` }),
      ])
      due.push(tomorrow!.id, lastNight!.id)
      at(`2027-01-15T22:${String(round * 5).padStart(2, '0')}:00Z`)
      const runs = await Promise.all(
        [0, 1, 2].flatMap(() => instances.flatMap((s) => [s.visitEmails.sendDueReminders(), s.visitEmails.sendDueReviewRequests()])),
      )
      sent.push(...runs.flat().filter((id) => due.includes(id)))
    }
    expect(sent.sort((a, b) => a - b)).toEqual([...due].sort((a, b) => a - b))
    const messages = await outboxOf(due)
    expect(messages).toHaveLength(due.length)
    expect(await historyOf(due)).toHaveLength(due.length)
  })
})

describe('delivered', () => {
  it('by the crontab tasks of the job queue, through a real SMTP server: the reminder and the review request, with their subjects and summaries', async () => {
    const worker = await startWorker(t.deps, t.services, { pollInterval: 100 })
    afterFile(() => worker.stop())
    const soon = await givenBooking({ name: 'Rita Reminder', date: '2027-02-06', startTime: '19:30', partySize: 4 })
    const after = await givenBooking({ name: 'Rob Review', date: '2027-02-04', startTime: '20:00' })
    at('2027-02-05T19:30:00Z')
    // The crontab's tasks, queued now rather than at the next five-minute tick.
    await worker.runner.addJob('booking_reminders', {})
    await worker.runner.addJob('review_requests', {})
    const to = (address: string) => smtp.received.filter((m) => m.envelopeTo.includes(address))
    await expect.poll(() => to(soon.email).length + to(after.email).length, { timeout: 15_000 }).toBe(2)

    const [reminder] = to(soon.email)
    expect(reminder!.subject).toBe('See you soon: your table at The Wheatsheaf Inn, Saturday, 06 February 2027 at 7:30 PM')
    expect(reminder!.text).toContain('Hello Rita Reminder,')
    expect(reminder!.text).toContain('Guests: 4')
    expect(reminder!.text).toContain('Time: 7:30 PM')
    expect(reminder!.text).toContain('Change or cancel:')

    const [review] = to(after.email)
    expect(review!.subject).toBe('Thank you for visiting The Wheatsheaf Inn')
    expect(review!.text).toContain('Thank you for joining us on Thursday, 04 February 2027.')
    expect(review!.text).toContain(`Leave a review: ${REVIEW_URL}`)
    expect(review!.html).toContain(`href="${REVIEW_URL}"`)
    expect(review!.attachments).toHaveLength(0)
  })
})

describe('the crontab itself', () => {
  const items = parseCrontab(CRONTAB)
  /** The minutes of an hour at which an item runs. */
  const minutes = (task: string) => {
    const item = items.find((i) => i.task === task)!
    return Array.from({ length: 60 }, (_, min) => min).filter((min) => item.match({ min, hour: 10, date: 5, month: 2, dow: 5 }))
  }

  it('schedules the reminders and review requests every 5 minutes, catching up 10, the housekeeping hourly, the waitlist expiry every minute and guest retention daily', () => {
    expect(items.map((i) => i.task).sort()).toEqual(['booking_reminders', 'guest_retention', 'housekeeping', 'review_requests', 'waitlist_expiry'])
    expect(minutes('waitlist_expiry')).toHaveLength(60)
    const fives = Array.from({ length: 12 }, (_, i) => i * 5)
    expect(minutes('booking_reminders')).toEqual(fives)
    expect(minutes('review_requests')).toEqual(fives)
    expect(minutes('housekeeping')).toEqual([0])
    // Issue 37: once a day (at 03:30), a missed day run when the app is back.
    expect(items.find((i) => i.task === 'guest_retention')!.options.backfillPeriod).toBe(86_400_000)
    for (const task of ['booking_reminders', 'review_requests']) expect(items.find((i) => i.task === task)!.options.backfillPeriod).toBe(10 * 60_000)
  })

  it('names only tasks the job queue runs: each, queued by its crontab name, is done (a reminder is delivered)', async () => {
    const worker = await startWorker(t.deps, t.services, { pollInterval: 100 })
    afterFile(() => worker.stop())
    const due = await givenBooking({ name: 'Cron Guest', date: '2027-03-06', startTime: '19:30' })
    at('2027-03-05T20:00:00Z')
    for (const item of items) await worker.runner.addJob(item.task, {})
    // A task the worker does not know stays queued for ever; one that fails stays with its error.
    const left = async () =>
      (await t.db.$client.query('select task_identifier, last_error from graphile_worker.jobs where task_identifier = any($1::text[])', [items.map((i) => i.task)])).rows
    await expect.poll(left, { timeout: 15_000 }).toEqual([])
    await expect.poll(() => smtp.received.filter((m) => m.envelopeTo.includes(due.email)).length, { timeout: 15_000 }).toBe(1)
  })
})
