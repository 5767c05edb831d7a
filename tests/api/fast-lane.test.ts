/**
 * The booking POST's fast lane (server/http/fast-lane.ts, decision 16): which
 * requests it takes, and that its answers are the general path's answers,
 * header for header, so a middleware added for the API later cannot be
 * forgotten there.
 */
import express from 'express'
import request from 'supertest'
import { beforeAll, describe, expect, it } from 'vitest'
import { errorHandler } from '../../server/http/errors'
import { fastLane } from '../../server/http/fast-lane'
import { createTestApp, type TestApp } from '../helpers/app'
import { guestBooking } from '../helpers/guest-booking'

describe('the requests the lane takes', () => {
  // Only the lane and the error handler: a request it does not take falls through to Express's 404.
  const app = express()
  app.use(
    fastLane(
      {
        method: 'post',
        path: '/echo',
        handlers: [
          (req, res) => void res.status(200).json({ body: req.body, cacheControl: res.getHeader('cache-control') }),
        ],
      },
      { dev: false },
    ),
  )
  app.use(errorHandler)
  const post = (path = '/echo') => request(app).post(path)

  it('takes a plain JSON post, with the API headers and no-store', async () => {
    const res = await post().set('content-type', 'application/json').send('{"a":1}').expect(200)
    expect(res.body).toEqual({ body: { a: 1 }, cacheControl: 'no-store' })
    expect(res.headers['x-content-type-options']).toBe('nosniff')
    await post().set('content-type', 'application/json; charset=UTF-8').send(' [1, 2]').expect(200)
    expect(
      (await post().set('content-type', 'application/json').set('content-length', '0').expect(200)).body.body,
    ).toEqual({})
  })

  it('answers malformed JSON, and JSON that is not an object or array, as the API parser does', async () => {
    for (const body of ['{"a":', '"text"', '12', 'null']) {
      const res = await post().set('content-type', 'application/json').send(body).expect(400)
      expect(res.body).toEqual({ message: 'Malformed JSON in request body' })
    }
  })

  it('leaves everything else to the general path', async () => {
    await post('/echo?x=1').set('content-type', 'application/json').send('{}').expect(404)
    await request(app).put('/echo').set('content-type', 'application/json').send('{}').expect(404)
    await post().set('content-type', 'text/plain').send('{}').expect(404)
    await post().set('content-type', 'application/json; charset=latin1').send('{}').expect(404)
    await post().set('content-type', 'application/json').set('content-encoding', 'gzip').send('{}').expect(404)
    await post().set('content-type', 'application/json').set('cookie', 'sid=abc').send('{}').expect(404)
    await post()
      .set('content-type', 'application/json')
      .send(JSON.stringify({ text: 'x'.repeat(100 * 1024) }))
      .expect(404)
  })

  it('runs the same-origin check', async () => {
    const res = await post()
      .set('content-type', 'application/json')
      .set('sec-fetch-site', 'cross-site')
      .send('{}')
      .expect(403)
    expect(res.body).toEqual({ message: 'Cross-site requests are not allowed' })
  })
})

describe('POST /api/reservations through the lane and through the general path', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp({ now: '2026-11-21T12:00:00Z', env: { TRUST_PROXY: 'true' } })
  })
  let n = 0
  // The same request twice: by the lane, and (a query string keeps it out of the lane) by the general path.
  const both = async (body: string | object, headers: Record<string, string> = {}) => {
    const send = (path: string) =>
      request(t.app)
        .post(path)
        .set('content-type', 'application/json')
        .set('X-Forwarded-For', `10.77.${++n >> 8}.${n & 255}`)
        .set(headers)
        .send(typeof body === 'string' ? body : JSON.stringify(body))
    return [await send('/api/reservations'), await send('/api/reservations?path=general')] as const
  }
  // What differs between two answers by nature: the request's id, the time, a new booking's id and length.
  const DYNAMIC = new Set(['x-request-id', 'date', 'content-length'])
  const headersOf = (res: request.Response) =>
    Object.fromEntries(Object.entries(res.headers).filter(([name]) => !DYNAMIC.has(name)))
  const sameAnswer = (lane: request.Response, general: request.Response) => {
    expect(lane.status).toBe(general.status)
    expect(headersOf(lane)).toEqual(headersOf(general))
  }

  it('books alike', async () => {
    const booking = (startTime: string) => guestBooking({ email: `lane-${++n}@example.com`, startTime })
    const lane = await request(t.app)
      .post('/api/reservations')
      .set('X-Forwarded-For', '10.78.0.1')
      .send(booking('18:00'))
      .expect(201)
    const general = await request(t.app)
      .post('/api/reservations?path=general')
      .set('X-Forwarded-For', '10.78.0.2')
      .send(booking('18:30'))
      .expect(201)
    sameAnswer(lane, general)
    expect(Object.keys(lane.body)).toEqual(Object.keys(general.body))
  })

  it('refuses alike: invalid fields, malformed JSON, a bad Idempotency-Key, a filled honeypot, a taken slot, a cross-site post', async () => {
    const taken = guestBooking({ email: `taken-${++n}@example.com`, startTime: '20:00' })
    await request(t.app).post('/api/reservations').set('X-Forwarded-For', '10.78.0.3').send(taken).expect(201)
    const cases: [string | object, Record<string, string>?][] = [
      [guestBooking({ partySize: 0 })],
      ['{"name":'],
      ['[]'],
      [''],
      [guestBooking({ email: 'key@example.com' }), { 'idempotency-key': 'short' }],
      [guestBooking({ website: 'https://spam.example' })],
      [taken],
      [guestBooking(), { 'sec-fetch-site': 'cross-site' }],
    ]
    for (const [body, headers] of cases) {
      const [lane, general] = await both(body, headers)
      expect(lane.status).toBeGreaterThanOrEqual(400)
      sameAnswer(lane, general)
      expect(lane.body).toEqual(general.body)
    }
  })

  it('replays alike', async () => {
    const body = guestBooking({ email: `replay-${++n}@example.com`, startTime: '21:00' })
    const headers = { 'idempotency-key': `lane-replay-${n}` }
    await request(t.app)
      .post('/api/reservations')
      .set('X-Forwarded-For', '10.78.0.4')
      .set(headers)
      .send(body)
      .expect(201)
    const [lane, general] = await both(body, headers)
    expect(lane.headers['idempotent-replayed']).toBe('true')
    sameAnswer(lane, general)
    expect(lane.body).toEqual(general.body)
  })
})
