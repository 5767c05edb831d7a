/**
 * The public events API (SPEC.md section 7, DESIGN.md section 6): the upcoming
 * list, one event by id or slug, and a guest's enquiry with its emails in the
 * outbox.
 */
import { eq } from 'drizzle-orm'
import request from 'supertest'
import { beforeAll, describe, expect, it } from 'vitest'
import { emailOutbox, eventEnquiries, events } from '../../server/db/schema'
import { createTestApp, type TestApp } from '../helpers/app'

const STAFF_INBOX = 'events@wheatsheaf.test'
let t: TestApp
let n = 0

beforeAll(async () => {
  // 21 November 2026, midday in London.
  // One address sends the enquiry limit's ten: the challenge past a few attempts is guest-limits.test.ts's to test.
  t = await createTestApp({ now: '2026-11-21T12:00:00Z', seed: false, env: { TRUST_PROXY: 'true', CHALLENGE_AFTER_PER_ADDRESS: '1000', CHALLENGE_AFTER_SITE: '100000' } })
  await t.services.settings.set('venue_notification_email', STAFF_INBOX)
})

async function givenEvent(over: Partial<typeof events.$inferInsert> = {}) {
  const [event] = await t.db
    .insert(events)
    .values({ slug: `event-${++n}`, title: `Event ${n}`, description: 'An evening.', date: '2026-12-05', time: '19:30', ...over })
    .returning()
  return event!
}
const from = (ip: string) => ({
  enquire: (body: object) => request(t.app).post('/api/event-enquiries').set('X-Forwarded-For', ip).send(body),
})
let ipCounter = 0
const enquire = (body: object) => from(`10.77.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`).enquire(body)
const enquiry = (eventId: number, over: Record<string, unknown> = {}) => ({
  eventId,
  name: 'Ann Guest',
  email: `enquirer-${++n}@example.com`,
  phone: '07700 900 111',
  partySize: 6,
  specialRequests: 'A table near the fire',
  eventTitle: 'What the page showed',
  eventDate: 'Friday 5th December',
  eventTime: '7:30 PM',
  ...over,
})

describe('GET /api/events/upcoming', () => {
  it('lists published events from today on, by date then time; drafts, cancelled and past events stay out', async () => {
    const late = await givenEvent({ title: 'Late', date: '2026-12-01', time: '21:00' })
    const early = await givenEvent({ title: 'Early', date: '2026-12-01', time: '18:00' })
    const today = await givenEvent({ title: 'Today', date: '2026-11-21', time: '20:00' })
    const past = await givenEvent({ title: 'Past', date: '2026-11-20' })
    const draft = await givenEvent({ title: 'Draft', status: 'draft' })
    const cancelled = await givenEvent({ title: 'Cancelled', status: 'cancelled' })
    const res = await request(t.app).get('/api/events/upcoming').expect(200)
    const ids = (res.body as { id: number }[]).map((e) => e.id)
    expect(ids.indexOf(today.id)).toBeLessThan(ids.indexOf(early.id))
    expect(ids.indexOf(early.id)).toBeLessThan(ids.indexOf(late.id))
    for (const hidden of [past, draft, cancelled]) expect(ids).not.toContain(hidden.id)
  })
})

describe('GET /api/events/{idOrSlug}', () => {
  it('finds an event by its id and by its slug', async () => {
    const event = await givenEvent({ slug: 'wine-tasting-evening', title: 'Wine Tasting Evening' })
    expect((await request(t.app).get(`/api/events/${event.id}`).expect(200)).body).toMatchObject({ id: event.id, title: 'Wine Tasting Evening' })
    expect((await request(t.app).get('/api/events/wine-tasting-evening').expect(200)).body).toMatchObject({ id: event.id })
  })
  it('answers 404 for a draft, a cancelled or an unknown event, and for anything that cannot be an id or slug', async () => {
    const draft = await givenEvent({ status: 'draft' })
    const cancelled = await givenEvent({ status: 'cancelled' })
    for (const path of [draft.id, draft.slug, cancelled.id, cancelled.slug, 999_999, 'no-such-event', 'Bad Slug!', '%00', '2147483648']) {
      const res = await request(t.app).get(`/api/events/${path}`).expect(404)
      expect(res.body.message).toBe('Event not found')
    }
  })
})

