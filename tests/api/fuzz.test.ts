/**
 * Property-based fuzzing of every route the app registers, signed out and (for
 * the staff routes) signed in. For each request: never a 500; the event loop
 * never blocked more than 50 ms by it; and when a write (POST, PUT, PATCH,
 * DELETE) is refused, no stored row changed. The routes come from the app
 * itself, so a route added later is fuzzed without anyone remembering to.
 * Routes with a sample body also get the classic attacks on each of its
 * fields every run (classicProbes).
 *
 * `npm test` runs a fixed seed and twenty random requests per route and mode;
 * `npm run fuzz` runs many more with a fresh seed (FUZZ_RUNS, FUZZ_SEED).
 */
import fc from 'fast-check'
import request from 'supertest'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { COCKTAILS_DEFAULTS } from '../../common/settings'
import type { RouteDef } from '../../server/http/routes'
import { createTestApp, signedInAgent, type TestApp } from '../helpers/app'
import { blockMonitor } from '../helpers/event-loop'
import { classicProbes, probesFor, type Body, type Probe } from '../helpers/fuzz'

const SEED = Number(process.env.FUZZ_SEED ?? 20261123)
const RUNS = Number(process.env.FUZZ_RUNS ?? 20)
const BLOCK_LIMIT_MS = 50
/** Tables whose rows change by design on a refused request (attempt counters, session touch). */
const CHANGING_BY_DESIGN = new Set(['rate_limits', 'session', '__drizzle_migrations'])

const STAFF_BOOKING = {
  name: 'Phone Booking',
  email: 'phone@example.com',
  phone: '07700 900 001',
  date: '2026-12-05',
  startTime: '19:00',
  partySize: 4,
  additionalInfo: '',
  foodDrinks: 'food_and_drinks',
  status: 'confirmed',
}
const EVENT = {
  title: 'Fuzz Quiz Night',
  description: 'Six rounds.',
  date: '2026-12-10',
  time: '19:30',
  endTime: '22:00',
  type: 'quiz_night',
  capacity: 40,
  tags: ['quiz'],
  gallery: ['/uploads/a.webp'],
  status: 'draft',
  bookingType: 'table',
}
const HOUR_EXCEPTION = { date: '2026-12-24', isClosed: false, openTime: '12:00', closeTime: '16:00', reason: 'Christmas Eve' }

const HERO_SLIDE = {
  title: 'Fuzz slide',
  subtitle: 'Fuzz subtitle',
  description: 'Fuzz description',
  image: '/images/venue-bar-960.webp',
  buttons: [{ text: 'View Menu', link: '/menu' }],
  order: 1,
  isActive: true,
}

const MENU_SECTION = {
  name: 'Fuzz Menu',
  category: 'wine',
  description: 'Fuzz description',
  pdfUrl: '/uploads/fuzz.pdf',
  imageUrls: ['/images/menu/food-1.webp'],
  backgroundImage: '/images/tile-menu-960.webp',
  isActive: true,
}

/** A valid body per route, mutated by the fuzzer to reach past the first check. Optional. */
const SAMPLES: Record<string, Record<string, unknown>> = {
  'post /api/reservations': {
    name: 'Fuzz Guest',
    email: 'fuzz@example.com',
    phone: '07700 900 000',
    date: '2026-12-05',
    startTime: '19:00',
    partySize: 2,
    additionalInfo: '',
    foodDrinks: 'food_and_drinks',
    receiveOffers: false,
  },
  // The seed's first event (an upcoming, published one).
  'post /api/event-enquiries': { eventId: 1, name: 'Fuzz Enquirer', email: 'fuzz-enquiry@example.com', phone: '07700 900 002', partySize: 4, specialRequests: '' },
  'post /api/login': { username: 'nobody-in-particular', password: 'not-the-password' },
  'post /api/admin/cocktails-content': { ...COCKTAILS_DEFAULTS },
  'post /api/admin/reservations': STAFF_BOOKING,
  'patch /api/admin/reservations/:id': STAFF_BOOKING,
  'put /api/admin/opening-hours/:dayOfWeek': { openTime: '16:00' },
  'post /api/admin/hour-exceptions': HOUR_EXCEPTION,
  'post /api/admin/events': EVENT,
  'patch /api/admin/events/:id': EVENT,
  'patch /api/admin/event-enquiries/:id': { status: 'contacted' },
  'put /api/admin/hour-exceptions/:id': HOUR_EXCEPTION,
  'post /api/admin/hero-slides': HERO_SLIDE,
  'put /api/admin/hero-slides/:id': HERO_SLIDE,
  'post /api/admin/menu-sections': MENU_SECTION,
  'patch /api/admin/menu-sections/:id': MENU_SECTION,
  'patch /api/manage-booking/:token': { date: '2026-12-05', startTime: '19:30', partySize: 3 },
  'put /api/admin/site-settings/:key': { value: 'Kitchen open until 9pm daily', description: 'Kitchen hours note' },
}

let t: TestApp
let tables: string[]
let agent: Awaited<ReturnType<typeof signedInAgent>>
const stats = { cases: 0, longestBlockMs: 0, longestAt: '' }
const monitor = blockMonitor()

