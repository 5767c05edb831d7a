import crypto from 'node:crypto'
import request from 'supertest'
import { beforeAll, describe, expect, it } from 'vitest'
import { KNOWN_DEVICE_COOKIE } from '../../server/auth/login-throttle'
import { TOUCH_AFTER_MS } from '../../server/auth/session'
import { createTestApp, signedInAgent, STAFF, type TestApp } from '../helpers/app'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
  await t.services.users.create(STAFF.username, STAFF.password)
})

const IDLE_EXPIRY_MS = 12 * 60 * 60 * 1000

/** The Set-Cookie lines of a response. */
const setCookies = (res: request.Response) => (res.headers['set-cookie'] as unknown as string[] | undefined) ?? []
/** The Set-Cookie line of one cookie. */
const setCookie = (res: request.Response, name: string) => setCookies(res).find((c) => c.startsWith(`${name}=`))
/** `sid=…` as a browser would send it back. */
const sidOf = (res: request.Response) => setCookie(res, 'sid')!.split(';')[0]!
/** The session id inside a signed `sid` cookie (`s:<id>.<signature>`, URL-encoded). */
const idOf = (cookie: string) => decodeURIComponent(cookie.replace(/^sid=/, '')).slice(2).split('.')[0]!
/** A cookie signed as express-session signs it: what an attacker holding a real session id would plant. */
const signedSid = (id: string) =>
  `sid=${encodeURIComponent(`s:${id}.${crypto.createHmac('sha256', t.config.sessionSecret).update(id).digest('base64').replace(/=/g, '')}`)}`
const sessionRows = async (cookie: string) =>
  (await t.db.$client.query('select 1 from session where sid = $1', [idOf(cookie)])).rowCount
/** An attribute of a Set-Cookie line, case-insensitively ('HttpOnly', 'SameSite=Lax'). */
const hasAttribute = (line: string | undefined, attribute: string) =>
  (line ?? '').split(';').some((part) => part.trim().toLowerCase() === attribute.toLowerCase())
const expiresOf = (line: string) => new Date(/Expires=([^;]+)/i.exec(line)![1]!).getTime()

describe('staff sign-in', () => {
  it('signs in with the right password and returns the user without the hash', async () => {
    const res = await request(t.app).post('/api/login').send(STAFF).expect(200)
    expect(res.body).toMatchObject({ username: 'staff' })
    expect(res.body).not.toHaveProperty('password')
    const cookies = res.headers['set-cookie'] as unknown as string[]
    expect(cookies.find((c) => c.startsWith('sid='))).toMatch(/^sid=.*HttpOnly.*SameSite=Lax/i)
  })

  it('refuses a wrong password with 401 Invalid username or password', async () => {
    const res = await request(t.app).post('/api/login').send({ username: 'staff', password: 'nope' }).expect(401)
    expect(res.body).toEqual({ message: 'Invalid username or password' })
  })

  it('names each missing field', async () => {
    const res = await request(t.app).post('/api/login').send({}).expect(400)
    expect(res.body.errors).toEqual({ username: 'Username is required', password: 'Password is required' })
  })

  it('issues a new session id at login', async () => {
    const agent = request.agent(t.app).set('Sec-Fetch-Site', 'same-origin')
    await agent.post('/api/login').send({ username: 'staff', password: 'bad' }).expect(401)
    const first = await agent.post('/api/login').send(STAFF).expect(200)
    const second = await agent.post('/api/login').send(STAFF).expect(200)
    const sid = (r: request.Response) =>
      (r.headers['set-cookie'] as unknown as string[]).find((c) => c.startsWith('sid='))!.split(';')[0]
    expect(sid(first)).not.toEqual(sid(second))
  })

  it('GET /api/user answers 401 signed out and the user signed in', async () => {
    await request(t.app).get('/api/user').expect(401)
    const agent = await signedInAgent(t)
    const res = await agent.get('/api/user').expect(200)
    expect(res.body.username).toBe('staff')
  })

  it('sets the non-secret staff marker cookie at login and clears it at logout', async () => {
    const login = await request(t.app).post('/api/login').send(STAFF).expect(200)
    const marker = (login.headers['set-cookie'] as unknown as string[]).find((c) => c.startsWith('staff_session='))
    expect(marker).toMatch(/^staff_session=1;.*SameSite=Lax/)
    expect(marker).not.toMatch(/HttpOnly/i)
    const logout = await request(t.app).get('/api/logout').expect(302)
    expect(String(logout.headers['set-cookie'])).toMatch(/staff_session=;.*Expires=Thu, 01 Jan 1970/)
  })

  it('GET /api/logout ends the session on the server and redirects home: the old cookie replayed gets 401', async () => {
    const login = await request(t.app).post('/api/login').send(STAFF).expect(200)
    const old = sidOf(login)
    await request(t.app).get('/api/admin/reservations').set('Cookie', old).expect(200)
    const logout = await request(t.app).get('/api/logout').set('Cookie', old).expect(302).expect('Location', '/')
    expect(String(logout.headers['set-cookie'])).toMatch(/sid=;.*Expires=Thu, 01 Jan 1970/)
    // Whoever kept a copy of the cookie (the browser ignoring the clearing, a thief) has nothing.
    expect(await sessionRows(old)).toBe(0)
    await request(t.app).get('/api/user').set('Cookie', old).expect(401)
    await request(t.app).get('/api/admin/reservations').set('Cookie', old).expect(401)
  })

  it('stores passwords hashed', async () => {
    const rows = await t.db.query.users.findMany()
    for (const row of rows) {
      expect(row.password).toMatch(/^scrypt\$/)
      expect(row.password).not.toContain(STAFF.password)
    }
  })
})

