/**
 * The request guards that were only assumed before: where a client's address
 * comes from, the sign-in limits and their windows under a fixed clock (and
 * against guesses sent all at once), and the same-origin check on every write
 * of every API route, read from the app's router.
 */
import fs from 'node:fs'
import path from 'node:path'
import sharp from 'sharp'
import request from 'supertest'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { LOGIN_LIMIT_PER_ADDRESS, LOGIN_LIMIT_PER_ADDRESS_AND_USER, LOGIN_LIMIT_PER_DEVICE, slowdownMs } from '../../server/auth/login-throttle'
import { manageLinkFor } from '../../server/reservations/manage-link'
import { createTestApp, signedInAgent, STAFF, type TestApp } from '../helpers/app'
import { SAMPLES } from '../helpers/route-samples'
import { isUnsafe, registeredApiRoutes, routeName, type AppRoute } from '../helpers/routes'

const guest = (n: number) => ({
  name: 'Ann Guest',
  email: `guard${n}@example.com`,
  phone: '07700 900 000',
  date: '2026-12-05',
  startTime: '19:00',
  partySize: 2,
})

describe('the client address', () => {
  let direct: TestApp
  let proxied: TestApp
  beforeAll(async () => {
    direct = await createTestApp()
    proxied = await createTestApp({ env: { TRUST_PROXY: 'true' } })
  })

  it('ignores X-Forwarded-For unless TRUST_PROXY is set', async () => {
    // Without a trusted proxy, a forged header does not buy a fresh limit: 31 attempts from "31 addresses" are one address.
    for (let i = 0; i < LOGIN_LIMIT_PER_ADDRESS; i++) {
      await request(direct.app).post('/api/login').set('X-Forwarded-For', `198.51.100.${i}`).send({ username: `u${i}`, password: 'x' }).expect(401)
    }
    await request(direct.app).post('/api/login').set('X-Forwarded-For', '198.51.100.250').send({ username: 'other', password: 'x' }).expect(429)
  })

  it('takes the address from X-Forwarded-For behind a trusted proxy', async () => {
    for (let i = 0; i < LOGIN_LIMIT_PER_ADDRESS; i++) {
      await request(proxied.app).post('/api/login').set('X-Forwarded-For', '198.51.100.1').send({ username: `u${i}`, password: 'x' }).expect(401)
    }
    await request(proxied.app).post('/api/login').set('X-Forwarded-For', '198.51.100.1').send({ username: 'other', password: 'x' }).expect(429)
    await request(proxied.app).post('/api/login').set('X-Forwarded-For', '198.51.100.2').send({ username: 'other', password: 'x' }).expect(401)
  })
})

describe('the sign-in limit per address', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp({ now: '2026-11-21T12:00:00Z' })
  })

  it('allows 30 failures in 15 minutes, refuses the 31st, and opens again when the window ends', async () => {
    for (let i = 0; i < LOGIN_LIMIT_PER_ADDRESS; i++) {
      await request(t.app).post('/api/login').send({ username: `name-${i}`, password: 'x' }).expect(401)
    }
    const refused = await request(t.app).post('/api/login').send(STAFF)
    expect(refused.status).toBe(429)
    expect(refused.body.message).toBe('Too many login attempts. Please try again in 15 minutes.')
    expect(refused.headers['retry-after']).toBe('900')
    t.clock.advance(14 * 60_000)
    await request(t.app).post('/api/login').send(STAFF).expect(429)
    t.clock.advance(60_000)
    await signedInAgent(t)
  })

  it('counts only failures: staff signing in all day are never limited', async () => {
    t.clock.advance(60 * 60_000)
    await signedInAgent(t)
    for (let i = 0; i < LOGIN_LIMIT_PER_ADDRESS + 5; i++) await request(t.app).post('/api/login').send(STAFF).expect(200)
  })

  it('slows a username down by 0.5 s after 10 failures from anywhere, doubling to at most 4 s', () => {
    expect([9, 10, 11, 12, 13, 14, 40].map(slowdownMs)).toEqual([0, 500, 1000, 2000, 4000, 4000, 4000])
    expect(LOGIN_LIMIT_PER_ADDRESS_AND_USER).toBe(10)
  })

  it('does not slow down a browser where that staff member signed in before', async () => {
    const p = await createTestApp({ env: { TRUST_PROXY: 'true' } })
    await p.services.users.create('barkeep', 'barkeep-password-1')
    const device = request.agent(p.app).set('Sec-Fetch-Site', 'same-origin').set('X-Forwarded-For', '198.51.100.9')
    await device.post('/api/login').send({ username: 'barkeep', password: 'barkeep-password-1' }).expect(200)
    // Twelve failures from twelve addresses: the username now answers strangers 2 s late.
    for (let i = 0; i < 12; i++) {
      await request(p.app).post('/api/login').set('X-Forwarded-For', `203.0.113.${i}`).send({ username: 'barkeep', password: `guess-${i}` })
    }
    const stranger = performance.now()
    await request(p.app).post('/api/login').set('X-Forwarded-For', '203.0.113.99').send({ username: 'barkeep', password: 'wrong' })
    const strangerMs = performance.now() - stranger
    const known = performance.now()
    await device.post('/api/login').send({ username: 'barkeep', password: 'barkeep-password-1' })
    const knownMs = performance.now() - known
    expect(strangerMs).toBeGreaterThanOrEqual(1500)
    expect(knownMs).toBeLessThan(1000)
  })
})

