/**
 * Enquiries staff can work (issue 36, item 8): notes on an enquiry (bounded,
 * at a version, audited), the sidebar's count of new ones, and 'Make a
 * booking', which links the enquiry to the booking in the booking's transaction.
 */
import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { ENQUIRY_ID_MESSAGE } from '#common/admin-reservations-schema'
import { ENQUIRY_NOTES_MAX, EVENT_MESSAGES } from '#common/event-schema'
import { FIELD_MESSAGES } from '#common/fields-schema'
import { eventEnquiries, reservations } from '../../server/db/schema'
import { createTestApp, signedInAgent, signedInAs, type TestApp } from '../helpers/app'

// Saturday 21 November 2026, 12:00 in London.
let t: TestApp
let staff: Awaited<ReturnType<typeof signedInAgent>>
beforeAll(async () => {
  t = await createTestApp({ now: '2026-11-21T12:00:00Z' })
  staff = await signedInAgent(t)
})

let n = 0
const givenEnquiry = async (over: Partial<typeof eventEnquiries.$inferInsert> = {}) =>
  (
    await t.db
      .insert(eventEnquiries)
      .values({
        eventTitle: 'English Wine Tasting Evening',
        eventDate: '2026-12-05',
        eventTime: '19:00',
        name: `Enquirer ${++n}`,
        email: `enquirer${n}@example.com`,
        phone: '07700 900 321',
        partySize: 4,
        ...over,
      })
      .returning()
  )[0]!
const stored = async (id: number) => (await t.db.select().from(eventEnquiries).where(eq(eventEnquiries.id, id)))[0]!
const auditRows = async (entityId: number) =>
  (
    await t.db.$client.query<{ username: string; action: string; summary: string; before: Record<string, unknown> | null; after: Record<string, unknown> | null }>(
      `select username, action, summary, before, after from audit_log where entity_type = 'event_enquiry' and entity_id = $1 order by id`,
      [String(entityId)],
    )
  ).rows
const listed = async (id: number) => (await staff.get('/api/admin/event-enquiries').expect(200)).body.find((e: { id: number }) => e.id === id)
const bookingFrom = (enquiry: { id: number; name: string; email: string; phone: string; partySize: number }, over: Record<string, unknown> = {}) => ({
  name: enquiry.name,
  email: enquiry.email,
  phone: enquiry.phone,
  date: '2026-12-05',
  startTime: '19:00',
  partySize: enquiry.partySize,
  additionalInfo: `From the enquiry about English Wine Tasting Evening`,
  foodDrinks: 'food_and_drinks',
  status: 'confirmed',
  enquiryId: enquiry.id,
  ...over,
})