beforeAll(async () => {
  t = await createTestApp({ now: '2026-11-21T12:00:00Z', env: { TRUST_PROXY: 'true' } })
  agent = await signedInAgent(t)
  const { rows } = await t.db.$client.query<{ table_name: string }>(
    "select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1",
  )
  tables = rows.map((r) => r.table_name).filter((name) => !CHANGING_BY_DESIGN.has(name))
})

afterAll(() => {
  monitor.stop()
  console.log(
    `Fuzz: ${routes().length} routes, ${stats.cases} requests (seed ${SEED}, ${RUNS} runs a route and mode); ` +
      `longest event-loop block ${stats.longestBlockMs.toFixed(1)} ms (${stats.longestAt})`,
  )
})

const routes = () => t.app.locals.routes as RouteDef[]
const isStaffOnly = (r: RouteDef) => r.path.startsWith('/api/admin/') || r.path === '/api/upload'

/** One digest per table of everything stored in it. */
async function snapshot(): Promise<Map<string, string>> {
  const sql = tables.map((name) => `select '${name}' as t, md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as d from "${name}" x`).join(' union all ')
  const { rows } = await t.db.$client.query<{ t: string; d: string }>(sql)
  return new Map(rows.map((r) => [r.t, r.d]))
}

let ipCounter = 0
function send(client: request.SuperTest<request.Test> | typeof agent, method: RouteDef['method'], probe: Probe) {
  ipCounter++
  // Each request from its own address, so the per-address limits do not end the run in 429s.
  const req = (client as unknown as Record<string, (url: string) => request.Test>)[method]!(probe.path)
    .set('X-Forwarded-For', `10.77.${(ipCounter >> 8) & 255}.${ipCounter & 255}`)
    .set('Sec-Fetch-Site', 'same-origin')
    .timeout(15_000)
  return withBody(req, probe.body)
}

function withBody(req: request.Test, body: Body) {
  switch (body.kind) {
    case 'none':
      return req
    case 'json':
      return req.set('Content-Type', 'application/json').send(JSON.stringify(body.value) ?? 'null')
    case 'raw':
      return req.set('Content-Type', body.contentType).send(body.text)
    case 'multipart':
      return req.attach(body.field, Buffer.from(body.bytes), body.filename)
  }
}

async function check(route: RouteDef, probe: Probe, signedIn: boolean) {
  const client = signedIn ? (route.path === '/api/logout' ? await signedInAgent(t) : agent) : request(t.app)
  // Reads are checked for 500s and blocks; the stored rows are compared around writes.
  const writes = route.method !== 'get'
  const before = writes ? await snapshot() : undefined
  let measured = await monitor.measure(() => send(client, route.method, probe))
  // A single slow tick can be a garbage collection; a block the request causes comes back every time.
  for (let retry = 0; retry < 2 && measured.blockedMs > BLOCK_LIMIT_MS; retry++) {
    measured = await monitor.measure(() => send(client, route.method, probe))
  }
  const res = measured.result
  stats.cases++
  if (measured.blockedMs > stats.longestBlockMs) {
    stats.longestBlockMs = measured.blockedMs
    stats.longestAt = `${route.method.toUpperCase()} ${probe.path.slice(0, 60)}`
  }
  const where = `${route.method.toUpperCase()} ${probe.path.slice(0, 200)} ${JSON.stringify(probe.body).slice(0, 300)}`
  expect(res.status, `${where} → ${res.status} ${JSON.stringify(res.body).slice(0, 300)}`).toBeLessThan(500)
  expect(measured.blockedMs, `${where} blocked the event loop`).toBeLessThanOrEqual(BLOCK_LIMIT_MS)
  if (before && res.status >= 400) {
    const after = await snapshot()
    const changed = tables.filter((name) => before.get(name) !== after.get(name))
    expect(changed, `${where} was refused with ${res.status} but changed rows`).toEqual([])
  }
  // Keep the signed-in agent signed in for the next route (a fuzzed sign-in may have replaced its session).
  if (signedIn && route.path === '/api/login') agent = await signedInAgent(t)
}

describe('the fuzz suite', () => {
  it('covers every API route the app registers', () => {
    const stack = (t.app as unknown as { router: { stack: { route?: { path: string } }[] } }).router.stack
    const registered = stack.filter((layer) => layer.route?.path.startsWith('/api')).length
    expect(routes().length).toBe(registered)
    expect(registered).toBeGreaterThanOrEqual(19)
  })
})

it.each([
  ['signed out, every route', false],
  ['signed in, every staff route', true],
] as const)('%s: never a 500, never a long block, nothing changed by a refusal', async (_name, signedIn) => {
  // Signed in, the public routes behave as signed out: only the staff routes are fuzzed again.
  for (const route of routes().filter((r) => !signedIn || isStaffOnly(r))) {
    const sample = SAMPLES[`${route.method} ${route.path}`]
    for (const probe of sample ? classicProbes(route.path, sample) : []) await check(route, probe, signedIn)
    await fc.assert(
      fc.asyncProperty(probesFor(route.path, sample), (probe) => check(route, probe, signedIn)),
      { seed: SEED, numRuns: RUNS, endOnFailure: true },
    )
  }
}, Number(process.env.FUZZ_TIMEOUT_MS ?? 300_000))
