import express from 'express'
import request from 'supertest'
import { describe, expect, it } from 'vitest'
import { ConflictError, ForbiddenError, NotFoundError, TooManyRequestsError, UnprocessableError, ValidationError } from '../../server/domain-errors'
import { errorHandler } from '../../server/http/errors'

/** A route that throws what a service would, answered by the app's one error handler. */
function answerTo(error: Error) {
  const app = express()
  app.get('/', () => {
    throw error
  })
  app.use(errorHandler)
  return request(app).get('/')
}

describe('domain errors become HTTP answers in one place', () => {
  it.each([
    { error: new ValidationError('Date is required', { date: 'Date is required' }), status: 400, body: { message: 'Date is required', errors: { date: 'Date is required' } } },
    { error: new ForbiddenError(), status: 403, body: { message: 'You do not have permission to do that.' } },
    { error: new NotFoundError('Reservation not found'), status: 404, body: { message: 'Reservation not found' } },
    { error: new ConflictError('Over capacity at 7:00 PM', 'over_capacity'), status: 409, body: { message: 'Over capacity at 7:00 PM', code: 'over_capacity' } },
    { error: new UnprocessableError('This Idempotency-Key was already used'), status: 422, body: { message: 'This Idempotency-Key was already used' } },
    { error: new TooManyRequestsError('Too many attempts', 120), status: 429, body: { message: 'Too many attempts' } },
  ])('$status: $body.message', async ({ error, status, body }) => {
    const res = await answerTo(error)
    expect(res.status).toBe(status)
    expect(res.body).toEqual(body)
    if (status === 429) expect(res.headers['retry-after']).toBe('120')
  })

  it('says nothing of an error it does not know', async () => {
    const res = await answerTo(new Error('relation "secret" does not exist'))
    expect(res.status).toBe(500)
    expect(JSON.stringify(res.body)).not.toContain('secret')
  })
})