describe('login rate limits', () => {
  it('locks a username after 10 failures with a 429 that says when to retry', async () => {
    await t.services.users.create('target', 'the-real-password')
    for (let i = 0; i < 10; i++) {
      await request(t.app).post('/api/login').send({ username: 'target', password: `guess-${i}` }).expect(401)
    }
    const res = await request(t.app).post('/api/login').send({ username: 'Target', password: 'the-real-password' })
    expect(res.status).toBe(429)
    expect(res.body.message).toMatch(/^Too many login attempts\. Please try again in \d+ minutes?\.$/)
    expect(res.headers['retry-after']).toBeDefined()
  })
})

describe('the sign-in form posted before its script loads', () => {
  it('redirects to /admin with a session on the right password', async () => {
    const agent = request.agent(t.app)
    await agent
      .post('/api/login')
      .type('form')
      .send({ username: STAFF.username, password: STAFF.password })
      .expect(303)
      .expect('Location', '/admin')
    await agent.get('/api/user').expect(200)
  })

  it('redirects back to the form on a wrong or missing password, and counts the failure', async () => {
    await t.services.users.create('formuser', 'form-password-1')
    for (let i = 0; i < 10; i++) {
      await request(t.app)
        .post('/api/login')
        .type('form')
        .send({ username: 'formuser', password: i % 2 ? '' : 'wrong' })
        .expect(303)
        .expect('Location', '/login?error=invalid')
    }
    await request(t.app).post('/api/login').send({ username: 'formuser', password: 'form-password-1' }).expect(429)
  })
})