describe('the known-device cookie (staff behind one address with guests)', () => {
  let p: TestApp
  beforeAll(async () => {
    p = await createTestApp({ now: '2026-11-21T12:00:00Z', env: { TRUST_PROXY: 'true' } })
    await p.services.users.create('barkeep', 'barkeep-password-1')
    await p.services.users.create('manager', 'manager-password-1')
  })
  const PUB = '198.51.100.20'
  const from = (agent: request.Agent | ReturnType<typeof request>, username: string, password: string, address = PUB) =>
    (agent as request.Agent).post('/api/login').set('X-Forwarded-For', address).send({ username, password })

  it('lets a browser that signed in before sign in with the right password from an address past the limit, and no one else', async () => {
    const barkeepsBrowser = request.agent(p.app).set('Sec-Fetch-Site', 'same-origin')
    await from(barkeepsBrowser, 'barkeep', 'barkeep-password-1').expect(200)
    // A guest on the pub's Wi-Fi (the same public address) uses up the address's limit.
    for (let i = 0; i < LOGIN_LIMIT_PER_ADDRESS; i++) await from(request(p.app), `guess-${i}`, 'x').expect(401)
    await from(request(p.app), 'barkeep', 'barkeep-password-1').expect(429)
    // The barkeep's own browser still signs in; the cookie names the barkeep, so it opens no other account.
    await from(barkeepsBrowser, 'barkeep', 'barkeep-password-1').expect(200)
    await from(barkeepsBrowser, 'manager', 'manager-password-1').expect(429)
    // A forged cookie (the right name, a made-up signature) is a stranger's.
    const forged = request.agent(p.app).set('Sec-Fetch-Site', 'same-origin').set('Cookie', `staff_device=${Buffer.from('barkeep').toString('base64url')}.AAAAAAAAAAAAAAAAAAAA.forged`)
    await from(forged, 'barkeep', 'barkeep-password-1').expect(429)
    // The same for the address's limit per username.
    for (let i = 0; i < LOGIN_LIMIT_PER_ADDRESS_AND_USER; i++) await from(request(p.app), 'barkeep', 'nope', '198.51.100.21')
    await from(request(p.app), 'barkeep', 'barkeep-password-1', '198.51.100.21').expect(429)
    await from(barkeepsBrowser, 'barkeep', 'barkeep-password-1', '198.51.100.21').expect(200)
  })

  it('holds that browser to a limit of its own, so the cookie is no key for guessing', async () => {
    p.clock.advance(60 * 60_000)
    const browser = request.agent(p.app).set('Sec-Fetch-Site', 'same-origin')
    await from(browser, 'barkeep', 'barkeep-password-1').expect(200)
    for (let i = 0; i < LOGIN_LIMIT_PER_DEVICE; i++) await from(browser, 'barkeep', `guess-${i}`).expect(401)
    const refused = await from(browser, 'barkeep', 'barkeep-password-1')
    expect(refused.status).toBe(429)
    expect(refused.body.message).toMatch(/^Too many login attempts\. Please try again in \d+ minutes?\.$/)
  })
})

