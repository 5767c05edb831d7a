/**
 * Marketing Emails: the opt-in list staff export for a newsletter. One row per
 * address ignoring case, only while opted in; the name of the latest booking;
 * the CSV safe to open in a spreadsheet.
 */
import { sql } from 'drizzle-orm'
import request from 'supertest'
import { beforeAll, describe, expect, it } from 'vitest'
import type { MarketingEmail } from '#common/marketing'
import { createTestApp, signedInAgent, type TestApp } from '../helpers/app'
import { phoneOf } from '../helpers/guest-booking'

let t: TestApp
let staff: Awaited<ReturnType<typeof signedInAgent>>
beforeAll(async () => {
  t = await createTestApp({ now: '2026-11-21T12:00:00Z', env: { TRUST_PROXY: 'true' } })
  staff = await signedInAgent(t)
})

let n = 0
// Saturday 5 December 2026 is open from 12:00; each booking takes its own half hour so none is a duplicate.
const SATURDAYS = ['2026-12-05', '2026-12-12', '2026-12-19', '2026-12-26', '2027-01-02']
const TIMES = ['12:00', '12:30', '13:00', '13:30', '14:00', '14:30', '15:00', '15:30', '16:00', '16:30', '17:00', '17:30', '18:00', '18:30', '19:00']
function book(over: { name: string; email: string; receiveOffers: boolean }) {
  n++
  return request(t.app)
    .post('/api/reservations')
    .set('X-Forwarded-For', `10.66.0.${n}`)
    // A phone of each booking's own, and a Saturday in turn: one email or phone holds at most a few bookings of a date.
    .send({ phone: phoneOf(`${over.email}-${n}`), date: SATURDAYS[n % SATURDAYS.length], startTime: TIMES[n % TIMES.length], partySize: 2, ...over })
    .expect(201)
}
const list = async () => (await staff.get('/api/admin/marketing-emails').expect(200)).body as MarketingEmail[]
const rowFor = async (email: string) => (await list()).filter((r) => r.email.toLowerCase() === email.toLowerCase())

describe('GET /api/admin/marketing-emails', () => {
  it('is for staff only', async () => {
    await request(t.app).get('/api/admin/marketing-emails').expect(401)
    await request(t.app).get('/api/admin/marketing-emails/export').expect(401)
  })

  it('is empty before any guest opts in', async () => {
    expect(await list()).toEqual([])
    const csv = await staff.get('/api/admin/marketing-emails/export').expect(200)
    expect(csv.text).toBe('\uFEFFName,Email,First Opted In,Last Reservation\r\n')
  })

  it('lists a guest who ticked the box, and not one who did not', async () => {
    await book({ name: 'Ann Optin', email: 'ann.optin@example.com', receiveOffers: true })
    await book({ name: 'Bob Nope', email: 'bob.nope@example.com', receiveOffers: false })
    const [ann] = await rowFor('ann.optin@example.com')
    expect(ann).toMatchObject({ name: 'Ann Optin', email: 'ann.optin@example.com' })
    expect(Date.parse(ann!.createdAt)).not.toBeNaN()
    expect(Date.parse(ann!.lastReservation!)).not.toBeNaN()
    expect(await rowFor('bob.nope@example.com')).toEqual([])
  })

  it('gives one row per address whatever its case: first opt-in kept, name and last reservation from the latest booking', async () => {
    await book({ name: 'Cara First', email: 'Cara.Case@Example.com', receiveOffers: true })
    const [first] = await rowFor('cara.case@example.com')
    await new Promise((r) => setTimeout(r, 20))
    await book({ name: 'Cara Latest', email: 'cara.case@example.COM', receiveOffers: true })
    const rows = await rowFor('cara.case@example.com')
    expect(rows).toHaveLength(1)
    expect(rows[0]!.name).toBe('Cara Latest')
    expect(rows[0]!.createdAt).toBe(first!.createdAt)
    expect(rows[0]!.lastReservation! > first!.lastReservation!).toBe(true)
  })

  it('keeps a guest who books again without the tick (no opt-out), with the newer name and booking', async () => {
    await book({ name: 'Dan Keen', email: 'dan.keen@example.com', receiveOffers: true })
    const [before] = await rowFor('dan.keen@example.com')
    await new Promise((r) => setTimeout(r, 20))
    await book({ name: 'Daniel Keen', email: 'DAN.KEEN@example.com', receiveOffers: false })
    const [after] = await rowFor('dan.keen@example.com')
    expect(after).toMatchObject({ name: 'Daniel Keen', createdAt: before!.createdAt })
    expect(after!.lastReservation! > before!.lastReservation!).toBe(true)
  })

  it('drops a guest who unsubscribed (any case), and brings them back when they opt in again', async () => {
    await book({ name: 'Eve Leaves', email: 'eve.leaves@example.com', receiveOffers: true })
    const [before] = await rowFor('eve.leaves@example.com')
    // What the /unsubscribe link does once its signed token is checked.
    await t.services.email.unsubscribe('EVE.Leaves@example.com')
    expect(await rowFor('eve.leaves@example.com')).toEqual([])
    // A later booking without the tick does not undo the opt-out.
    await book({ name: 'Eve Leaves', email: 'eve.leaves@example.com', receiveOffers: false })
    expect(await rowFor('eve.leaves@example.com')).toEqual([])
    await book({ name: 'Eve Returns', email: 'eve.leaves@example.com', receiveOffers: true })
    const [back] = await rowFor('eve.leaves@example.com')
    expect(back).toMatchObject({ name: 'Eve Returns', createdAt: before!.createdAt })
  })

  it('lists the newest opt-in first', async () => {
    const rows = await list()
    const created = rows.map((r) => r.createdAt)
    expect(created).toEqual([...created].sort().reverse())
  })
})

