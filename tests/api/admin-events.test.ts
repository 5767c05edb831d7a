import { eq } from 'drizzle-orm'
import request from 'supertest'
import { beforeAll, describe, expect, it } from 'vitest'
import { EVENT_MESSAGES } from '#common/event-schema'
import { eventCategories, eventEnquiries, events, reservations } from '../../server/db/schema'
import { DEFAULT_EVENT_CATEGORIES, seed } from '../../server/db/seed'
import { createTestApp, signedInAgent, signedInAs, type TestApp } from '../helpers/app'
import { versionOf } from '../helpers/versions'

// Saturday 21 November 2026, 12:00 in London.
let t: TestApp
let staff: Awaited<ReturnType<typeof signedInAgent>>
beforeAll(async () => {
  t = await createTestApp({ now: '2026-11-21T12:00:00Z' })
  staff = await signedInAgent(t)
})

let n = 0
const event = (over: Record<string, unknown> = {}) => ({
  title: `Quiz Night ${++n}`,
  description: 'Six rounds and a picture round.\n\nTeams of up to six.',
  date: '2026-12-10',
  time: '19:30',
  ...over,
})
/** A save from a form that has just read the event: it sends the version the event is at now. */
const edit = async (id: number, body: Record<string, unknown>, status: number) =>
  staff.patch(`/api/admin/events/${id}`).send({ ...body, version: await versionOf(t.db, 'events', id) }).expect(status)
const create = async (over: Record<string, unknown> = {}) => (await staff.post('/api/admin/events').send(event(over)).expect(201)).body
const booking = (eventId: number, partySize: number, status: string) => ({
  name: 'Guest',
  email: `guest${++n}@example.com`,
  phone: '07700 900 123',
  date: '2026-12-10',
  startTime: '19:30',
  partySize,
  status,
  eventId,
})
const enquiry = (over: Partial<typeof eventEnquiries.$inferInsert> = {}) => ({
  eventTitle: 'English Wine Tasting Evening',
  eventDate: '2026-12-17',
  eventTime: '19:00',
  name: `Enquirer ${++n}`,
  email: `enquirer${n}@example.com`,
  phone: '07700 900 321',
  partySize: 4,
  ...over,
})
const givenEnquiry = async (over: Partial<typeof eventEnquiries.$inferInsert> = {}) =>
  (await t.db.insert(eventEnquiries).values(enquiry(over)).returning())[0]!

describe('staff only', () => {
  it.each([
    ['get', '/api/admin/events'],
    ['post', '/api/admin/events'],
    ['patch', '/api/admin/events/1'],
    ['delete', '/api/admin/events/1'],
    ['get', '/api/admin/event-categories'],
    ['get', '/api/admin/event-enquiries'],
    ['patch', '/api/admin/event-enquiries/1'],
    ['delete', '/api/admin/event-enquiries/1'],
  ] as const)('%s %s answers 401 signed out', async (method, path) => {
    const res = await request(t.app)[method](path).set('Sec-Fetch-Site', 'same-origin').send({})
    expect(res.status).toBe(401)
    expect(res.body).toEqual({ message: 'Unauthorized' })
  })
})