describe('notes on an enquiry', () => {
  it('saves the notes and lists them with the version and no booking', async () => {
    const asked = await givenEnquiry()
    const before = await listed(asked.id)
    expect(before).toMatchObject({ notes: '', reservationId: null, booking: null, version: 1 })
    const res = await staff
      .patch(`/api/admin/event-enquiries/${asked.id}`)
      .send({ notes: 'Rang back 12:10.\nWants the window table.', version: 1 })
      .expect(200)
    expect(res.body).toMatchObject({ id: asked.id, notes: 'Rang back 12:10.\nWants the window table.', version: 2, status: 'pending' })
    expect(await listed(asked.id)).toMatchObject({ notes: 'Rang back 12:10.\nWants the window table.', version: 2 })
  })

  it("lists the event's own date and time for the booking form, while the event exists", async () => {
    const event = (await staff.post('/api/admin/events').send({ title: 'Cider Festival', description: 'Ten ciders.', date: '2026-12-12', time: '18:30' }).expect(201)).body
    const asked = await givenEnquiry({ eventId: event.id, eventTitle: 'Cider Festival', eventDate: 'Saturday 12th December', eventTime: '6:30 PM' })
    expect(await listed(asked.id)).toMatchObject({ eventDate: 'Saturday 12th December', eventStart: { date: '2026-12-12', time: '18:30' } })
    expect(await listed((await givenEnquiry()).id)).toMatchObject({ eventStart: null })
  })

  it('writes an audit row with the old and new notes', async () => {
    const asked = await givenEnquiry({ name: 'Nora Notes' })
    await staff.patch(`/api/admin/event-enquiries/${asked.id}`).send({ notes: 'Vegetarian x2', version: 1 }).expect(200)
    const rows = await auditRows(asked.id)
    expect(rows).toEqual([
      {
        username: 'staff',
        action: 'update',
        summary: 'changed the notes on the enquiry of Nora Notes for English Wine Tasting Evening',
        before: { notes: '' },
        after: { notes: 'Vegetarian x2' },
      },
    ])
  })

  it(`refuses notes over ${ENQUIRY_NOTES_MAX} characters with 400 and the message, changing nothing`, async () => {
    const asked = await givenEnquiry()
    await staff.patch(`/api/admin/event-enquiries/${asked.id}`).send({ notes: 'x'.repeat(ENQUIRY_NOTES_MAX), version: 1 }).expect(200)
    const res = await staff.patch(`/api/admin/event-enquiries/${asked.id}`).send({ notes: 'y'.repeat(ENQUIRY_NOTES_MAX + 1), version: 2 }).expect(400)
    expect(res.body.message).toBe(EVENT_MESSAGES.notesTooLong)
    expect(EVENT_MESSAGES.notesTooLong).toBe('Notes must be 2,000 characters or fewer')
    expect(await stored(asked.id)).toMatchObject({ notes: 'x'.repeat(ENQUIRY_NOTES_MAX), version: 2 })
    expect(await auditRows(asked.id)).toHaveLength(1)
  })

  it('needs the version with notes, and a number for it', async () => {
    const asked = await givenEnquiry()
    const res = await staff.patch(`/api/admin/event-enquiries/${asked.id}`).send({ notes: 'No version' }).expect(400)
    expect(res.body.message).toBe(EVENT_MESSAGES.notesNeedVersion)
    const bad = await staff.patch(`/api/admin/event-enquiries/${asked.id}`).send({ notes: 'Bad version', version: 'one' }).expect(400)
    expect(bad.body.message).toBe(FIELD_MESSAGES.version)
    const empty = await staff.patch(`/api/admin/event-enquiries/${asked.id}`).send({ version: 1 }).expect(400)
    expect(empty.body.message).toBe(EVENT_MESSAGES.enquiryPatchEmpty)
    expect(await stored(asked.id)).toMatchObject({ notes: '', version: 1 })
  })

  it('refuses notes saved over a newer version with 409 stale_version, who and when, and the enquiry now', async () => {
    const sam = await signedInAs(t, 'staff', 'sam')
    const asked = await givenEnquiry()
    // sam marks it contacted from the card while staff are writing a note on version 1.
    await sam.patch(`/api/admin/event-enquiries/${asked.id}`).send({ status: 'contacted' }).expect(200)
    const res = await staff.patch(`/api/admin/event-enquiries/${asked.id}`).send({ notes: 'Mine', version: 1 }).expect(409)
    expect(res.body.code).toBe('stale_version')
    expect(res.body.message).toMatch(/^This enquiry was changed by sam at \d\d:\d\d while you were editing\.$/)
    expect(res.body.current).toMatchObject({ id: asked.id, status: 'contacted', notes: '', version: 2 })
    expect(await stored(asked.id)).toMatchObject({ notes: '', status: 'contacted', version: 2 })
    // Saved again at the version the 409 gave, the note goes in.
    await staff.patch(`/api/admin/event-enquiries/${asked.id}`).send({ notes: 'Mine', version: 2 }).expect(200)
    expect(await stored(asked.id)).toMatchObject({ notes: 'Mine', status: 'contacted', version: 3 })
  })

  it('answers 404 for an unknown enquiry', async () => {
    const res = await staff.patch('/api/admin/event-enquiries/999999').send({ notes: 'Nobody', version: 1 }).expect(404)
    expect(res.body.message).toBe(EVENT_MESSAGES.enquiryNotFound)
  })
})

describe('the sidebar count', () => {
  it('counts the enquiries still pending, and drops when one is marked contacted', async () => {
    const start = (await staff.get('/api/admin/event-enquiries/counts').expect(200)).body.pending as number
    const all = (await staff.get('/api/admin/event-enquiries').expect(200)).body as { status: string }[]
    expect(start).toBe(all.filter((e) => e.status === 'pending').length)
    const a = await givenEnquiry()
    await givenEnquiry()
    await givenEnquiry({ status: 'confirmed' })
    expect((await staff.get('/api/admin/event-enquiries/counts').expect(200)).body).toEqual({ pending: start + 2 })
    await staff.patch(`/api/admin/event-enquiries/${a.id}`).send({ status: 'contacted' }).expect(200)
    expect((await staff.get('/api/admin/event-enquiries/counts').expect(200)).body).toEqual({ pending: start + 1 })
  })
})