describe('GET /api/admin/marketing-emails/export', () => {
  it('downloads marketing-emails-{date}.csv with the four columns and a line per guest', async () => {
    const res = await staff.get('/api/admin/marketing-emails/export').expect(200)
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8')
    expect(res.headers['content-disposition']).toBe('attachment; filename="marketing-emails-2026-11-21.csv"')
    const lines = res.text.replace(/^\uFEFF/, '').trimEnd().split('\r\n')
    expect(lines[0]).toBe('Name,Email,First Opted In,Last Reservation')
    expect(lines.length - 1).toBe((await list()).length)
    expect(lines.some((l) => /^Ann Optin,ann\.optin@example\.com,\d{4}-\d{2}-\d{2} \d{2}:\d{2},\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/.test(l))).toBe(true)
  })

  it('quotes commas and quotes, and defuses a name a spreadsheet would run as a formula', async () => {
    await book({ name: '=HYPERLINK("http://evil.example/x","Click me")', email: 'formula@example.com', receiveOffers: true })
    await book({ name: 'Smith, "Jo"', email: 'comma.quote@example.com', receiveOffers: true })
    await book({ name: '+44 Caller', email: 'plus@example.com', receiveOffers: true })
    await book({ name: '@Handle', email: 'at@example.com', receiveOffers: true })
    await book({ name: '-Minus', email: 'minus@example.com', receiveOffers: true })
    const text = (await staff.get('/api/admin/marketing-emails/export').expect(200)).text
    expect(text).toContain(`"'=HYPERLINK(""http://evil.example/x"",""Click me"")",formula@example.com,`)
    expect(text).toContain(`"Smith, ""Jo""",comma.quote@example.com,`)
    expect(text).toContain(`"'+44 Caller",plus@example.com,`)
    expect(text).toContain(`"'@Handle",at@example.com,`)
    expect(text).toContain(`"'-Minus",minus@example.com,`)
    // The JSON list keeps the name as the guest typed it.
    expect((await rowFor('formula@example.com'))[0]!.name).toBe('=HYPERLINK("http://evil.example/x","Click me")')
  })

  it('leaves Last Reservation empty for an opt-in with no booking on record', async () => {
    await t.db.execute(sql`insert into marketing_consents (email, name, source) values ('imported@example.com', 'Imported Guest', 'import')`)
    const text = (await staff.get('/api/admin/marketing-emails/export').expect(200)).text
    expect(text).toMatch(/\r\nImported Guest,imported@example\.com,\d{4}-\d{2}-\d{2} \d{2}:\d{2},\r\n/)
    expect((await rowFor('imported@example.com'))[0]!.lastReservation).toBeNull()
  })
})
