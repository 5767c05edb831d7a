import type { IncomingMessage } from 'node:http'
import type { NextFunction, Request, RequestHandler, Response } from 'express'
import type { RouteDef } from './routes'
import { sameOriginOnly, setApiHeaders } from './security'

/** The largest JSON body the API reads (its parser in app.ts, and the lane). */
export const API_JSON_LIMIT_BYTES = 100 * 1024
const PLAIN_JSON = /^application\/json\s*(?:;\s*charset\s*=\s*"?utf-8"?\s*)?$/i
const DIGITS = /^\d{1,9}$/
// body-parser's strict JSON: an object or an array (after optional whitespace).
const OBJECT_OR_ARRAY = /^[ \t\n\r]*[{[]/

/**
 * One API route served ahead of the general middleware (issue 16, decision 16).
 * POST /api/reservations is the public write that must stay quick in a rush:
 * reaching it, Express's router walked every route mounted before it, and the
 * JSON parser and the middleware of pages, cached reads and sessions ran for
 * it; with Express's own work that was more than half of a booking's CPU.
 *
 * The lane takes only the plain case: a same-origin request of the route's
 * method and exact path, with a JSON body (UTF-8, not compressed) whose
 * Content-Length is within the API's limit, and no staff session cookie. It
 * sets the same headers, runs the same same-origin check, parses the body as
 * the API's parser does, and runs the route's own handlers; their errors go to
 * the app's error handler. Anything else goes on to the general middleware,
 * which answers it as it answers every request.
 */
export function fastLane(route: RouteDef, { dev }: { dev: boolean }): RequestHandler {
  const method = route.method.toUpperCase()
  return (req, res, next) => {
    if (req.method !== method || req.url !== route.path || !plainJson(req)) return next()
    setApiHeaders(req, res, dev)
    sameOriginOnly(req, res, () => {
      readJson(req, Number(req.headers['content-length'])).then((body) => {
        req.body = body
        res.setHeader('Cache-Control', 'no-store')
        runHandlers(route.handlers, req, res, next)
      }, next)
    })
  }
}

/** Whether the request is one the lane takes (see fastLane). */
function plainJson(req: IncomingMessage): boolean {
  const { headers } = req
  const length = headers['content-length']
  return (
    PLAIN_JSON.test(headers['content-type'] ?? '') &&
    headers['content-encoding'] === undefined &&
    headers['transfer-encoding'] === undefined &&
    length !== undefined &&
    DIGITS.test(length) &&
    Number(length) <= API_JSON_LIMIT_BYTES &&
    !headers.cookie?.includes('sid=')
  )
}

/** The body as JSON, with body-parser's errors for what it would refuse (the error handler words them). */
function readJson(req: IncomingMessage, expected: number): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let received = 0
    const fail = (type: string) => reject(Object.assign(new Error(type), { status: 400, type }))
    req.on('data', (chunk: Buffer) => {
      received += chunk.length
      if (received <= expected) chunks.push(chunk)
    })
    req.on('aborted', () => fail('request.aborted'))
    req.on('error', () => fail('request.aborted'))
    req.on('end', () => {
      if (received !== expected) return fail('request.size.invalid')
      if (received === 0) return resolve({})
      const text = new TextDecoder('utf-8').decode(Buffer.concat(chunks, received))
      if (!OBJECT_OR_ARRAY.test(text)) return fail('entity.parse.failed')
      try {
        resolve(JSON.parse(text))
      } catch {
        fail('entity.parse.failed')
      }
    })
  })
}

/** Runs a route's handlers in order as Express would: next() goes on, next(error) and a rejection go to the error handler. */
function runHandlers(handlers: RequestHandler[], req: Request, res: Response, done: NextFunction, i = 0) {
  const handler = handlers[i]
  if (!handler) return done()
  const next: NextFunction = (error?: unknown) => (error ? done(error) : runHandlers(handlers, req, res, done, i + 1))
  try {
    Promise.resolve(handler(req, res, next)).catch(done)
  } catch (error) {
    done(error)
  }
}
