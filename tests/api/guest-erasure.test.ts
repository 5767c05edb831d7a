/**
 * Erasure is complete (issue 37): one guest with a unique name, email and
 * phone books on the public form (with an Idempotency-Key and the marketing
 * box ticked), enquires about an event, gets emails (outbox rows), has a
 * staff edit of their booking (audit rows) and staff notes, joins the
 * waitlist when this database has one; then is erased. Afterwards EVERY text,
 * varchar, JSON and array column of every table of every schema but
 * PostgreSQL's own (pg_catalog, information_schema), the job queue's
 * included, is read, and none of the three strings is found anywhere, in any
 * case; the night's covers are what they were.
 */
import request from 'supertest'
import { beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, signedInAgent, type TestApp } from '../helpers/app'
import { guestBooking } from '../helpers/guest-booking'

const DATE = '2026-12-05'
const unique = `${process.pid}${Date.now() % 100_000}`
const NAME = `Zebulon Quartermaine-${unique}`
const EMAIL = `zq.erasure.${unique}@example.org`
const PHONE = `07700 9${unique.slice(-5).padStart(5, '0')}`
const STRINGS = [NAME, EMAIL, PHONE]

let t: TestApp
let owner: Awaited<ReturnType<typeof signedInAgent>>
beforeAll(async () => {
  t = await createTestApp({ now: '2026-11-21T12:00:00Z' })
  owner = await signedInAgent(t)
})

/** Each base table (of every schema but PostgreSQL's own) and its text, JSON and array columns. */
async function textColumns(): Promise<Map<string, string[]>> {
  const { rows } = await t.db.$client.query<{ schema: string; table: string; column: string }>(
    `select c.table_schema as schema, c.table_name as table, c.column_name as column
     from information_schema.columns c
     join information_schema.tables tb on tb.table_schema = c.table_schema and tb.table_name = c.table_name and tb.table_type = 'BASE TABLE'
     where c.table_schema not in ('pg_catalog', 'information_schema')
       and (c.data_type in ('text', 'character varying', 'character', 'json', 'jsonb', 'ARRAY') or c.udt_name = 'citext')`,
  )
  const tables = new Map<string, string[]>()
  for (const r of rows) {
    const name = `"${r.schema}"."${r.table}"`
    tables.set(name, [...(tables.get(name) ?? []), `"${r.column}"`])
  }
  return tables
}

/** The tables (and columns) holding any of the strings, in any case. */
async function whereFound(): Promise<string[]> {
  const patterns = STRINGS.map((s) => `%${s}%`)
  const found: string[] = []
  for (const [table, columns] of await textColumns()) {
    for (const column of columns) {
      const { rows } = await t.db.$client.query<{ n: number }>(`select count(*)::int as n from ${table} where ${column}::text ilike any($1::text[])`, [patterns])
      if (rows[0]!.n > 0) found.push(`${table}.${column}`)
    }
  }
  return found
}

const covers = async () => Number((await owner.get(`/api/admin/reservations?date=${DATE}`).expect(200)).headers['x-total-covers'])

