/**
 * No inbox flooding (issue 31, item 3), end to end against a real SMTP server:
 * strangers' bookings and enquiries naming one address, a manage link changed
 * a hundred times at once, the same enquiry sent again, and a name field
 * used to carry a message.
 */
import { and, eq, sql } from 'drizzle-orm'
import request from 'supertest'
import { beforeAll, describe, expect, it } from 'vitest'
import { MANAGE_CHANGES_PER_HOUR } from '#common/manage-booking'
import { emailOutbox, events } from '../../server/db/schema'
import { greetingName, MAIL_TO_LIMIT_PER_HOUR, RECIPIENT_LIMIT_REASON } from '../../server/email/inbox-limits'
import { startWorker } from '../../server/jobs/worker'
import { afterFile } from '../helpers/after-file'
import { createTestApp, signedInAgent, type TestApp } from '../helpers/app'
import { startSmtpServer } from '../helpers/smtp'
import { phoneOf, seededPreference } from '../helpers/guest-booking'

const STAFF_INBOX = 'bookings@wheatsheaf.test'
let t: TestApp
let smtp: Awaited<ReturnType<typeof startSmtpServer>>
let staff: Awaited<ReturnType<typeof signedInAgent>>

beforeAll(async () => {
  smtp = await startSmtpServer()
  // The attack came from three addresses, each far past the challenge's few attempts an hour: here the inbox limits
  // are tested, the challenge in guest-limits.test.ts.
  t = await createTestApp({
    now: '2026-11-21T12:00:00Z',
    env: { SMTP_URL: smtp.url, TRUST_PROXY: 'true', CHALLENGE_AFTER_PER_ADDRESS: '100000', BOOKINGS_PER_ADDRESS_PER_DATE: '100000' },
  })
  await t.services.settings.set('venue_notification_email', STAFF_INBOX)
  await t.services.settings.set('booking_max_covers_per_slot', '0')
  // A staff alert of a guest's change waits 60 s for more in production: a moment here.
  const worker = await startWorker(t.deps, t.services, { pollInterval: 100, staffAlertWaitMs: 2_000 })
  afterFile(() => worker.stop())
  staff = await signedInAgent(t)
})

let n = 0
/** Ten open evenings (Wednesday to Sunday): one guest's bookings may not overlap. */
const DATES = ['2026-12-02', '2026-12-03', '2026-12-04', '2026-12-05', '2026-12-06', '2026-12-09', '2026-12-10', '2026-12-11', '2026-12-12', '2026-12-13']
const booking = (over: Record<string, unknown> = {}) => ({
  name: 'Ann Guest',
  email: `flood-${++n}@example.com`,
  // A phone of each guest's own: one phone holds at most a few bookings of a date.
  phone: phoneOf(`flood-${n}@example.com`),
  date: '2026-12-05',
  startTime: '19:00',
  partySize: 2,
  // Drinks Only from the kitchen's last orders (Sunday 18:00), as the booking page sends it (issue 36).
  foodDrinks: seededPreference(String(over.date ?? '2026-12-05'), String(over.startTime ?? '19:00')),
  ...over,
})
/** From one of three addresses, as the attack came. */
const book = (body: object, from = `203.0.113.${n % 3}`) => request(t.app).post('/api/reservations').set('X-Forwarded-For', from).send(body)
const to = (address: string) => smtp.received.filter((m) => m.envelopeTo.includes(address))

/** Waits until no message (to `address`, when given) is waiting to be sent: the queue has decided on every one. */
async function outboxSettled(address?: string, ms = 20_000) {
  const until = Date.now() + ms
  for (;;) {
    const [row] = await t.db
      .select({ waiting: sql<number>`count(*)::int` })
      .from(emailOutbox)
      .where(and(eq(emailOutbox.status, 'pending'), address ? eq(emailOutbox.toAddress, address) : undefined))
    if (row!.waiting === 0) return
    if (Date.now() > until) throw new Error(`${row!.waiting} messages still pending`)
    await new Promise((r) => setTimeout(r, 50))
  }
}
const rowsTo = (address: string) => t.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, address))

async function givenEvent() {
  const [event] = await t.db
    .insert(events)
    .values({ slug: `flood-event-${++n}`, title: `Quiz ${n}`, description: 'Quiz.', date: '2026-12-10', time: '19:30', bookingType: 'enquiry' })
    .returning()
  return event!
}
const enquire = (body: object, from = `203.0.113.${n % 3}`) => request(t.app).post('/api/event-enquiries').set('X-Forwarded-For', from).send(body)

