import { pino } from 'pino'
import request from 'supertest'
import { beforeAll, describe, expect, it } from 'vitest'
import { createApp } from '../../server/app'
import { createDb } from '../../server/db/client'
import type { RouteDef } from '../../server/http/routes'
import { createTestApp, type TestApp } from '../helpers/app'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})

/** Fills route parameters with a plausible value: `/api/admin/events/:id` → `/api/admin/events/1`. */
const concretePath = (path: string) => path.replace(/:(\w+)/g, (_m, name: string) => (name === 'key' ? 'venue_name' : '1'))

describe('the staff-only guard', () => {
  it('answers 401 on every registered /api/admin route and POST /api/upload when signed out', async () => {
    const routes = t.app.locals.routes as RouteDef[]
    const guarded = routes.filter((r) => r.path.startsWith('/api/admin/') || (r.path === '/api/upload' && r.method === 'post'))
    // The list grows as features add admin routes; the cocktails content routes exist from the start.
    expect(guarded.length).toBeGreaterThanOrEqual(2)
    for (const route of guarded) {
      const res = await request(t.app)[route.method](concretePath(route.path)).send({})
      expect(res.status, `${route.method.toUpperCase()} ${route.path}`).toBe(401)
      expect(res.body).toEqual({ message: 'Unauthorized' })
    }
  })

  it('also guards admin paths that match no route', async () => {
    await request(t.app).get('/api/admin/anything').expect(401)
  })
})