describe('erasing a guest', () => {
  it('leaves none of their name, email or phone in any column of any table, and the night adds up as before', async () => {
    // The public booking, as the booking page sends it.
    const booked = await request(t.app)
      .post('/api/reservations')
      .set('Idempotency-Key', `erasure-${unique}`)
      .send(guestBooking({ name: NAME, email: EMAIL, phone: PHONE, date: DATE, startTime: '19:00', partySize: 4, receiveOffers: true, additionalInfo: `Ask for ${NAME}` }))
      .expect(201)
    // An enquiry about the seed's first event.
    await request(t.app)
      .post('/api/event-enquiries')
      .send({ eventId: 1, name: NAME, email: EMAIL, phone: PHONE, partySize: 6, specialRequests: `${NAME} would like the snug` })
      .expect(201)
    // A staff edit of the booking: audit rows with before and after values.
    const [row] = (await owner.get(`/api/admin/reservations?date=${DATE}&q=${encodeURIComponent(EMAIL)}`).expect(200)).body as Record<string, unknown>[]
    expect(row!.id).toBe(booked.body.id)
    await owner
      .patch(`/api/admin/reservations/${row!.id}`)
      .send({
        name: NAME.toUpperCase(),
        email: EMAIL,
        phone: PHONE,
        date: DATE,
        startTime: '19:00',
        partySize: 4,
        additionalInfo: `High chair for ${NAME}'s son`,
        foodDrinks: 'food_and_drinks',
        status: 'confirmed',
        version: row!.version,
      })
      .expect(200)
    // Staff notes on the profile.
    const guestId = row!.guestId as number
    expect(guestId).toBeGreaterThan(0)
    await owner.patch(`/api/admin/guests/${guestId}`).send({ version: 1, notes: `${NAME} prefers the window`, allergies: ['peanuts'], tags: ['VIP'] }).expect(200)
    // The waitlist (issue 35) when this database has one.
    const waitlist = (await t.db.$client.query<{ t: string | null }>(`select to_regclass('waitlist_entries')::text as t`)).rows[0]!.t
    if (waitlist) {
      await request(t.app).post('/api/waitlist').send({ name: NAME, email: EMAIL, phone: PHONE, partySize: 2, date: DATE, earliestTime: '19:00', latestTime: '21:00' })
    }

    // A party in the walk-in queue (docs/decisions/0053) that gave the same phone.
    await owner.post('/api/admin/walk-in-queue').send({ name: NAME, partySize: 2, phone: PHONE, notes: `${NAME} is at the bar` }).expect(201)

    // The scan finds them where they were put: it is not blind.
    const before = await whereFound()
    for (const table of ['reservations', 'event_enquiries', 'email_outbox', 'audit_log', 'guests', 'marketing_consents', 'walk_in_queue']) {
      expect(before.some((f) => f.startsWith(`"public"."${table}"`)), `${table} held the guest before`).toBe(true)
    }
    if (waitlist) expect(before.some((f) => f.startsWith('"public"."waitlist_entries"'))).toBe(true)
    const nightCovers = await covers()

    await owner.post(`/api/admin/guests/${guestId}/erase`).send({ confirm: 'someone.else@example.org' }).expect(400)
    const erased = await owner.post(`/api/admin/guests/${guestId}/erase`).send({ confirm: ` ${EMAIL.toUpperCase()} ` }).expect(200)
    expect(erased.body).toMatchObject({ name: 'Erased guest', email: null, phone: '', notes: '', allergies: [], tags: [], erased: true })

    expect(await whereFound()).toEqual([])
    expect(await covers()).toBe(nightCovers)
    // Its audit row names the guest by number only; a second erasure is refused.
    const { rows } = await t.db.$client.query(`select summary from audit_log where action = 'erase' and entity_type = 'guest' and entity_id = $1`, [String(guestId)])
    expect(rows.map((r) => r.summary)).toEqual([`erased guest #${guestId} (1 booking, 1 enquiry)`])
    await owner.post(`/api/admin/guests/${guestId}/erase`).send({ confirm: EMAIL }).expect(409)
  })

  it('is one transaction: when its last step fails, everything it had already blanked is as it was', async () => {
    const email = `all.or.nothing.${unique}@example.org`
    const booked = await request(t.app)
      .post('/api/reservations')
      .send(guestBooking({ name: 'Alma Atomic', email, date: DATE, startTime: '20:00', receiveOffers: true }))
      .expect(201)
    const guestId = (await t.db.$client.query('select guest_id from reservations where id = $1', [booked.body.id])).rows[0].guest_id as number
    // The guests row is the last step (personal-data.ts): make it fail, after every other table was cleaned.
    await t.db.$client.query(`create function refuse_erasure() returns trigger language plpgsql as $$
      begin raise exception 'refused for the test'; end $$`)
    await t.db.$client.query('create trigger refuse_erasure before update on guests for each row execute function refuse_erasure()')
    try {
      await owner.post(`/api/admin/guests/${guestId}/erase`).send({ confirm: email }).expect(500)
    } finally {
      await t.db.$client.query('drop trigger refuse_erasure on guests; drop function refuse_erasure()')
    }
    const { rows } = await t.db.$client.query(
      `select r.name, r.email, (select count(*)::int from marketing_consents where email = $2) as listed,
         (select count(*)::int from email_outbox where to_address = $2) as emails from reservations r where r.id = $1`,
      [booked.body.id, email],
    )
    expect(rows).toEqual([{ name: 'Alma Atomic', email, listed: 1, emails: 1 }])
  })
})