describe('POST /api/admin/events', () => {
  it('creates an event with the admin defaults, a slug from its title, lists as arrays and capacity as a number', async () => {
    const body = await create({ title: 'Quiz Night: Christmas Special!', tags: ['quiz', 'christmas'], gallery: ['/uploads/a.webp'], capacity: 40 })
    expect(body).toMatchObject({
      slug: 'quiz-night-christmas-special',
      title: 'Quiz Night: Christmas Special!',
      type: 'special_event',
      status: 'published',
      bookingType: 'table',
      featured: false,
      isRecurring: false,
      tags: ['quiz', 'christmas'],
      gallery: ['/uploads/a.webp'],
      capacity: 40,
      endTime: null,
      guestsBooked: 0,
    })
    expect(body.id).toBeGreaterThan(0)
    expect(body.createdAt).toMatch(/^\d{4}-\d\d-\d\dT/)
  })

  it("takes the form's comma-separated tags and gallery, and an empty capacity as none", async () => {
    const body = await create({ tags: ' music , , free entry ', gallery: '/uploads/a.webp, https://example.com/b.jpg', capacity: '' })
    expect(body.tags).toEqual(['music', 'free entry'])
    expect(body.gallery).toEqual(['/uploads/a.webp', 'https://example.com/b.jpg'])
    expect(body.capacity).toBeNull()
  })

  it('suffixes the slug when another event has the same title', async () => {
    const first = await create({ title: 'Burns Night' })
    const second = await create({ title: 'Burns Night' })
    const third = await create({ title: 'Burns  night!' })
    expect([first.slug, second.slug, third.slug]).toEqual(['burns-night', 'burns-night-2', 'burns-night-3'])
  })

  it('gives two events created at once with one title two slugs', async () => {
    const results = await Promise.all([1, 2, 3, 4].map(() => staff.post('/api/admin/events').send(event({ title: 'Race Night' }))))
    expect(results.map((r) => r.status)).toEqual([201, 201, 201, 201])
    expect(new Set(results.map((r) => r.body.slug))).toEqual(new Set(['race-night', 'race-night-2', 'race-night-3', 'race-night-4']))
  })

  it('requires title, description, date and start time, each with its message', async () => {
    const res = await staff.post('/api/admin/events').send({}).expect(400)
    expect(res.body.errors).toMatchObject({
      title: EVENT_MESSAGES.titleRequired,
      description: EVENT_MESSAGES.descriptionRequired,
      date: EVENT_MESSAGES.dateRequired,
      time: EVENT_MESSAGES.timeRequired,
    })
    const blank = await staff.post('/api/admin/events').send(event({ title: '   ', description: '\u200b' })).expect(400)
    expect(blank.body.errors).toMatchObject({ title: EVENT_MESSAGES.titleRequired, description: EVENT_MESSAGES.descriptionRequired })
  })

  it.each([
    [{ date: '2026-02-30' }, 'date', EVENT_MESSAGES.dateInvalid],
    [{ time: '25:00' }, 'time', EVENT_MESSAGES.timeInvalid],
    [{ endTime: '19:00' }, 'endTime', EVENT_MESSAGES.endAfterStart],
    [{ endTime: '19:30' }, 'endTime', EVENT_MESSAGES.endAfterStart],
    [{ endTime: '7pm' }, 'endTime', EVENT_MESSAGES.endTimeInvalid],
    [{ capacity: -1 }, 'capacity', EVENT_MESSAGES.capacity],
    [{ capacity: 2.5 }, 'capacity', EVENT_MESSAGES.capacity],
    [{ capacity: 'forty' }, 'capacity', EVENT_MESSAGES.capacity],
    [{ type: 'karaoke' }, 'type', EVENT_MESSAGES.type],
    [{ status: 'archived' }, 'status', EVENT_MESSAGES.status],
    [{ bookingType: 'tickets' }, 'bookingType', EVENT_MESSAGES.bookingType],
    [{ image: 'javascript:alert(1)' }, 'image', EVENT_MESSAGES.link('Image')],
    [{ gallery: ['/a.webp', 'data:x'] }, 'gallery', EVENT_MESSAGES.link('Gallery')],
    [{ tags: Array.from({ length: 31 }, (_, i) => `t${i}`) }, 'tags', EVENT_MESSAGES.listTooLong('Tags', 30)],
    [{ title: 'Quiz\u0000Night' }, 'title', 'Title contains characters that are not allowed'],
    [{ title: 'x'.repeat(201) }, 'title', 'This field is too long'],
    [{ featured: 'yes' }, 'featured', 'featured must be true or false'],
  ])('refuses %j with a clear message and stores nothing', async (over, field, message) => {
    const before = await t.db.$count(events)
    const res = await staff.post('/api/admin/events').send(event(over)).expect(400)
    expect(res.body.errors[field]).toBe(message)
    expect(res.body.message).toBe(message)
    expect(await t.db.$count(events)).toBe(before)
  })

  it('refuses a category that does not exist with 400, and keeps one that does', async () => {
    const res = await staff.post('/api/admin/events').send(event({ categoryId: 999999 })).expect(400)
    expect(res.body.message).toBe(EVENT_MESSAGES.category)
    const [category] = (await staff.get('/api/admin/event-categories').expect(200)).body
    expect((await create({ categoryId: String(category.id) })).categoryId).toBe(category.id)
  })

  it('keeps every field of the event entity', async () => {
    const full = {
      title: 'Garden Party',
      slug: '',
      description: 'All afternoon in the garden.',
      shortDescription: 'Summer in the garden.',
      date: '2027-06-12',
      time: '12:00',
      endTime: '16:00',
      type: 'private_hire',
      image: '/uploads/garden.webp',
      gallery: ['/uploads/g1.webp'],
      price: 'Free',
      capacity: 80,
      bookingType: 'enquiry',
      bookingUrl: 'https://example.com/book',
      featured: true,
      status: 'draft',
      tags: ['garden'],
      venue: 'The Wheatsheaf, Much Hadham',
      contact: 'events@example.com',
      depositRequired: '£10 per person',
      isRecurring: true,
      recurringPattern: 'Every second Saturday',
    }
    const body = await create(full)
    expect(body).toMatchObject({ ...full, slug: 'garden-party' })
  })
})