describe('session fixation', () => {
  /** A session row no one signed in to, as if the attacker had got the store to keep one. */
  async function anonymousSession(): Promise<string> {
    const id = crypto.randomBytes(24).toString('base64url')
    const sess = { cookie: { originalMaxAge: IDLE_EXPIRY_MS, expires: new Date(Date.now() + IDLE_EXPIRY_MS), httpOnly: true, path: '/', sameSite: 'lax' } }
    await t.db.$client.query('insert into session (sid, sess, expire) values ($1, $2, $3)', [id, sess, new Date(Date.now() + IDLE_EXPIRY_MS)])
    return signedSid(id)
  }

  /** The victim signs in in a browser carrying the attacker's cookie; returns the cookie the app then gives. */
  async function victimSignsInWith(planted: string) {
    const login = await request(t.app).post('/api/login').set('Sec-Fetch-Site', 'same-origin').set('Cookie', planted).send(STAFF).expect(200)
    const after = sidOf(login)
    expect(after).not.toBe(planted)
    expect(idOf(after)).not.toBe(idOf(planted))
    await request(t.app).get('/api/admin/reservations').set('Cookie', after).expect(200)
    return after
  }

  it('a failed sign-in makes no session, so there is none for an attacker to harvest before login', async () => {
    const before = (await t.db.$client.query('select count(*)::int as n from session')).rows[0].n
    const res = await request(t.app).post('/api/login').send({ username: STAFF.username, password: 'wrong' }).expect(401)
    expect(setCookie(res, 'sid')).toBeUndefined()
    expect((await t.db.$client.query('select count(*)::int as n from session')).rows[0].n).toBe(before)
  })

  it('a planted valid session id is replaced at login, and the planted one cannot reach /api/admin afterwards', async () => {
    const planted = await anonymousSession()
    await victimSignsInWith(planted)
    expect(await sessionRows(planted)).toBe(0)
    await request(t.app).get('/api/user').set('Cookie', planted).expect(401)
    await request(t.app).get('/api/admin/reservations').set('Cookie', planted).expect(401)
  })

  it("the attacker's own signed-in session planted in the victim's browser is replaced and ended at the victim's login", async () => {
    await t.services.users.create('mallory', 'mallory-password-1')
    const mallory = sidOf(await request(t.app).post('/api/login').send({ username: 'mallory', password: 'mallory-password-1' }).expect(200))
    const after = await victimSignsInWith(mallory)
    expect((await request(t.app).get('/api/user').set('Cookie', after).expect(200)).body.username).toBe(STAFF.username)
    await request(t.app).get('/api/admin/reservations').set('Cookie', mallory).expect(401)
  })

  it('a made-up session id, signed or not, is never adopted', async () => {
    for (const planted of ['sid=attacker-chosen-id', signedSid('attacker-chosen-id'), `sid=${encodeURIComponent('s:attacker-chosen-id.bm90LWEtc2lnbmF0dXJl')}`]) {
      await victimSignsInWith(planted)
      expect(await sessionRows(signedSid('attacker-chosen-id'))).toBe(0)
      await request(t.app).get('/api/admin/reservations').set('Cookie', planted).expect(401)
    }
  })
})