describe('messages to one address', () => {
  it(`are at most ${MAIL_TO_LIMIT_PER_HOUR} an hour, however many strangers' bookings and enquiries name it; the rest wait in the delivery log`, async () => {
    const victim = 'victim@example.com'
    for (const date of DATES) await book(booking({ email: victim, date })).expect(201)
    for (let i = 0; i < 3; i++) await enquire({ eventId: (await givenEvent()).id, name: 'Ann', email: victim, phone: '07700 900 000' }).expect(201)
    await outboxSettled()
    expect(to(victim)).toHaveLength(MAIL_TO_LIMIT_PER_HOUR)
    const rows = await rowsTo(victim)
    expect(rows).toHaveLength(13)
    const held = rows.filter((r) => r.status === 'skipped')
    expect(held).toHaveLength(13 - MAIL_TO_LIMIT_PER_HOUR)
    expect(new Set(held.map((r) => r.lastError))).toEqual(new Set([RECIPIENT_LIMIT_REASON]))
    // Staff still hear of every booking and enquiry.
    expect(to(STAFF_INBOX).filter((m) => m.text?.includes(victim))).toHaveLength(13)

    // Staff send one again from the delivery log: it goes.
    await staff.post(`/api/admin/email-outbox/${held[0]!.id}/resend`).expect(200)
    await expect.poll(() => to(victim).length, { timeout: 10_000 }).toBe(MAIL_TO_LIMIT_PER_HOUR + 1)

    // An hour on, the address gets its messages again.
    t.clock.advance(60 * 60_000)
    await book(booking({ email: victim, date: '2026-12-16' })).expect(201)
    await expect.poll(() => to(victim).length, { timeout: 10_000 }).toBe(MAIL_TO_LIMIT_PER_HOUR + 2)
  })

  it("still gets what staff cause, and a guest's first confirmation of their own change through the manage link", async () => {
    const guest = 'regular@example.com'
    const large = await book(booking({ email: guest, date: '2026-12-17', partySize: 8 })).expect(201)
    for (const date of DATES.slice(0, MAIL_TO_LIMIT_PER_HOUR + 1)) await book(booking({ email: guest, date })).expect(201)
    await outboxSettled(guest)
    const sent = to(guest).length
    expect(sent).toBe(MAIL_TO_LIMIT_PER_HOUR)
    // Staff confirm the large party: the guest is told, limit or not.
    await staff.patch(`/api/admin/reservations/${large.body.id}`).send({ status: 'confirmed', version: 1 }).expect(200)
    await expect.poll(() => to(guest).length, { timeout: 10_000 }).toBe(sent + 1)
    // The guest moves a booking with its link: told once; a second move is counted like any message.
    const token = /\/booking\/manage\/([\w.-]+)/.exec(to(guest)[0]!.text!)![1]!
    await request(t.app).patch(`/api/manage-booking/${token}`).send({ date: '2026-12-17', startTime: '20:00', partySize: 8 }).expect(200)
    await expect.poll(() => to(guest).length, { timeout: 10_000 }).toBe(sent + 2)
    await request(t.app).patch(`/api/manage-booking/${token}`).send({ date: '2026-12-17', startTime: '20:30', partySize: 8 }).expect(200)
    await outboxSettled(guest)
    expect(to(guest)).toHaveLength(sent + 2)
  })
})

describe('a manage link changed a hundred times at once', () => {
  it(`takes ${MANAGE_CHANGES_PER_HOUR} changes an hour`, async () => {
    t.clock.advance(2 * 60 * 60_000)
    const guest = booking({ date: '2026-12-19', startTime: '18:00' })
    await book(guest).expect(201)
    await expect.poll(() => to(guest.email).length, { timeout: 10_000 }).toBe(1)
    const token = /\/booking\/manage\/([\w.-]+)/.exec(to(guest.email)[0]!.text!)![1]!
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        request(t.app)
          .patch(`/api/manage-booking/${token}`)
          .send({ date: '2026-12-19', startTime: i % 2 ? '18:00' : '18:30', partySize: 2 }),
      ),
    )
    const statuses = answers.map((a) => a.status)
    expect(statuses.filter((s) => s === 429)).toHaveLength(100 - MANAGE_CHANGES_PER_HOUR)
    expect(answers.find((a) => a.status === 429)!.body.message).toMatch(/^This booking has been changed many times in the last hour\. Please try again in \d+ minutes?, or call us\.$/)
    // The guest's own confirmations: no more than the link took, and within the address's hourly limit.
    await outboxSettled(guest.email)
    expect(to(guest.email).length).toBeLessThanOrEqual(MAIL_TO_LIMIT_PER_HOUR)
  })
})