describe('GET /api/admin/events', () => {
  it('lists every event soonest first, drafts too, with the guests of its pending and confirmed bookings', async () => {
    const later = await create({ title: 'Later', date: '2027-03-01', status: 'draft', capacity: 30 })
    const sooner = await create({ title: 'Sooner', date: '2026-11-28', capacity: 20 })
    await t.db.insert(reservations).values([
      booking(later.id, 4, 'confirmed'),
      booking(later.id, 8, 'pending'),
      booking(later.id, 6, 'cancelled'),
      booking(sooner.id, 2, 'confirmed'),
    ])
    const list = (await staff.get('/api/admin/events').expect(200)).body as { id: number; date: string; guestsBooked: number }[]
    const dates = list.map((e) => e.date)
    expect(dates).toEqual([...dates].sort())
    expect(list.find((e) => e.id === later.id)).toMatchObject({ status: 'draft', guestsBooked: 12, capacity: 30 })
    expect(list.find((e) => e.id === sooner.id)).toMatchObject({ guestsBooked: 2 })
    // The seeded demo events are there too.
    expect(list.some((e) => (e as unknown as { slug: string }).slug === 'wheatsheaf-pub-quiz')).toBe(true)
  })
})

describe('PATCH /api/admin/events/{id}', () => {
  it('keeps the slug when the title changes', async () => {
    const created = await create({ title: 'Folk Evening' })
    const res = await edit(created.id, { title: 'Folk and Cider Evening' }, 200)
    expect(res.body).toMatchObject({ title: 'Folk and Cider Evening', slug: 'folk-evening', date: created.date, time: created.time })
    expect(res.body.updatedAt).toBe(t.clock.now().toISOString())
  })

  it("changes the slug when staff change it, made into a slug and suffixed if another event has it", async () => {
    const other = await create({ title: 'Cider Festival' })
    const created = await create({ title: 'Apple Day' })
    const renamed = await edit(created.id, { slug: 'Apple Day 2026' }, 200)
    expect(renamed.body.slug).toBe('apple-day-2026')
    const clash = await edit(created.id, { slug: other.slug }, 200)
    expect(clash.body.slug).toBe('cider-festival-2')
    // Sending its own slug back (the whole form saved again) keeps it.
    const same = await edit(created.id, { ...event(), slug: 'cider-festival-2' }, 200)
    expect(same.body.slug).toBe('cider-festival-2')
  })

  it('saves the whole form: every field sent back as the list gave it', async () => {
    const created = await create({ title: 'Round Trip', tags: ['a'], capacity: 10 })
    const { id, guestsBooked, createdAt, updatedAt, version, ...fields } = created
    void [guestsBooked, createdAt, updatedAt, version]
    const res = await edit(id, { ...fields, capacity: 12, status: 'cancelled' }, 200)
    expect(res.body).toMatchObject({ ...fields, capacity: 12, status: 'cancelled' })
  })

  it('checks the end time against the stored start time', async () => {
    const created = await create({ time: '19:30', endTime: '22:00' })
    const res = await edit(created.id, { endTime: '18:00' }, 400)
    expect(res.body).toMatchObject({ message: EVENT_MESSAGES.endAfterStart, errors: { endTime: EVENT_MESSAGES.endAfterStart } })
    await edit(created.id, { time: '23:00' }, 400)
    const cleared = await edit(created.id, { time: '23:00', endTime: null }, 200)
    expect(cleared.body).toMatchObject({ time: '23:00', endTime: null })
  })

  it('answers 400 for nothing to change or a bad id, 404 for an unknown one', async () => {
    const created = await create()
    expect((await edit(created.id, {}, 400)).body.message).toMatch(/Nothing to change/)
    await staff.patch('/api/admin/events/abc').send({ title: 'x', version: 1 }).expect(400)
    await staff.patch('/api/admin/events/0').send({ title: 'x', version: 1 }).expect(400)
    expect((await staff.patch('/api/admin/events/999999').send({ title: 'x', version: 1 }).expect(404)).body.message).toBe(EVENT_MESSAGES.notFound)
  })
})