describe('the cookies sign-in sets', () => {
  it('sid is HttpOnly, SameSite=Lax, Path=/ and expires with the 12-hour idle expiry the store keeps', async () => {
    const login = await request(t.app).post('/api/login').send(STAFF).expect(200)
    const line = setCookie(login, 'sid')!
    for (const attribute of ['HttpOnly', 'SameSite=Lax', 'Path=/']) expect(hasAttribute(line, attribute), `${line} has ${attribute}`).toBe(true)
    // express-session dates the cookie by the real clock, as the store does its rows.
    const expires = expiresOf(line)
    expect(Math.abs(expires - (Date.now() + IDLE_EXPIRY_MS))).toBeLessThan(5_000)
    const { rows } = await t.db.$client.query<{ expire: Date }>('select expire from session where sid = $1', [idOf(sidOf(login))])
    expect(Math.abs(rows[0]!.expire.getTime() - expires)).toBeLessThanOrEqual(1_000)
  })

  it('each request renews the idle expiry, and a session idle past it is refused by the server, whatever the browser keeps', async () => {
    const sid = sidOf(await request(t.app).post('/api/login').send(STAFF).expect(200))
    const stored = async () =>
      (await t.db.$client.query<{ expire: Date; xmin: string }>('select expire, xmin::text from session where sid = $1', [idOf(sid)])).rows[0]!
    // As if the last request had come an hour ago: the next one writes the expiry afresh.
    await t.db.$client.query("update session set expire = expire - interval '1 hour' where sid = $1", [idOf(sid)])
    const later = await request(t.app).get('/api/user').set('Cookie', sid).expect(200)
    expect(expiresOf(setCookie(later, 'sid')!)).toBeGreaterThan(Date.now() + IDLE_EXPIRY_MS - 5_000)
    const renewed = await stored()
    expect(renewed.expire.getTime()).toBeGreaterThan(Date.now() + IDLE_EXPIRY_MS - 5_000)
    // Requests within the minute renew the cookie but leave the row alone: no write, no commit to wait for.
    for (let i = 0; i < 3; i++) {
      const again = await request(t.app).get('/api/admin/reservations').set('Cookie', sid).expect(200)
      expect(expiresOf(setCookie(again, 'sid')!)).toBeGreaterThan(Date.now() + IDLE_EXPIRY_MS - 5_000)
    }
    expect(await stored()).toEqual(renewed)
    // Once the stored expiry is over a minute behind, the next request writes it.
    await t.db.$client.query("update session set expire = expire - make_interval(secs => $2) where sid = $1", [idOf(sid), TOUCH_AFTER_MS / 1000 + 1])
    await request(t.app).get('/api/user').set('Cookie', sid).expect(200)
    expect((await stored()).expire.getTime()).toBeGreaterThan(Date.now() + IDLE_EXPIRY_MS - 5_000)
    await t.db.$client.query("update session set expire = now() - interval '1 second' where sid = $1", [idOf(sid)])
    await request(t.app).get('/api/admin/reservations').set('Cookie', sid).expect(401)
  })

  it('no other cookie carries a secret: the staff marker is "1", and the device cookie signs no one in', async () => {
    const login = await request(t.app).post('/api/login').send(STAFF).expect(200)
    expect(setCookies(login).map((c) => c.split('=')[0]).sort()).toEqual(['sid', KNOWN_DEVICE_COOKIE, 'staff_session'].sort())
    expect(setCookie(login, 'staff_session')!.split(';')[0]).toBe('staff_session=1')
    const device = setCookie(login, KNOWN_DEVICE_COOKIE)!
    expect(hasAttribute(device, 'HttpOnly')).toBe(true)
    expect(hasAttribute(device, 'Path=/api/login')).toBe(true)
    expect(device).not.toContain(idOf(sidOf(login)))
    // Both cookies without the session: nobody is signed in.
    const others = [device.split(';')[0], 'staff_session=1'].join('; ')
    await request(t.app).get('/api/user').set('Cookie', others).expect(401)
    await request(t.app).get('/api/admin/reservations').set('Cookie', others).expect(401)
  })

  it('public answers set no cookie at all', async () => {
    for (const path of ['/api/health', '/api/opening-hours', '/api/events/upcoming', '/api/user']) {
      expect(setCookies(await request(t.app).get(path)), path).toEqual([])
    }
  })

  it('plain HTTP gets no Secure flag, whatever the client says about its scheme', async () => {
    const plain = await request(t.app).post('/api/login').send(STAFF).expect(200)
    for (const line of setCookies(plain)) expect(hasAttribute(line, 'Secure'), line).toBe(false)
    // Without TRUST_PROXY, a client saying it came over HTTPS is not believed.
    const forged = await request(t.app).post('/api/login').set('X-Forwarded-Proto', 'https').send(STAFF).expect(200)
    for (const line of setCookies(forged)) expect(hasAttribute(line, 'Secure'), line).toBe(false)
  })
})

describe('the cookies in production behind a TLS proxy (NODE_ENV=production, TRUST_PROXY)', () => {
  let p: TestApp
  beforeAll(async () => {
    p = await createTestApp({ env: { NODE_ENV: 'production', TRUST_PROXY: '1' } })
    await p.services.users.create(STAFF.username, STAFF.password)
  })

  it('every cookie of a sign-in over HTTPS is Secure, and sid keeps HttpOnly, SameSite=Lax and Path=/', async () => {
    const login = await request(p.app)
      .post('/api/login')
      .set('X-Forwarded-Proto', 'https')
      .set('Sec-Fetch-Site', 'same-origin')
      .send(STAFF)
      .expect(200)
    expect(setCookies(login)).toHaveLength(3)
    for (const line of setCookies(login)) expect(hasAttribute(line, 'Secure'), line).toBe(true)
    for (const attribute of ['HttpOnly', 'SameSite=Lax', 'Path=/']) expect(hasAttribute(setCookie(login, 'sid'), attribute)).toBe(true)
    // The renewed cookie of a later request is Secure too.
    const later = await request(p.app).get('/api/user').set('X-Forwarded-Proto', 'https').set('Cookie', sidOf(login)).expect(200)
    expect(hasAttribute(setCookie(later, 'sid'), 'Secure')).toBe(true)
  })

  it('the same production server reached over plain HTTP (npm start on localhost) sets sid without Secure, or no one could sign in', async () => {
    const login = await request(p.app).post('/api/login').set('Sec-Fetch-Site', 'same-origin').send(STAFF).expect(200)
    expect(hasAttribute(setCookie(login, 'sid'), 'Secure')).toBe(false)
    expect(hasAttribute(setCookie(login, 'sid'), 'HttpOnly')).toBe(true)
  })
})