describe("staff alerts of a guest's changes", () => {
  it('come as one for several changes in a row, saying how many and what the booking was before them', async () => {
    const guest = booking({ date: '2026-12-18', startTime: '18:00' })
    await book(guest).expect(201)
    await expect.poll(() => to(guest.email).length, { timeout: 10_000 }).toBe(1)
    const token = /\/booking\/manage\/([\w.-]+)/.exec(to(guest.email)[0]!.text!)![1]!
    for (const [startTime, partySize] of [['18:30', 2], ['19:00', 3], ['19:30', 4]] as const) {
      // A change's messages are keyed by its time: the fixed test clock moves on a little between them.
      t.clock.advance(5_000)
      await request(t.app).patch(`/api/manage-booking/${token}`).send({ date: '2026-12-18', startTime, partySize }).expect(200)
    }
    await outboxSettled()
    const alerts = to(STAFF_INBOX).filter((m) => m.subject?.startsWith('Booking changed by guest') && m.text?.includes(guest.email))
    expect(alerts).toHaveLength(1)
    expect(alerts[0]!.text).toContain('Changed by the guest after 3 changes within 1 minute. Before the first it was: Friday, 18 December 2026, 6:00 PM, 2 guests.')
    // It shows the booking as it is now.
    expect(alerts[0]!.text).toContain('7:30 PM')
    const rows = await t.db.select().from(emailOutbox).where(and(eq(emailOutbox.templateKey, 'staff_booking_changed'), sql`${emailOutbox.data}->'variables'->>'customerEmail' = ${guest.email}`))
    expect(rows.map((r) => r.status).sort()).toEqual(['sent', 'skipped', 'skipped'])
  })
})

describe('the same enquiry sent again', () => {
  it('is refused for the same event and address (any case) while the first is open; another address, event or a cancelled one is fine', async () => {
    const event = await givenEvent()
    const body = { eventId: event.id, name: 'Bea', email: 'bea@example.com', phone: '07700 900 222' }
    const first = await enquire(body).expect(201)
    const again = await enquire({ ...body, email: 'BEA@example.com', partySize: 4 }, '198.51.100.77')
    expect(again.status).toBe(409)
    expect(again.body.message).toBe('We already have your enquiry for this event, and will be in touch within 24 hours. To change it, please call us.')
    // Sent twice at once: one is kept.
    const other = await givenEvent()
    const both = await Promise.all([enquire({ ...body, eventId: other.id }), enquire({ ...body, eventId: other.id }, '198.51.100.78')])
    expect(both.map((r) => r.status).sort()).toEqual([201, 409])
    await enquire({ ...body, email: 'bea.two@example.com' }).expect(201)
    await staff.patch(`/api/admin/event-enquiries/${first.body.id}`).send({ status: 'cancelled' }).expect(200)
    await enquire(body).expect(201)
  })
})

describe('the greeting', () => {
  it("carries only the letters of a name: a name field typed as a message brings no link, address or number", async () => {
    const body = booking({ name: 'Claim your refund at www.evil.example/pay or call 0800 123 456 now', startTime: '16:00', date: '2026-12-20' })
    await book(body).expect(201)
    await expect.poll(() => to(body.email).length, { timeout: 10_000 }).toBe(1)
    const [mail] = to(body.email)
    const greeting = /Hello ([^,\n]*),/.exec(mail!.text!)![1]!
    expect(greeting).toBe('Claim your refund at www evil')
    expect(mail!.html).not.toContain('evil.example')
  })

  it.each([
    ["Siobhán O'Brien-Murphy", "Siobhán O'Brien-Murphy"],
    ['& & &', 'there'],
    ['Mr & Mrs Jones', 'Mr & Mrs Jones'],
    ['张伟', '张伟'],
    ['J. R. R. Tolkien', 'J R R Tolkien'],
    ['0800 123 456', 'there'],
    ['https://x.example', 'https x example'],
    ['A'.repeat(200), 'there'],
  ])('greets %j as %j', (name, greeting) => {
    expect(greetingName(name)).toBe(greeting)
  })
})
