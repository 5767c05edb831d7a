import type { IncomingMessage } from 'node:http'
import { writeReadableStreamToWritable } from '@react-router/node'
import type { Request as ExpressRequest, RequestHandler, Response as ExpressResponse } from 'express'
import { closeAfterAnswer } from './lingering-close'

/**
 * The one limit on what reaches a page's action (a React Router `action`:
 * `/unsubscribe` today, the pre-order and claim pages tomorrow). React
 * Router reads a form with `request.formData()`, which holds the whole body
 * in memory however large it is: four 200 MB posts once took the server from
 * 287 MB to 1.8 GB and blocked its event loop for seconds. So a page request
 * with a body is read here first, at most PAGE_FORM_LIMIT_BYTES of it, and
 * React Router is handed those bytes:
 *
 * - a method a page never takes (TRACE, OPTIONS, WebDAV's…) answers 405;
 * - no body, or one that is not a form (urlencoded or multipart), answers
 *   400, a compressed one 415, and a form that cannot be parsed 400;
 * - a body over the limit answers 413, declared or not: a declared length far
 *   over it is refused before a byte is read, and the connection closed
 *   (lingering-close.ts: the client gets to read the answer first).
 *
 * GET and HEAD go on to React Router's own handler (and the page cache): they
 * carry no body it reads.
 */
export const PAGE_FORM_LIMIT_BYTES = 16 * 1024
export const PAGE_FORM_TOO_LARGE = 'The form sent was too large (more than 16 KB). Nothing was saved.'
export const PAGE_FORM_EXPECTED = 'This page takes a form: the request carried none it could read.'
export const PAGE_METHOD_NOT_ALLOWED = 'This page does not take that method.'
const PAGE_ENCODING_UNSUPPORTED = 'Unsupported request encoding'
/** The methods a page answers: reads, and the submissions React Router routes to an action. */
export const PAGE_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE']
const SUBMISSIONS = new Set(PAGE_METHODS.slice(2))
/** A declared length this far over the limit is not worth draining so the client can read the answer. */
const DRAIN_AT_MOST = PAGE_FORM_LIMIT_BYTES * 4

/**
 * Whether a Content-Type is a form, as React Router's <Form> and a mail app's
 * one-click unsubscribe send it: the only bodies a page's action reads (with
 * `formData()`, which throws on anything else, and that was a 500).
 */
function isForm(contentType: string | undefined): boolean {
  if (!contentType || contentType.length > 300) return false
  const [type, ...params] = contentType.toLowerCase().split(';').map((p) => p.trim())
  if (type === 'application/x-www-form-urlencoded') return true
  // Without its boundary a multipart body cannot be read.
  return type === 'multipart/form-data' && params.some((p) => /^boundary=\S/.test(p))
}

/** Answers a refused page request in plain words (a browser without scripts shows them; a script reads them). */
function refuse(res: ExpressResponse, status: number, message: string, close = false) {
  if (close) res.set('Connection', 'close')
  if (status === 405) res.set('Allow', PAGE_METHODS.join(', '))
  res.status(status).type('text/plain').send(message)
}

type Read = { ok: true; body: Buffer } | { ok: false; status: number; message: string; close: boolean }

/** The request's body, at most `limit` bytes of it; over that it stops reading and says so. */
function readBody(req: IncomingMessage, limit: number): Promise<Read> {
  const declared = req.headers['content-length']
  const length = declared === undefined ? undefined : Number(declared)
  if (length !== undefined && length > limit) {
    if (length > DRAIN_AT_MOST) return Promise.resolve({ ok: false, status: 413, message: PAGE_FORM_TOO_LARGE, close: true })
    // A little over: read and discard it, so a browser sees the answer rather than a reset connection.
    return new Promise((resolve) => {
      const done = () => resolve({ ok: false, status: 413, message: PAGE_FORM_TOO_LARGE, close: false })
      req.on('end', done).on('error', done).resume()
    })
  }
  return new Promise((resolve) => {
    const chunks: Buffer[] = []
    let received = 0
    let settled = false
    const settle = (read: Read) => {
      if (settled) return
      settled = true
      req.off('data', onData)
      resolve(read)
    }
    const onData = (chunk: Buffer) => {
      received += chunk.length
      if (received > limit) {
        req.pause()
        return settle({ ok: false, status: 413, message: PAGE_FORM_TOO_LARGE, close: true })
      }
      chunks.push(chunk)
    }
    req.on('data', onData)
    req.on('end', () => settle({ ok: true, body: Buffer.concat(chunks, received) }))
    req.on('error', () => settle({ ok: false, status: 400, message: PAGE_FORM_EXPECTED, close: true }))
  })
}

/** Whether the bytes read as the form they say they are: a body React Router's `formData()` would throw on is refused here. */
async function parsesAsForm(contentType: string, body: Buffer): Promise<boolean> {
  try {
    await new Request('http://localhost/', { method: 'POST', headers: { 'Content-Type': contentType }, body: new Uint8Array(body) }).formData()
    return true
  } catch {
    return false
  }
}

/** The Fetch API request React Router handles, with the body already read. */
function toFetchRequest(req: ExpressRequest, res: ExpressResponse, body: Buffer | undefined): Request {
  const headers = new Headers()
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const v of value) headers.append(name, v)
    else if (value !== undefined) headers.set(name, value)
  }
  // The body is whole: its framing headers describe the bytes that came, not these.
  headers.delete('transfer-encoding')
  headers.delete('content-length')
  const controller = new AbortController()
  res.on('close', () => {
    if (!res.writableFinished) controller.abort()
  })
  // request-guard.ts has checked the Host already.
  const url = new URL(`${req.protocol}://${req.get('host')}${req.originalUrl}`)
  return new Request(url, { method: req.method, headers, body: body && new Uint8Array(body), signal: controller.signal })
}

/** Writes React Router's answer, streamed as its express adapter writes it. */
async function send(res: ExpressResponse, response: Response) {
  if (res.destroyed || res.writableEnded) return void (await response.body?.cancel())
  res.statusMessage = response.statusText
  res.status(response.status)
  for (const [name, value] of response.headers) res.append(name, value)
  if (response.body) await writeReadableStreamToWritable(response.body, res)
  else res.end()
}

/**
 * Page requests with a body (see above): bounded, checked, then handed to
 * `handle` (React Router's fetch handler) as a Fetch API request. Anything
 * else goes on to `next`.
 */
export function pageSubmissions(handle: (request: Request, res: ExpressResponse) => Promise<Response>): RequestHandler {
  return async (req, res, next) => {
    if (req.method === 'GET' || req.method === 'HEAD') return next()
    if (!SUBMISSIONS.has(req.method)) return refuse(res, 405, PAGE_METHOD_NOT_ALLOWED)
    const encoding = req.headers['content-encoding']
    if (encoding !== undefined && encoding.toLowerCase() !== 'identity') return refuse(res, 415, PAGE_ENCODING_UNSUPPORTED, true)
    const contentType = req.headers['content-type']
    const read = await readBody(req, PAGE_FORM_LIMIT_BYTES)
    if (!read.ok) {
      if (read.close) closeAfterAnswer(req, res)
      return refuse(res, read.status, read.message, read.close)
    }
    if (!isForm(contentType) || !(await parsesAsForm(contentType!, read.body))) return refuse(res, 400, PAGE_FORM_EXPECTED)
    try {
      await send(res, await handle(toFetchRequest(req, res, read.body), res))
    } catch (error) {
      next(error)
    }
  }
}
