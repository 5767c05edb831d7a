import type { RequestHandler } from 'express'
import { UPLOAD_PATHS } from './body-deadline'
import { REQUEST_TOO_LARGE_MESSAGE } from './errors'
import { closeAfterAnswer } from './lingering-close'

/**
 * Refuses an API body that declares more than four times `limit` from its
 * headers alone: 413 'Request body too large', and the connection closed once
 * the client has had time to read it (lingering-close.ts). Left to
 * body-parser, a body over its limit is read to its end before the answer (so
 * that the connection can be kept): 200 MB declared to an admin path, signed
 * in or not, was read whole, whatever its length. Up to four times the limit,
 * body-parser's own 413 stands, after reading at most that much. Uploads have
 * limits of their own (media/receive.ts), as pages do (page-body.ts).
 */
export function refuseDeclaredFarOver(limit: number): RequestHandler {
  return (req, res, next) => {
    const declared = Number(req.headers['content-length'])
    if (!(declared > limit * 4) || UPLOAD_PATHS.has(req.originalUrl.split('?')[0]!)) return next()
    res.set('Connection', 'close')
    closeAfterAnswer(req, res)
    res.status(413).json({ message: REQUEST_TOO_LARGE_MESSAGE })
  }
}
