/**
 * Fuzzing of page actions (React Router `action`s) on the production build:
 * every page route with an action, read from the build itself (so a page
 * action added later is fuzzed without anyone remembering to), and the pages
 * that take a guest's token. Tokens are real (signed with the test server's
 * secret, for a booking made first), so requests reach the action; bodies go
 * up to the 16 KB form limit and past it, in every encoding a form can have
 * and some it cannot. Every attempt's status and time is kept; none may be a
 * 500, and each route's 99th percentile time is held to a bound.
 * (The API routes are fuzzed in tests/api/fuzz.test.ts.)
 */
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { expect, test } from '@playwright/test'
import fc from 'fast-check'
import { signToken } from '../../server/signed-tokens'
import { FIELD_NAMES, hostileString } from '../helpers/fuzz'
import { guestBooking } from '../helpers/guest-booking'

const SEED = Number(process.env.FUZZ_SEED ?? 20261124)
const RUNS = Number(process.env.FUZZ_RUNS ?? 20)
const FORM_LIMIT = 16 * 1024
const P99_LIMIT_MS = 1_000
/** The e2e server's secret (tests/e2e/serve.mjs). */
const SECRET = 'e2e-session-secret-e2e-session-secret'
const port = Number(process.env.E2E_PORT ?? 3100)
const base = `http://localhost:${port}`

type PageRoute = { path: string; action: boolean }

/** The page routes of the production build, with their full paths and whether they have an action. */
async function pageRoutes(): Promise<PageRoute[]> {
  const build = (await import(pathToFileURL(path.resolve(process.env.BUILD_DIR ?? 'build', 'server/index.js')).href)) as {
    routes: Record<string, { parentId?: string; path?: string; module: { action?: unknown } }>
  }
  const fullPath = (id: string): string => {
    const route = build.routes[id]!
    const own = route.path ?? ''
    const parent = route.parentId ? fullPath(route.parentId) : ''
    return [parent, own].filter(Boolean).join('/')
  }
  return Object.keys(build.routes).map((id) => ({ path: `/${fullPath(id)}`, action: Boolean(build.routes[id]!.module.action) }))
}

type Body = { type?: string; data?: string }

const formBody = fc
  .dictionary(fc.constantFrom(...FIELD_NAMES, 'token', 'List-Unsubscribe', '_action', 'intent'), hostileString.map((v) => v.slice(0, 4000)), { maxKeys: 6 })
  .map((fields): Body => ({ type: 'application/x-www-form-urlencoded', data: new URLSearchParams(fields).toString() }))
/** Bodies at the limit, and just past it, as a form. */
const sizedBody = fc
  .constantFrom(FORM_LIMIT - 100, FORM_LIMIT, FORM_LIMIT + 1, FORM_LIMIT * 3, FORM_LIMIT * 10)
  .map((bytes): Body => ({ type: 'application/x-www-form-urlencoded', data: `token=${'a'.repeat(bytes - 6)}` }))
const multipartBody = fc.tuple(fc.constantFrom('token', 'file', 'List-Unsubscribe'), hostileString, fc.boolean()).map(([name, value, withBoundary]): Body => {
  const boundary = 'fuzzboundary'
  return {
    type: withBoundary ? `multipart/form-data; boundary=${boundary}` : 'multipart/form-data',
    data: `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value.slice(0, 2000)}\r\n--${boundary}--\r\n`,
  }
})
const otherBody = fc.oneof(
  fc.constant<Body>({}),
  fc.jsonValue({ maxDepth: 2 }).map((v): Body => ({ type: 'application/json', data: JSON.stringify(v) ?? 'null' })),
  fc.tuple(fc.constantFrom('text/plain', 'application/json', 'application/xml', 'application/octet-stream', 'text/html', '', 'multipart/mixed'), hostileString).map(
    ([type, text]): Body => ({ type: type || undefined, data: text }),
  ),
)
const bodies = fc.oneof({ weight: 4, arbitrary: formBody }, { weight: 2, arbitrary: sizedBody }, { weight: 2, arbitrary: multipartBody }, { weight: 2, arbitrary: otherBody })

