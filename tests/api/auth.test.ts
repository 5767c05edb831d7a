import request from 'supertest'
import { beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, signedInAgent, STAFF, type TestApp } from '../helpers/app'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
  await t.services.users.create(STAFF.username, STAFF.password)
})

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

  it('GET /api/logout ends the session and redirects home', async () => {
    const agent = await signedInAgent(t)
    await agent.get('/api/logout').expect(302).expect('Location', '/')
    await agent.get('/api/user').expect(401)
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