describe('API conventions', () => {
  it('GET /api/health answers ok', async () => {
    const res = await request(t.app).get('/api/health').expect(200)
    expect(res.body).toEqual({ status: 'ok' })
  })

  it('GET /api/health answers 503 when the database is unreachable', async () => {
    const deadDb = createDb('postgres://nobody:nothing@127.0.0.1:1/none')
    const { app } = createApp({ ...t.deps, db: deadDb, logger: pino({ level: 'silent' }) })
    const res = await request(app).get('/api/health').expect(503)
    expect(res.body.status).toBe('unavailable')
    await deadDb.$client.end()
  })

  it('answers malformed JSON with 400 and one error shape', async () => {
    const res = await request(t.app)
      .post('/api/login')
      .set('Content-Type', 'application/json')
      .send('{"username": "a",')
      .expect(400)
    expect(res.body).toEqual({ message: 'Malformed JSON in request body' })
  })

  it('answers an oversized body with 413', async () => {
    const res = await request(t.app)
      .post('/api/login')
      .send({ username: 'x', password: 'y'.repeat(200_000) })
      .expect(413)
    expect(res.body.message).toBeTypeOf('string')
  })

  it('answers an unknown /api path with a JSON 404', async () => {
    const res = await request(t.app).get('/api/no-such-thing').expect(404)
    expect(res.headers['content-type']).toMatch(/application\/json/)
    expect(res.body).toEqual({ message: 'Not found' })
  })

  it('puts a request id on every response and keeps a well-formed incoming one', async () => {
    const a = await request(t.app).get('/api/health')
    expect(a.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/)
    const b = await request(t.app).get('/api/no-such-thing').set('X-Request-Id', 'trace-123')
    expect(b.headers['x-request-id']).toBe('trace-123')
    const c = await request(t.app).get('/api/health').set('X-Request-Id', 'bad id <script>')
    expect(c.headers['x-request-id']).not.toBe('bad id <script>')
  })

  it("writes a request's own log lines with its request id, each request its own", async () => {
    const lines: Record<string, unknown>[] = []
    const logger = pino({ level: 'warn' }, { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) })
    const deadDb = createDb('postgres://nobody:nothing@127.0.0.1:1/none')
    const { app } = createApp({ ...t.deps, db: deadDb, logger })
    for (const id of ['trace-log-1', 'trace-log-2']) {
      await request(app).get('/api/opening-hours').set('X-Request-Id', id).expect(503)
    }
    const unavailable = lines.filter((l) => l.msg === 'Database unavailable: answered 503')
    expect(unavailable.map((l) => l.reqId)).toEqual(['trace-log-1', 'trace-log-2'])
    await deadDb.$client.end()
  })

  it('sends pages an enforced CSP with a fresh nonce per request', async () => {
    const { app } = createApp(t.deps, { pages: () => (_req, res) => res.send('<p>A page</p>') })
    const a = await request(app).get('/some-page').expect(200)
    const b = await request(app).get('/some-page').expect(200)
    const csp = a.headers['content-security-policy'] as string
    expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+'/)
    expect(csp).toContain("object-src 'none'")
    expect(csp).not.toContain('connect.facebook.net')
    expect(a.headers['content-security-policy-report-only']).toBeUndefined()
    expect(csp).not.toEqual(b.headers['content-security-policy'])
    expect(a.headers['x-content-type-options']).toBe('nosniff')
    expect(a.headers['x-frame-options']).toBe('SAMEORIGIN')
  })

  it('sends API answers a fixed CSP that allows nothing, and no ETag', async () => {
    const res = await request(t.app).get('/api/health')
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'")
    expect(res.headers['x-content-type-options']).toBe('nosniff')
    expect(res.headers['x-frame-options']).toBe('DENY')
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin')
    expect(res.headers['cache-control']).toBe('no-store')
    expect(res.headers.etag).toBeUndefined()
  })

  it('allows the pixel host in the CSP only when a pixel id is configured', async () => {
    const { app } = createApp(
      { ...t.deps, config: { ...t.config, metaPixelId: '123456789012' } },
      { pages: () => (_req, res) => res.send('<p>A page</p>') },
    )
    const res = await request(app).get('/some-page')
    expect(res.headers['content-security-policy']).toContain('https://connect.facebook.net')
  })

  it('compresses larger answers, but not the small JSON answers of API writes', async () => {
    const read = await request(t.app).get('/api/events/upcoming').set('Accept-Encoding', 'gzip')
    expect(read.status).toBe(200)
    expect(read.headers['content-encoding']).toBe('gzip')
    expect(read.headers.vary).toContain('Accept-Encoding')
    // The compression middleware never sees a write: no encoding, and no Vary header from it.
    const write = await request(t.app).post('/api/login').set('Accept-Encoding', 'gzip').send({ username: 'nobody', password: 'wrong' })
    expect(write.status).toBe(401)
    expect(write.headers['content-encoding']).toBeUndefined()
    expect(write.headers.vary ?? '').not.toContain('Accept-Encoding')
  })

  it('refuses unsafe /api requests from another site with 403', async () => {
    await request(t.app).post('/api/login').set('Origin', 'https://evil.example').send({}).expect(403)
    await request(t.app).post('/api/login').set('Sec-Fetch-Site', 'cross-site').send({}).expect(403)
    await request(t.app).post('/api/login').set('Origin', 'null').send({}).expect(403)
    await request(t.app).post('/api/login').set('Origin', 'not a url').send({}).expect(403)
    // A same-origin form post under a strict referrer policy carries Origin: null.
    await request(t.app).post('/api/login').set('Sec-Fetch-Site', 'same-origin').set('Origin', 'null').send({}).expect(400)
    // Same origin and safe methods pass.
    const same = await request(t.app).post('/api/login').set('Host', 'pub.test').set('Origin', 'http://pub.test').send({})
    expect(same.status).toBe(400)
    await request(t.app).get('/api/health').set('Origin', 'https://evil.example').expect(200)
  })

  it('serves public settings and hides the rest', async () => {
    const res = await request(t.app).get('/api/site-settings/footer_kitchen_hours').expect(200)
    expect(res.body.value).toMatch(/9pm/)
    await request(t.app).get('/api/site-settings/booking_capacity_covers').expect(404)
    await request(t.app).get('/api/site-settings/venue_notification_email').expect(404)
  })

  it('never answers 500 to malformed requests', async () => {
    const probes = [
      request(t.app).post('/api/login').set('Content-Type', 'application/json').send('[1,2'),
      request(t.app).post('/api/login').send({ username: 42, password: ['x'] }),
      request(t.app).post('/api/login').set('Content-Type', 'text/plain').send('hello'),
      request(t.app).get('/api/site-settings/%E0%A4%A'),
      request(t.app).post('/api/login').set('Content-Type', 'application/json; charset=utf-999').send('{}'),
    ]
    for (const res of await Promise.all(probes)) {
      expect(res.status).toBeGreaterThanOrEqual(400)
      expect(res.status).toBeLessThan(500)
    }
  })
})

describe('the health check', () => {
  it('shares one database query between probes within a second, then checks again', async () => {
    const { databaseCheck } = await import('../../server/api/health-routes')
    let queries = 0
    const countingDb = { execute: async () => void queries++ } as unknown as Parameters<typeof databaseCheck>[0]
    let now = 0
    const check = databaseCheck(countingDb, () => now)
    expect(await Promise.all([check(), check(), check()])).toEqual([true, true, true])
    expect(queries).toBe(1)
    now = 999
    await check()
    expect(queries).toBe(1)
    now = 1000
    await check()
    expect(queries).toBe(2)
  })

  it('reports a database that stopped answering within the second', async () => {
    const { databaseCheck } = await import('../../server/api/health-routes')
    let up = true
    const flakyDb = {
      execute: async () => {
        if (!up) throw new Error('connection refused')
      },
    } as unknown as Parameters<typeof databaseCheck>[0]
    let now = 0
    const check = databaseCheck(flakyDb, () => now)
    expect(await check()).toBe(true)
    up = false
    now = 1500
    expect(await check()).toBe(false)
  })
})