describe('POST /api/event-enquiries', () => {
  it("answers 201 with the enquiry, stored with the event's own title, date and time", async () => {
    const event = await givenEvent({ title: 'Wine Tasting', date: '2026-12-17', time: '19:00', endTime: '21:30', bookingType: 'enquiry' })
    const body = enquiry(event.id)
    const res = await enquire(body).expect(201)
    expect(res.body).toMatchObject({
      eventId: event.id,
      eventTitle: 'Wine Tasting',
      eventDate: 'Thursday 17th December',
      eventTime: '7:00 PM - 9:30 PM',
      name: 'Ann Guest',
      email: body.email,
      phone: '07700 900 111',
      partySize: 6,
      specialRequests: 'A table near the fire',
      status: 'pending',
    })
    const [row] = await t.db.select().from(eventEnquiries).where(eq(eventEnquiries.id, res.body.id))
    expect(row).toMatchObject({ eventTitle: 'Wine Tasting', status: 'pending', partySize: 6 })
  })

  it("writes the guest's acknowledgement and the staff alert to the outbox with it, once each", async () => {
    const event = await givenEvent({ title: 'Quiz Night' })
    const res = await enquire(enquiry(event.id, { name: 'Bea Quizzer' })).expect(201)
    const rows = await t.db.select().from(emailOutbox).where(eq(emailOutbox.messageKey, `enquiry:${res.body.id}:enquiry_received`))
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({ templateKey: 'enquiry_received', toAddress: res.body.email, status: 'pending' })
    expect((rows[0]!.data as { variables: Record<string, string> }).variables).toMatchObject({ customerName: 'Bea Quizzer', eventTitle: 'Quiz Night', partySize: '6' })
    const alert = await t.db.select().from(emailOutbox).where(eq(emailOutbox.messageKey, `enquiry:${res.body.id}:staff_new_enquiry`))
    expect(alert).toMatchObject([{ toAddress: STAFF_INBOX, templateKey: 'staff_new_enquiry' }])
  })

  it('defaults the party size to 2 and keeps an empty request as none', async () => {
    const event = await givenEvent()
    const { partySize: _p, specialRequests: _s, ...body } = enquiry(event.id)
    const res = await enquire(body).expect(201)
    expect(res.body).toMatchObject({ partySize: 2, specialRequests: null })
  })

  it('needs a name, an email and a phone, and a party of 1 to 12, and changes nothing when refused', async () => {
    const event = await givenEvent()
    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: '  ' }, 'name', 'Name is required'],
      [{ email: undefined }, 'email', 'Email is required'],
      [{ email: 'not-an-email' }, 'email', 'Please enter a valid email address'],
      [{ phone: '' }, 'phone', 'Phone is required'],
      [{ partySize: 13 }, 'partySize', 'Party size must be between 1 and 12'],
      [{ partySize: 0 }, 'partySize', 'Party size must be between 1 and 12'],
      [{ partySize: '2.5' }, 'partySize', 'Party size must be between 1 and 12'],
      [{ eventId: undefined }, 'eventId', 'Please choose an event'],
      [{ eventId: 2_147_483_648 }, 'eventId', 'Please choose an event'],
      [{ name: 'Ann\u0000' }, 'name', 'Name contains characters that are not allowed'],
    ]
    const before = await t.db.$count(eventEnquiries)
    for (const [over, field, message] of cases) {
      const res = await enquire(enquiry(event.id, over)).expect(400)
      expect(res.body.errors?.[field] ?? res.body.message, JSON.stringify(over)).toBe(message)
    }
    expect(await t.db.$count(eventEnquiries)).toBe(before)
  })

  it('refuses a draft, cancelled, past or unknown event', async () => {
    for (const over of [{ status: 'draft' }, { status: 'cancelled' }]) {
      const res = await enquire(enquiry((await givenEvent(over)).id)).expect(400)
      expect(res.body.message).toBe('This event is not taking enquiries. Please call us.')
    }
    const past = await enquire(enquiry((await givenEvent({ date: '2026-11-20' })).id)).expect(400)
    expect(past.body.message).toBe('This event has already taken place.')
    await enquire(enquiry(987_654)).expect(400)
  })

  it('refuses a filled honeypot', async () => {
    const event = await givenEvent()
    const res = await enquire(enquiry(event.id, { website: 'http://spam.example' })).expect(400)
    expect(res.body.message).toBe('Your enquiry could not be accepted. Please call us.')
  })

  it('answers 429 after 10 enquiries from one address in 10 minutes; another address is not affected', async () => {
    const event = await givenEvent()
    const ip = '192.0.2.91'
    for (let i = 0; i < 10; i++) await from(ip).enquire(enquiry(event.id)).expect(201)
    const res = await from(ip).enquire(enquiry(event.id)).expect(429)
    expect(res.body.message).toBe('Too many enquiries. Please try again in 10 minutes.')
    await from('192.0.2.92').enquire(enquiry(event.id)).expect(201)
  })
})
