import type { Request, RequestHandler } from 'express'
import { closeAfterAnswer } from './lingering-close'

/** How long any request body may take to arrive. */
export const BODY_DEADLINE_MS = 30_000
/**
 * A staff upload's: a 50 MB menu over a country pub's upstream (1-2 Mbit/s on
 * ADSL) takes minutes, and Node's own `requestTimeout` cannot tell it apart.
 */
export const UPLOAD_BODY_DEADLINE_MS = 10 * 60_000
/** Headers must be whole within this (Node's `headersTimeout`, set in app-server.ts). */
export const HEADERS_DEADLINE_MS = 10_000

/** The paths that take a staff upload (media/receive.ts: multipart, up to UPLOAD_MAX_BYTES). */
export const UPLOAD_PATHS = new Set(['/api/upload', '/api/admin/upload'])
/** An upload from someone who may be staff (the session is checked after this, and a 401 ends the wait). */
const isStaffUpload = (req: Request) => req.method === 'POST' && UPLOAD_PATHS.has(req.path) && Boolean(req.headers.cookie?.includes('sid='))

const TOO_SLOW = 'The request took too long to arrive. Please try again.'

/**
 * Cuts a request whose body is still arriving after BODY_DEADLINE_MS (a
 * "slow POST" holds a connection and the memory of a half-read body for as
 * long as the client likes): 408 if nothing was answered yet, and the
 * connection closed either way (after the 408, once the client has had time
 * to read it: lingering-close.ts). The same cut applies to a body the app
 * answered without reading (Node keeps reading and discarding it). Requests
 * without a body cost nothing here.
 */
export function bodyDeadline({ ms = BODY_DEADLINE_MS, uploadMs = UPLOAD_BODY_DEADLINE_MS } = {}): RequestHandler {
  return (req, res, next) => {
    const length = req.headers['content-length']
    if ((length === undefined || length === '0') && req.headers['transfer-encoding'] === undefined) return next()
    const timer = setTimeout(
      () => {
        if (req.complete) return
        req.log.warn({ url: req.originalUrl, ms: isStaffUpload(req) ? uploadMs : ms }, 'Request body too slow: connection closed')
        if (res.headersSent) return void req.socket.destroy()
        closeAfterAnswer(req, res)
        res.status(408).set('Connection', 'close').json({ message: TOO_SLOW })
      },
      isStaffUpload(req) ? uploadMs : ms,
    )
    timer.unref()
    const clear = () => clearTimeout(timer)
    req.once('end', clear)
    req.once('close', clear)
    next()
  }
}