describe('the same-origin check on every kind of write', () => {
  let t: TestApp
  let agent: Awaited<ReturnType<typeof signedInAgent>>
  beforeAll(async () => {
    t = await createTestApp({ now: '2026-11-21T12:00:00Z' })
    agent = await signedInAgent(t)
  })

  it('refuses a signed-in admin write from another site, and takes it from the site', async () => {
    const content = (await agent.get('/api/admin/cocktails-content').expect(200)).body
    await agent.post('/api/admin/cocktails-content').set('Sec-Fetch-Site', 'cross-site').send(content).expect(403)
    await agent.post('/api/admin/cocktails-content').set('Sec-Fetch-Site', 'same-site').send(content).expect(403)
    await agent.post('/api/admin/cocktails-content').unset('Sec-Fetch-Site').set('Origin', 'https://evil.example').send(content).expect(403)
    await agent.post('/api/admin/cocktails-content').unset('Sec-Fetch-Site').send(content).expect(403)
    await agent.post('/api/admin/cocktails-content').send(content).expect(200)
  })

  it('refuses an upload from another site', async () => {
    const png = Buffer.from('89504e470d0a1a0a', 'hex')
    const res = await agent.post('/api/upload').set('Sec-Fetch-Site', 'cross-site').attach('file', png, 'a.png')
    expect(res.status).toBe(403)
  })

  it('refuses a booking posted from another site, and takes one from the site', async () => {
    await request(t.app).post('/api/reservations').set('Sec-Fetch-Site', 'cross-site').send(guest(1)).expect(403)
    await request(t.app).post('/api/reservations').set('Origin', 'https://evil.example').send(guest(2)).expect(403)
    await request(t.app).post('/api/reservations').set('Sec-Fetch-Site', 'same-origin').send(guest(3)).expect(201)
  })
})

describe('brute force on sign-in, under a fixed clock', () => {
  const PASSWORD = 'cellar-door-password'
  let b: TestApp
  beforeAll(async () => {
    b = await createTestApp({ now: '2026-11-21T12:00:00Z', env: { TRUST_PROXY: 'true' } })
    await b.services.users.create('cellar', PASSWORD)
  })
  afterEach(() => vi.restoreAllMocks())

  const login = (from: string, username: string, password: string) =>
    request(b.app).post('/api/login').set('X-Forwarded-For', from).send({ username, password })
  const sessions = async () => (await b.db.$client.query<{ n: number }>('select count(*)::int as n from session')).rows[0]!.n

  it('locks a username from one address at the 11th attempt, refuses even the right password, and opens exactly 15 minutes after the first failure', async () => {
    const from = '198.51.100.20'
    const start = b.clock.now().getTime()
    // Ten wrong guesses, one every 30 seconds: all answered, none locked.
    for (let i = 0; i < LOGIN_LIMIT_PER_ADDRESS_AND_USER; i++) {
      await login(from, 'cellar', `guess-${i}`).expect(401)
      b.clock.advance(30_000)
    }
    // Five minutes in: the window started at the first failure, so ten minutes are left.
    const sessionsBefore = await sessions()
    const locked = await login(from, 'Cellar', PASSWORD)
    expect(locked.status).toBe(429)
    expect(locked.body).toEqual({ message: 'Too many login attempts. Please try again in 10 minutes.' })
    expect(locked.headers['retry-after']).toBe('600')
    expect(locked.headers['set-cookie']).toBeUndefined()
    expect(await sessions()).toBe(sessionsBefore)
    // One second before the window ends: still locked, and it says so to the second.
    b.clock.set(new Date(start + 15 * 60_000 - 1_000))
    const lastSecond = await login(from, 'cellar', PASSWORD)
    expect(lastSecond.status).toBe(429)
    expect(lastSecond.body.message).toBe('Too many login attempts. Please try again in 1 second.')
    expect(lastSecond.headers['retry-after']).toBe('1')
    // On the dot: open again.
    b.clock.set(new Date(start + 15 * 60_000))
    await login(from, 'cellar', PASSWORD).expect(200)
  })

  it('the lock on one username from one address leaves other usernames and other addresses alone', async () => {
    const from = '198.51.100.21'
    for (let i = 0; i < LOGIN_LIMIT_PER_ADDRESS_AND_USER; i++) await login(from, 'cellar-2', `guess-${i}`).expect(401)
    await login(from, 'cellar-2', 'wrong').expect(429)
    await login(from, 'someone-else', 'wrong').expect(401)
    await login('198.51.100.22', 'cellar-2', 'wrong').expect(401)
  })

  it('50 wrong guesses for one username sent at once: exactly 10 reach the password check, 40 get 429', async () => {
    const checks = vi.spyOn(b.services.users, 'authenticate')
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => login('198.51.100.30', 'cellar-3', `parallel-${i}`)))
    expect(checks).toHaveBeenCalledTimes(LOGIN_LIMIT_PER_ADDRESS_AND_USER)
    const statuses = answers.map((r) => r.status)
    expect(statuses.filter((s) => s === 401)).toHaveLength(LOGIN_LIMIT_PER_ADDRESS_AND_USER)
    expect(statuses.filter((s) => s === 429)).toHaveLength(50 - LOGIN_LIMIT_PER_ADDRESS_AND_USER)
  })

  it('50 wrong guesses for 50 usernames from one address sent at once: exactly 30 reach the password check', async () => {
    const checks = vi.spyOn(b.services.users, 'authenticate')
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => login('198.51.100.31', `name-${i}`, 'wrong')))
    expect(checks).toHaveBeenCalledTimes(LOGIN_LIMIT_PER_ADDRESS)
    expect(answers.filter((r) => r.status === 429)).toHaveLength(50 - LOGIN_LIMIT_PER_ADDRESS)
  })
})

