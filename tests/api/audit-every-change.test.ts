/**
 * Every change has a name on it (issue 33): each admin mutation the app
 * registers, read from its own router (so a route added later is called
 * without anyone remembering to), is called as the owner with a valid body
 * (the fuzz suite's samples, tests/helpers/route-samples.ts) and must go
 * through and write exactly one audit row. A refused call (the same route
 * with an empty body) must write none.
 *
 * Some routes need something first (a failed email to resend, a code from the
 * authenticator, another session to end, a file): `prepare` sets that up. An
 * edit sends the version its row is at now, as a form that has just read it,
 * and acts on the record its resource's create made.
 */
import sharp from 'sharp'
import request from 'supertest'
import { beforeAll, describe, expect, it } from 'vitest'
import { AUDIT_ENTITY_TYPES } from '#common/audit-schema'
import { totpCode } from '../../server/auth/totp'
import { isStaffPath } from '../../server/http/routes'
import { createTestApp, signedInAgent, STAFF, type TestApp } from '../helpers/app'
import { SAMPLES } from '../helpers/route-samples'
import { registeredApiRoutes, routeName, type AppRoute } from '../helpers/routes'
import { dayVersion, settingVersion, versionOf } from '../helpers/versions'

type Agent = Awaited<ReturnType<typeof signedInAgent>>
type Call = { path?: string; body?: Record<string, unknown>; file?: Buffer }

let t: TestApp
let owner: Agent
let password = STAFF.password
let totpSecret = ''
const ids: Record<string, string | number> = {}
const params: Record<string, string> = { dayOfWeek: '5', key: 'footer_kitchen_hours' }
/** The table a resource's `:id` names, for the version an edit sends back. */
const TABLES: Record<string, string> = {
  events: 'events',
  'event-enquiries': 'event_enquiries',
  'hero-slides': 'hero_slides',
  'menu-sections': 'menu_sections',
  'email-templates': 'email_templates',
  'hour-exceptions': 'hour_exceptions',
  reservations: 'reservations',
  areas: 'areas',
  tables: 'dining_tables',
  'table-combinations': 'table_combinations',
  waitlist: 'waitlist_entries',
  'walk-in-queue': 'walk_in_queue',
  guests: 'guests',
}

beforeAll(async () => {
  t = await createTestApp({ now: '2026-11-21T12:00:00Z' })
  owner = await signedInAgent(t)
  const made = async (url: string, body: unknown) => (await owner.post(url).send(body as object).expect(201)).body.id as number
  ids.reservations = await made('/api/admin/reservations', { ...SAMPLES['post /api/admin/reservations'], email: 'audit-target@example.com', force: true })
  ids['hero-slides'] = await made('/api/admin/hero-slides', { ...SAMPLES['post /api/admin/hero-slides'], title: 'Audit target slide' })
  ids['hour-exceptions'] = await made('/api/admin/hour-exceptions', { ...SAMPLES['post /api/admin/hour-exceptions'], date: '2026-12-31' })
  ids.users = await made('/api/admin/users', { username: 'audit-target', role: 'staff', password: 'audit-target-password' })
  const first = async (table: string) => (await t.db.$client.query<{ id: number }>(`select min(id) as id from ${table}`)).rows[0]!.id
  ids.events = await first('events')
  ids['menu-sections'] = await first('menu_sections')
  ids['email-templates'] = await first('email_templates')
  ids['email-outbox'] = await first('email_outbox')
  ids.waitlist = (await request(t.app).post('/api/waitlist').send(SAMPLES['post /api/waitlist']).expect(201)).body.id
  // The staff booking's guest (issue 37).
  ids.guests = (await t.db.$client.query<{ id: number }>(`select id from guests where email_key = 'audit-target@example.com'`)).rows[0]!.id
  ids['event-enquiries'] = (await request(t.app).post('/api/event-enquiries').send(SAMPLES['post /api/event-enquiries']).expect(201)).body.id
  // The sample section is a wine list: the seeded one makes way, as a manager would delete it first.
  await t.db.$client.query("delete from menu_sections where category = 'wine'")
})

const concrete = (route: AppRoute) =>
  route.path.replace(/\/([\w-]+)\/:(\w+)/g, (_m, resource: string, name: string) => {
    const value = name === 'id' ? ids[resource] : params[name]
    if (value === undefined) throw new Error(`No value for :${name} of ${routeName(route)}: add one to the test`)
    return `/${resource}/${value}`
  })