describe("'Make a booking' from an enquiry", () => {
  it('creates the booking and links the enquiry to it, confirmed, with an audit row, in one go', async () => {
    const asked = await givenEnquiry({ name: 'Bea Booker', partySize: 5 })
    const res = await staff.post('/api/admin/reservations').send(bookingFrom(asked)).expect(201)
    expect(res.body).toMatchObject({ name: 'Bea Booker', partySize: 5, date: '2026-12-05', startTime: '19:00', status: 'confirmed' })
    expect(await stored(asked.id)).toMatchObject({ reservationId: res.body.id, status: 'confirmed', version: 2 })
    expect(await listed(asked.id)).toMatchObject({
      reservationId: res.body.id,
      status: 'confirmed',
      booking: { id: res.body.id, date: '2026-12-05', startTime: '19:00', status: 'confirmed' },
    })
    const rows = await auditRows(asked.id)
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({
      action: 'book',
      summary: `made booking #${res.body.id} (2026-12-05 19:00) from the enquiry of Bea Booker for English Wine Tasting Evening`,
      before: { reservationId: null, status: 'pending' },
      after: { reservationId: res.body.id, status: 'confirmed' },
    })
  })

  it('a pending booking leaves the enquiry contacted', async () => {
    const asked = await givenEnquiry()
    const res = await staff.post('/api/admin/reservations').send(bookingFrom(asked, { status: 'pending', startTime: '19:30' })).expect(201)
    expect(await stored(asked.id)).toMatchObject({ reservationId: res.body.id, status: 'contacted' })
  })

  it('refuses a second booking for an enquiry that has one (409), storing nothing', async () => {
    const asked = await givenEnquiry()
    await staff.post('/api/admin/reservations').send(bookingFrom(asked, { startTime: '18:00', partySize: 2 })).expect(201)
    const count = await t.db.$count(reservations)
    const res = await staff.post('/api/admin/reservations').send(bookingFrom(asked, { startTime: '18:30', partySize: 2 })).expect(409)
    expect(res.body).toMatchObject({ code: 'enquiry_booked', message: EVENT_MESSAGES.enquiryBooked })
    expect(await t.db.$count(reservations)).toBe(count)
  })

  it('refuses an unknown enquiry with 400 and stores no booking', async () => {
    const count = await t.db.$count(reservations)
    const unknown = { id: 999999, name: 'Nobody', email: 'nobody@example.com', phone: '07700 900 999', partySize: 2 }
    const res = await staff.post('/api/admin/reservations').send(bookingFrom(unknown, { startTime: '20:00' })).expect(400)
    expect(res.body.message).toBe(EVENT_MESSAGES.enquiryForBooking)
    expect(res.body.errors).toEqual({ enquiryId: EVENT_MESSAGES.enquiryForBooking })
    const bad = await staff.post('/api/admin/reservations').send(bookingFrom(unknown, { enquiryId: 'x' })).expect(400)
    expect(bad.body.message).toBe(ENQUIRY_ID_MESSAGE)
    expect(await t.db.$count(reservations)).toBe(count)
    expect((await t.db.select().from(reservations).where(eq(reservations.email, 'nobody@example.com'))).length).toBe(0)
  })

  it('a booking refused for another reason leaves the enquiry unlinked', async () => {
    const asked = await givenEnquiry()
    // 03:00 is outside the booking hours: refused without 'Save anyway'.
    const res = await staff.post('/api/admin/reservations').send(bookingFrom(asked, { startTime: '03:00' })).expect(409)
    expect(res.body.code).toBe('outside_hours')
    expect(await stored(asked.id)).toMatchObject({ reservationId: null, status: 'pending', version: 1 })
    expect(await auditRows(asked.id)).toEqual([])
  })

  it('deleting the booking unlinks the enquiry, which can be booked again', async () => {
    const asked = await givenEnquiry()
    const made = await staff.post('/api/admin/reservations').send(bookingFrom(asked, { startTime: '20:30', partySize: 2 })).expect(201)
    await staff.delete(`/api/admin/reservations/${made.body.id}`).expect(204)
    expect(await stored(asked.id)).toMatchObject({ reservationId: null })
    expect(await listed(asked.id)).toMatchObject({ reservationId: null, booking: null })
    await staff.post('/api/admin/reservations').send(bookingFrom(asked, { startTime: '20:30', partySize: 2 })).expect(201)
  })
})