describe('cross-site writes on every API route', () => {
  const FORGERIES: [string, Record<string, string | undefined>][] = [
    ['a browser that sends both headers', { 'Sec-Fetch-Site': 'cross-site', Origin: 'https://evil.example' }],
    ['a browser that sends only Origin', { 'Sec-Fetch-Site': undefined, Origin: 'https://evil.example' }],
    ['a browser that sends only Sec-Fetch-Site', { 'Sec-Fetch-Site': 'cross-site' }],
  ]
  let c: TestApp
  let agent: Awaited<ReturnType<typeof signedInAgent>>
  let png: Buffer
  /** Real ids for each route's parameters, so that a write the guard let through would change a row. */
  const params: Record<string, string> = { dayOfWeek: '5', key: 'footer_kitchen_hours' }
  const ids: Record<string, number> = {}

  beforeAll(async () => {
    c = await createTestApp({ now: '2026-11-21T12:00:00Z' })
    agent = await signedInAgent(c)
    png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#c9a227' } }).png().toBuffer()
    const made = async (url: string, body: unknown) => {
      const res = await agent.post(url).send(body as object)
      expect(res.status, `${url} → ${JSON.stringify(res.body)}`).toBe(201)
      return res.body as { id: number }
    }
    const booking = await made('/api/reservations', { ...guest(40), partySize: 8 })
    ids.reservations = booking.id
    params.token = manageLinkFor(c.config, 'http://localhost', booking.id, '2026-12-05').split('/').at(-1)!
    ids['event-enquiries'] = (await made('/api/event-enquiries', SAMPLES['post /api/event-enquiries'])).id
    ids.waitlist = (await made('/api/waitlist', SAMPLES['post /api/waitlist'])).id
    ids['walk-in-queue'] = (await made('/api/admin/walk-in-queue', SAMPLES['post /api/admin/walk-in-queue'])).id
    ids['hero-slides'] = (await made('/api/admin/hero-slides', SAMPLES['post /api/admin/hero-slides'])).id
    ids['hour-exceptions'] = (await made('/api/admin/hour-exceptions', SAMPLES['post /api/admin/hour-exceptions'])).id
    // A second session of the same member of staff (ending the agent's own would sign the test out), and a colleague's account.
    const other = await signedInAgent(c)
    ids.sessions = (await other.get('/api/admin/me/sessions').expect(200)).body.find((s: { current: boolean }) => s.current).id
    ids.users = (await made('/api/admin/users', { username: 'guard-colleague', role: 'staff', password: 'guard-colleague-password' })).id
    const first = async (table: string) => (await c.db.$client.query<{ id: number }>(`select min(id) as id from ${table}`)).rows[0]!.id
    ids.events = await first('events')
    ids['menu-sections'] = await first('menu_sections')
    ids['email-templates'] = await first('email_templates')
    ids['email-outbox'] = await first('email_outbox')
    // The guest the booking above made (issue 37).
    ids.guests = await first('guests')
    // A floor plan's area with a closed date, two tables and their combination.
    ids.areas = (await made('/api/admin/areas', SAMPLES['post /api/admin/areas'])).id
    params.closureId = String((await made(`/api/admin/areas/${ids.areas}/closures`, SAMPLES['post /api/admin/areas/:id/closures'])).id)
    const table = async (name: string) => (await made('/api/admin/tables', { ...SAMPLES['post /api/admin/tables'], name, areaId: ids.areas })).id
    ids.tables = await table('GD1')
    const pair = [ids.tables, await table('GD2')]
    ids['table-combinations'] = (await made('/api/admin/table-combinations', { ...SAMPLES['post /api/admin/table-combinations'], tableIds: pair })).id
  })

  /** `/api/admin/events/:id` → `/api/admin/events/3`: the id of a real row of that resource. */
  const concrete = (route: AppRoute) =>
    route.path.replace(/\/([\w-]+)\/:(\w+)/g, (_m, resource: string, name: string) => {
      const value = name === 'id' ? ids[resource] : params[name]
      if (value === undefined) throw new Error(`No value for :${name} of ${routeName(route)}: add one to the test`)
      return `/${resource}/${value}`
    })

  function send(route: AppRoute, headers: Record<string, string | undefined>) {
    let req = agent[route.method](concrete(route))
    for (const [name, value] of Object.entries(headers)) req = value === undefined ? req.unset(name) : req.set(name, value)
    if (route.path.endsWith('/upload')) return req.attach('file', png, 'forged.png')
    return req.send(SAMPLES[`${route.method} ${route.path}`] ?? {})
  }

  /** Every stored row (sessions without their idle-expiry stamp), and the files under DATA_DIR. */
  async function snapshot() {
    const { rows: tables } = await c.db.$client.query<{ name: string }>(
      "select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1",
    )
    const digests: Record<string, string> = {}
    for (const { name } of tables) {
      const rows = name === 'session' ? 'select sid, sess::text from session' : `select x::text from "${name}" x`
      const { rows: d } = await c.db.$client.query<{ d: string }>(`select md5(coalesce(string_agg(r::text, '|' order by r::text), '')) as d from (${rows}) r`)
      digests[name] = d[0]!.d
    }
    digests.files = (fs.readdirSync(c.dataDir, { recursive: true }) as string[]).filter((f) => !f.startsWith(`uploads${path.sep}.tmp`)).sort().join('|')
    return digests
  }

  it('lists the unsafe routes from the app itself', () => {
    const unsafe = registeredApiRoutes(c.app).filter(isUnsafe).map(routeName)
    // The same list as the app's own table of routes: the walk of the router misses none.
    const table = (c.app.locals.routes as AppRoute[]).filter(isUnsafe).map(routeName)
    expect(unsafe.sort()).toEqual(table.sort())
    expect(unsafe).toContain('DELETE /api/admin/reservations/:id')
  })

  it.each(FORGERIES)('refuses every POST, PUT, PATCH and DELETE from %s with 403, signed in, and changes nothing', async (_who, headers) => {
    for (const route of registeredApiRoutes(c.app).filter(isUnsafe)) {
      const before = await snapshot()
      const res = await send(route, headers)
      expect(res.status, `${routeName(route)} → ${res.status} ${JSON.stringify(res.body)}`).toBe(403)
      expect(res.body).toEqual({ message: 'Cross-site requests are not allowed' })
      expect(await snapshot(), `${routeName(route)} changed stored data`).toEqual(before)
    }
  })

  it('takes the same requests from the site itself', async () => {
    const refused: string[] = []
    const done: string[] = []
    const unsafe = registeredApiRoutes(c.app).filter(isUnsafe)
    for (const route of unsafe) {
      const res = await send(route, { 'Sec-Fetch-Site': 'same-origin' })
      if (res.status === 403) refused.push(`${routeName(route)} → 403 ${JSON.stringify(res.body)}`)
      if (res.status < 300) done.push(routeName(route))
    }
    expect(refused).toEqual([])
    // The bodies are real: most writes went through (the rest met a rule, such as a menu category already taken),
    // so the refusals above stopped requests that would have changed data.
    expect(done.length).toBeGreaterThan(unsafe.length / 2)
    // And a browser without Sec-Fetch-Site, whose Origin is the site's own.
    await agent.post('/api/admin/email-templates/quick-setup').unset('Sec-Fetch-Site').set('Origin', 'http://pub.test').set('Host', 'pub.test').expect(200)
  })
})
