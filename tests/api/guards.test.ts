/**
 * The request guards that were only assumed before: where a client's address
 * comes from, the sign-in limit per address and its window, and the
 * same-origin check on each kind of write.
 */
import request from 'supertest'
import { beforeAll, describe, expect, it } from 'vitest'
import { LOGIN_LIMIT_PER_ADDRESS, LOGIN_LIMIT_PER_ADDRESS_AND_USER, slowdownMs } from '../../server/auth/login-throttle'
import { createTestApp, signedInAgent, STAFF, type TestApp } from '../helpers/app'

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
