/**
 * The production HTTP server (server/http/app-server.ts): requests and
 * responses are made with Express's prototypes, and the app answers through
 * it exactly as through the plain server that supertest builds.
 */
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import express from 'express'
import request from 'supertest'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createAppServer } from '../../server/http/app-server'
import { createTestApp, type TestApp } from '../helpers/app'
import { guestBooking } from '../helpers/guest-booking'

/** Listens on a free port; closed after the file. */
async function listening(server: http.Server) {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
}

describe('requests and responses', () => {
  const prototypes = express()
  prototypes.get('/shape', (req, res) => {
    res.json({
      request: Object.getPrototypeOf(req) === prototypes.request,
      response: Object.getPrototypeOf(res) === prototypes.response,
      // Node's own initialisation ran: a readable request with its socket, a response tied to it.
      readable: req.readable !== undefined && req.socket !== undefined,
      ip: req.ip,
    })
  })

  it("are made with the app's prototypes, so Express's setPrototypeOf changes nothing", async () => {
    /** Whether each request and its response were born with the app's prototypes, before Express saw them. */
    const bornWith = (server: http.Server) => {
      const born: boolean[] = []
      server.prependListener('request', (req, res) =>
        born.push(
          Object.getPrototypeOf(req) === prototypes.request && Object.getPrototypeOf(res) === prototypes.response,
        ),
      )
      return born
    }
    const server = createAppServer(prototypes)
    const born = bornWith(server)
    const url = await listening(server)
    const body = await (await fetch(`${url}/shape`)).json()
    expect(body).toEqual({ request: true, response: true, readable: true, ip: '127.0.0.1' })
    expect(born).toEqual([true])
    // A plain server's objects get them only from Express's setPrototypeOf.
    const plain = http.createServer(prototypes)
    const bornPlain = bornWith(plain)
    expect((await (await fetch(`${await listening(plain)}/shape`)).json()).request).toBe(true)
    expect(bornPlain).toEqual([false])
  })
})

describe('the app through the production server', () => {
  let t: TestApp
  let url: string
  beforeAll(async () => {
    t = await createTestApp({ env: { TRUST_PROXY: '1' } })
    url = await listening(createAppServer(t.app))
  })

  it('answers as it does through a plain server: a booking, a refusal, a cross-site post, a read, a 404', async () => {
    const post = (body: unknown, headers: Record<string, string> = { 'Sec-Fetch-Site': 'same-origin' }) =>
      fetch(`${url}/api/reservations`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...headers },
        body: JSON.stringify(body),
      })
    const booked = await post(guestBooking({ email: 'server@example.com', startTime: '19:00' }))
    expect(booked.status).toBe(201)
    expect((await booked.json()).email).toBe('server@example.com')
    expect(booked.headers.get('x-request-id')).toBeTruthy()
    expect(booked.headers.get('cache-control')).toBe('no-store')

    const invalid = await post(guestBooking({ email: 'not-an-email' }))
    const plainInvalid = await request(t.app)
      .post('/api/reservations')
      .set('Sec-Fetch-Site', 'same-origin')
      .send(guestBooking({ email: 'not-an-email' }))
    expect(invalid.status).toBe(400)
    expect(await invalid.json()).toEqual(plainInvalid.body)

    expect((await post(guestBooking(), { 'Sec-Fetch-Site': 'cross-site' })).status).toBe(403)

    const hours = await fetch(`${url}/api/opening-hours`)
    expect(hours.status).toBe(200)
    expect(await hours.json()).toEqual((await request(t.app).get('/api/opening-hours')).body)
    const missing = await fetch(`${url}/api/no-such-thing`)
    expect(missing.status).toBe(404)
    expect(await missing.json()).toEqual({ message: 'Not found' })
  })

  it('reads the client address through the trusted proxy, as Express does', async () => {
    const attempts = await Promise.all(
      Array.from({ length: 3 }, (_, i) =>
        fetch(`${url}/api/reservations`, {
          method: 'POST',
          headers: {
            'Content-Type': 'application/json',
            'Sec-Fetch-Site': 'same-origin',
            'X-Forwarded-For': `203.0.113.${i + 1}`,
          },
          body: '{}',
        }),
      ),
    )
    expect(attempts.map((r) => r.status)).toEqual([400, 400, 400])
    const { rows } = await t.db.$client.query<{ key: string }>('select key from rate_limits order by key')
    expect(rows.map((r) => r.key).filter((k) => k.includes('203.0.113.'))).toHaveLength(3)
  })
})