/** The body with the version each edited row is at now (a sample's `version` is a placeholder). */
async function withCurrentVersions(route: AppRoute, body: Record<string, unknown>): Promise<Record<string, unknown>> {
  if (Array.isArray(body.changes)) {
    const changes = body.changes as { key: string }[]
    return { ...body, changes: await Promise.all(changes.map(async (c) => ({ ...c, version: await settingVersion(t.db, c.key) }))) }
  }
  if (!('version' in body)) return body
  if (route.path === '/api/admin/turn-times') return { ...body, version: (await owner.get('/api/admin/turn-times').expect(200)).body.version }
  const resource = route.path.match(/^\/api\/admin\/([\w-]+)/)![1]!
  const version =
    route.path.includes(':dayOfWeek') ? await dayVersion(t.db, Number(params.dayOfWeek))
    : route.path.includes(':key') ? await settingVersion(t.db, params.key!)
    : resource === 'cocktails-content' ? Number((await t.db.$client.query('select coalesce(max(version), 0) as v from cocktails_content')).rows[0].v)
    : await versionOf(t.db, TABLES[resource] ?? '(none)', ids[resource]!)
  return { ...body, version }
}

/** What a route needs before a call can go through, and what it sends instead of its sample. */
const prepare: Record<string, () => Promise<Call>> = {
  // The owner's own password and second factor.
  'POST /api/admin/me/password': async () => {
    const newPassword = 'audit-trail-password-2026'
    const body = { currentPassword: password, newPassword }
    password = newPassword
    return { body }
  },
  'POST /api/admin/me/totp/verify': async () => {
    totpSecret = (await t.db.$client.query<{ s: string }>('select totp_secret as s from users where username = $1', [STAFF.username])).rows[0]!.s
    return { body: { code: totpCode(totpSecret, t.clock.now()) } }
  },
  'DELETE /api/admin/me/totp': async () => {
    // A code of a later step: each code is accepted once.
    t.clock.advance(30_000)
    return { body: { code: totpCode(totpSecret, t.clock.now()) } }
  },
  'DELETE /api/admin/me/sessions/:id': async () => {
    await request.agent(t.app).set('Sec-Fetch-Site', 'same-origin').post('/api/login').send({ username: STAFF.username, password }).expect(200)
    const sessions = (await owner.get('/api/admin/me/sessions').expect(200)).body as { id: string; current: boolean }[]
    return { path: `/api/admin/me/sessions/${sessions.find((s) => !s.current)!.id}` }
  },
  // Only a failed (or skipped) message can be sent again.
  'POST /api/admin/email-outbox/:id/resend': async () => {
    await t.db.$client.query("update email_outbox set status = 'failed' where id = $1", [ids['email-outbox']])
    return {}
  },
  // Two tables of one area to push together: the sample's own table and one more.
  'POST /api/admin/table-combinations': async () => {
    const second = (await owner.post('/api/admin/tables').send({ ...SAMPLES['post /api/admin/tables'], name: 'FZ2', areaId: ids.areas }).expect(201)).body.id as number
    return { body: { ...SAMPLES['post /api/admin/table-combinations'], tableIds: [ids.tables, second] } }
  },
  'PATCH /api/admin/table-combinations/:id': async () => {
    const { tableIds: _, ...sample } = SAMPLES['patch /api/admin/table-combinations/:id']!
    return { body: { ...sample, version: await versionOf(t.db, 'table_combinations', ids['table-combinations']!) } }
  },
  'POST /api/admin/areas/:id/closures': async () => ({ body: SAMPLES['post /api/admin/areas/:id/closures'] }),
  // A visit is marked on the booking's day: a booking of today, made first.
  'POST /api/admin/reservations/:id/visit': async () => {
    const today = { ...SAMPLES['post /api/admin/reservations'], email: 'audit-visit@example.com', date: '2026-11-21', startTime: '20:00', force: true }
    const id = (await owner.post('/api/admin/reservations').send(today).expect(201)).body.id as number
    return { path: `/api/admin/reservations/${id}/visit`, body: SAMPLES['post /api/admin/reservations/:id/visit'] }
  },
  'DELETE /api/admin/areas/:id/closures/:closureId': async () => {
    const { rows } = await t.db.$client.query<{ id: number }>('select id from area_closures where area_id = $1', [ids.areas])
    return { path: `/api/admin/areas/${ids.areas}/closures/${rows[0]!.id}` }
  },
  // A table joined in a combination is kept: a table of its own is deleted.
  'DELETE /api/admin/tables/:id': async () => {
    const table = (await owner.post('/api/admin/tables').send({ ...SAMPLES['post /api/admin/tables'], name: 'FZ9', areaId: ids.areas }).expect(201)).body.id as number
    return { path: `/api/admin/tables/${table}` }
  },
  // An area with tables is kept: an empty one is deleted.
  'DELETE /api/admin/areas/:id': async () => {
    const area = (await owner.post('/api/admin/areas').send({ ...SAMPLES['post /api/admin/areas'], name: 'Empty Corner' }).expect(201)).body.id as number
    return { path: `/api/admin/areas/${area}` }
  },
  // Guests (issue 37): a second profile of the audited guest to merge into it, and a guest of its own to erase.
  'POST /api/admin/guests/merge': async () => ({ body: { keepId: ids.guests, mergeId: await guestOfNewBooking('audit-merge@example.com') } }),
  'POST /api/admin/guests/:id/erase': async () => {
    const id = await guestOfNewBooking('audit-erase@example.com')
    return { path: `/api/admin/guests/${id}/erase`, body: { confirm: 'audit-erase@example.com' } }
  },
  'POST /api/upload': async () => ({ file: await png() }),
  'POST /api/admin/upload': async () => ({ file: await png() }),
}