describe('DELETE /api/admin/events/{id}', () => {
  it('deletes the event; its bookings and enquiries stay, unlinked', async () => {
    const created = await create()
    const [reservation] = await t.db.insert(reservations).values(booking(created.id, 2, 'confirmed')).returning()
    const asked = await givenEnquiry({ eventId: created.id })
    await staff.delete(`/api/admin/events/${created.id}`).expect(204)
    expect((await t.db.select().from(events).where(eq(events.id, created.id))).length).toBe(0)
    const [kept] = await t.db.select().from(reservations).where(eq(reservations.id, reservation!.id))
    expect(kept!.eventId).toBeNull()
    const [enquiryKept] = await t.db.select().from(eventEnquiries).where(eq(eventEnquiries.id, asked.id))
    expect(enquiryKept!.eventId).toBeNull()
    await staff.delete(`/api/admin/events/${created.id}`).expect(404)
  })
})

describe('GET /api/admin/event-categories', () => {
  it('lists the seeded categories by name, with their colours', async () => {
    const res = await staff.get('/api/admin/event-categories').expect(200)
    expect(res.body.map((c: { name: string }) => c.name)).toEqual(DEFAULT_EVENT_CATEGORIES.map((c) => c.name).sort())
    expect(res.body[0]).toMatchObject({ id: expect.any(Number), color: expect.stringMatching(/^#[0-9A-F]{6}$/), isActive: true })
  })

  it('seeds them once: a second seed adds none', async () => {
    await seed(t.db, { now: t.clock.now(), timeZone: 'Europe/London' })
    expect(await t.db.$count(eventCategories)).toBe(DEFAULT_EVENT_CATEGORIES.length)
  })
})

describe('event enquiries', () => {
  it('lists enquiries newest first', async () => {
    t.clock.advance(1000)
    const older = await givenEnquiry({ createdAt: new Date('2026-11-19T10:00:00Z') })
    const newer = await givenEnquiry({ createdAt: new Date('2026-11-21T10:00:00Z') })
    const res = await staff.get('/api/admin/event-enquiries').expect(200)
    const ids = res.body.map((e: { id: number }) => e.id)
    expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(older.id))
    expect(res.body.find((e: { id: number }) => e.id === newer.id)).toMatchObject({
      status: 'pending',
      partySize: 4,
      eventTitle: 'English Wine Tasting Evening',
      createdAt: '2026-11-21T10:00:00.000Z',
    })
  })

  it('sets any status at once', async () => {
    const asked = await givenEnquiry()
    for (const status of ['confirmed', 'contacted', 'cancelled', 'pending']) {
      const res = await staff.patch(`/api/admin/event-enquiries/${asked.id}`).send({ status }).expect(200)
      expect(res.body).toMatchObject({ id: asked.id, status })
    }
    const [row] = await t.db.select().from(eventEnquiries).where(eq(eventEnquiries.id, asked.id))
    expect(row!.status).toBe('pending')
  })

  it('refuses an unknown status with 400 and an unknown enquiry with 404', async () => {
    const asked = await givenEnquiry()
    const res = await staff.patch(`/api/admin/event-enquiries/${asked.id}`).send({ status: 'done' }).expect(400)
    expect(res.body.message).toBe(EVENT_MESSAGES.enquiryStatus)
    await staff.patch(`/api/admin/event-enquiries/${asked.id}`).send({}).expect(400)
    await staff.patch('/api/admin/event-enquiries/999999').send({ status: 'confirmed' }).expect(404)
    await staff.patch('/api/admin/event-enquiries/1.5').send({ status: 'confirmed' }).expect(400)
  })

  it('deletes an enquiry', async () => {
    const asked = await givenEnquiry()
    await staff.delete(`/api/admin/event-enquiries/${asked.id}`).expect(204)
    expect(await t.db.$count(eventEnquiries, eq(eventEnquiries.id, asked.id))).toBe(0)
    const res = await staff.delete(`/api/admin/event-enquiries/${asked.id}`).expect(404)
    expect(res.body.message).toBe(EVENT_MESSAGES.enquiryNotFound)
  })
})

/** The audit rows written about one record, oldest first. */
const auditRows = async (entityType: string, entityId: number | string) =>
  (
    await t.db.$client.query<{ username: string; role: string; action: string; summary: string; before: Record<string, unknown> | null; after: Record<string, unknown> | null; at: Date }>(
      'select username, role, action, summary, before, after, at from audit_log where entity_type = $1 and entity_id = $2 order by id',
      [entityType, String(entityId)],
    )
  ).rows

describe('who changed an event, and no lost updates (issue 33)', () => {
  it('writes one audit row per change, with the changed fields only', async () => {
    const created = await create({ title: 'Christmas Jazz Night', date: '2026-12-19', capacity: 40 })
    await edit(created.id, { capacity: 50, price: '12.00' }, 200)
    await staff.delete(`/api/admin/events/${created.id}`).expect(204)
    const rows = await auditRows('event', created.id)
    expect(rows.map((r) => [r.username, r.role, r.action, r.summary])).toEqual([
      ['staff', 'owner', 'create', 'created the event Christmas Jazz Night, 19 Dec 2026'],
      ['staff', 'owner', 'update', 'changed the event Christmas Jazz Night'],
      ['staff', 'owner', 'delete', 'deleted the event Christmas Jazz Night, 19 Dec 2026'],
    ])
    expect(rows[1]).toMatchObject({ before: { capacity: 40, price: null }, after: { capacity: 50, price: '12.00' } })
  })

  it('refuses a save made over a newer version with 409, who and when, and the event as it is now; nothing is overwritten', async () => {
    const sam = await signedInAs(t, 'manager', 'sam')
    const created = await create({ title: 'Folk Night', capacity: 30, description: 'Bring an instrument.' })
    // A opens the edit dialog (version 1); sam changes the capacity and saves.
    const read = (await staff.get('/api/admin/events').expect(200)).body.find((e: { id: number }) => e.id === created.id)
    expect(read.version).toBe(1)
    await sam.patch(`/api/admin/events/${created.id}`).send({ capacity: 60, version: read.version }).expect(200)
    // A changes only the description and saves with what the form read.
    const res = await staff.patch(`/api/admin/events/${created.id}`).send({ ...read, description: 'Bring a fiddle.' }).expect(409)
    const [last] = (await auditRows('event', created.id)).slice(-1)
    const at = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(last!.at)
    expect(res.body.message).toBe(`This event was changed by sam at ${at} while you were editing.`)
    expect(res.body.current).toMatchObject({ id: created.id, capacity: 60, description: 'Bring an instrument.', version: 2 })
    const [row] = await t.db.select().from(events).where(eq(events.id, created.id))
    expect(row).toMatchObject({ capacity: 60, description: 'Bring an instrument.', version: 2 })
    // The refused save wrote no audit row; saved again at the new version it keeps both changes.
    expect((await auditRows('event', created.id)).map((r) => r.username)).toEqual(['staff', 'sam'])
    const again = await staff.patch(`/api/admin/events/${created.id}`).send({ description: 'Bring a fiddle.', version: res.body.current.version }).expect(200)
    expect(again.body).toMatchObject({ capacity: 60, description: 'Bring a fiddle.', version: 3 })
  })

  it('needs the version the form read', async () => {
    const created = await create()
    const res = await staff.patch(`/api/admin/events/${created.id}`).send({ title: 'No version' }).expect(400)
    expect(res.body.message).toBe('This form is out of date: reload the page and try again.')
  })

  it('a refused change leaves no audit row', async () => {
    const created = await create({ title: 'Rollback Night' })
    const before = await auditRows('event', created.id)
    // A category that does not exist: the UPDATE fails inside the transaction, which rolls back.
    await edit(created.id, { title: 'Renamed', categoryId: 999999 }, 400)
    expect(await auditRows('event', created.id)).toEqual(before)
  })
})