test('page actions: never a 500, every attempt kept, each route within its 99th percentile time', async ({ request }) => {
  test.setTimeout(180_000)
  const routes = await pageRoutes()
  const actions = routes.filter((r) => r.action)
  // Today's page action; when the pre-order and claim pages come, they are found the same way.
  expect(actions.map((r) => r.path)).toContain('/unsubscribe')
  expect(actions.map((r) => r.path)).toContain('/booking/confirm/:token')
  const targets = [...new Set([...actions.map((r) => r.path), '/booking/manage/:token'])]

  // Real tokens: a booking's manage link and an unsubscribe link, as the server's emails carry them.
  const made = await request.post('/api/reservations', { data: guestBooking({ name: 'Fuzz Guest', email: `page-fuzz-${Date.now()}@example.com`, date: '2027-01-08' }), headers: { 'Sec-Fetch-Site': 'same-origin' } })
  expect(made.status()).toBe(201)
  const { id } = (await made.json()) as { id: number }
  const inAMonth = new Date(Date.now() + 30 * 86_400_000)
  const tokens = {
    // (A confirm link's token too: /booking/confirm/:token is a page action of its own.)
    token: [
      signToken(SECRET, 'manage-booking', { r: id }, inAMonth),
      signToken(SECRET, 'confirm-request', { r: id }, inAMonth),
      'not-a-token',
      signToken(SECRET, 'manage-booking', { r: id }, new Date(Date.now() - 1000)),
    ],
    query: [`?token=${signToken(SECRET, 'unsubscribe', { e: 'page-fuzz@example.com' }, inAMonth)}`, '?token=broken', '', '?index'],
  }
  const urlFor = fc.tuple(fc.constantFrom(...tokens.token), fc.constantFrom(...tokens.query), fc.boolean())

  const attempts: { route: string; method: string; status: number; ms: number }[] = []
  for (const route of targets) {
    await fc.assert(
      fc.asyncProperty(urlFor, bodies, fc.constantFrom('POST', 'POST', 'POST', 'PUT', 'PATCH', 'DELETE'), async ([token, query, data], body, method) => {
        // React Router's scripts post to `<page>.data`; a browser without them to the page itself.
        const url = `${base}${route.replace(':token', token)}${data ? '.data' : ''}${query}`
        const started = performance.now()
        const res = await fetch(url, { method, headers: body.type ? { 'Content-Type': body.type } : {}, body: body.data }).catch((error: Error) => ({
          status: 0,
          error,
        }))
        const ms = performance.now() - started
        // A body far past the limit is refused from its headers and the connection dropped: the client may see the reset first.
        const status = res.status
        attempts.push({ route, method, status, ms })
        expect(status === 0 ? (body.data?.length ?? 0) > FORM_LIMIT * 4 : status < 500, `${method} ${url.slice(0, 120)} ${body.type} → ${status}`).toBe(true)
        if ('text' in res) await res.text()
      }),
      { seed: SEED, numRuns: RUNS, endOnFailure: true },
    )
  }

  const summary = targets.map((route) => {
    const mine = attempts.filter((a) => a.route === route)
    const counts = new Map<number, number>()
    for (const a of mine) counts.set(a.status, (counts.get(a.status) ?? 0) + 1)
    const times = mine.map((a) => a.ms).sort((a, b) => a - b)
    const p99 = times[Math.max(0, Math.ceil(times.length * 0.99) - 1)]!
    return { route, p99, statuses: [...counts].sort(([a], [b]) => a - b).map(([s, n]) => `${s}×${n}`).join(' ') }
  })
  console.log(`Page action fuzz (seed ${SEED}): ${summary.map((s) => `${s.route} ${s.statuses} p99 ${s.p99.toFixed(0)} ms`).join('; ')}`)
  for (const s of summary) expect(s.p99, s.route).toBeLessThan(P99_LIMIT_MS)
  // The action was reached: some answers are the page itself, not a refusal.
  expect(attempts.some((a) => a.route === '/unsubscribe' && a.status === 200)).toBe(true)
})