/** The guest a new staff booking with `email` makes. */
async function guestOfNewBooking(email: string): Promise<number> {
  const booked = await owner.post('/api/admin/reservations').send({ ...SAMPLES['post /api/admin/reservations'], email, force: true }).expect(201)
  return booked.body.guestId as number
}

const png = () => sharp({ create: { width: 16, height: 12, channels: 3, background: { r: 200, g: 120, b: 40 } } }).png().toBuffer()

const auditCount = async () => Number((await t.db.$client.query('select count(*) as n from audit_log')).rows[0].n)

function send(route: AppRoute, call: Call) {
  const req = (owner as unknown as Record<string, (url: string) => request.Test>)[route.method]!(call.path ?? concrete(route))
  if (call.file) return req.attach('file', call.file, 'audit.png')
  return call.body ? req.send(call.body) : req
}

/** The mutation routes in an order where each can go through: creates, then edits, then deletes. */
function mutationRoutes(): AppRoute[] {
  const rank = { post: 0, put: 1, patch: 1, delete: 2, get: 3 } as const
  return registeredApiRoutes(t.app)
    .filter((r) => isStaffPath(r.path) && r.method !== 'get')
    .map((r, i) => ({ r, i }))
    .sort((a, b) => rank[a.r.method] - rank[b.r.method] || a.i - b.i)
    .map(({ r }) => r)
}

describe('every admin mutation writes exactly one audit row (issue 33)', () => {
  it('each route, called as the owner with a valid body, goes through with one row; refused, with none', async () => {
    const routes = mutationRoutes()
    expect(routes.length).toBeGreaterThan(30)
    const wrong: string[] = []
    const summaries: string[] = []
    for (const route of routes) {
      const name = routeName(route)
      const sample = SAMPLES[`${route.method} ${route.path}`]
      // Refused first: an empty body where the route takes one.
      if (sample) {
        const before = await auditCount()
        const refused = await send(route, { body: {} })
        const written = (await auditCount()) - before
        if (refused.status < 300 ? written !== 1 : written !== 0) wrong.push(`${name} with {} → ${refused.status}, ${written} rows`)
      }
      const call = prepare[name] ? await prepare[name]() : {}
      const body = call.body ?? (sample ? await withCurrentVersions(route, sample) : undefined)
      const before = await auditCount()
      const res = await send(route, { ...call, body })
      const written = (await auditCount()) - before
      // Edits and deletes of a resource act on what its create made (the samples are one record's).
      const resource = route.path.match(/^\/api\/admin\/([\w-]+)$/)?.[1]
      if (route.method === 'post' && resource && res.status === 201 && typeof res.body?.id === 'number') ids[resource] = res.body.id
      if (res.status >= 300) wrong.push(`${name} → ${res.status} ${JSON.stringify(res.body).slice(0, 160)}`)
      else if (written !== 1) wrong.push(`${name} → ${res.status} but ${written} audit rows`)
      else {
        const { rows } = await t.db.$client.query('select username, role, summary from audit_log order by id desc limit 1')
        expect(rows[0], name).toMatchObject({ username: STAFF.username, role: 'owner' })
        summaries.push(`${name}: ${rows[0].summary}`)
      }
    }
    console.log(`Audit rows, one per change:\n  ${summaries.join('\n  ')}`)
    expect(wrong).toEqual([])
  })

  it('the marketing list export is a change worth a row too (every address leaves the building)', async () => {
    const before = await auditCount()
    await owner.get('/api/admin/marketing-emails/export').expect(200)
    expect((await auditCount()) - before).toBe(1)
    const { rows } = await t.db.$client.query('select action, entity_type, summary from audit_log order by id desc limit 1')
    expect(rows[0]).toMatchObject({ action: 'export', entity_type: 'marketing_list', summary: expect.stringMatching(/^exported the marketing list \(\d+ address(es)?\) as /) })
  })

  it("the Audit Log's What filter offers each kind of record the changes wrote, by the name they wrote it under", async () => {
    // After the tests above: every admin mutation, and the marketing list's export, has written its row.
    const { rows } = await t.db.$client.query<{ type: string }>('select distinct entity_type as type from audit_log order by 1')
    const written = rows.map((r) => r.type)
    expect(Object.keys(AUDIT_ENTITY_TYPES).filter((type) => !written.includes(type)), 'offered, never written').toEqual([])
    expect(written.filter((type) => !(type in AUDIT_ENTITY_TYPES)), 'written, not offered').toEqual([])
  })
})
