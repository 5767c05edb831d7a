import type { Request, RequestHandler, Response } from 'express'
import { UPLOAD_PATHS } from './body-deadline'
import { REQUEST_TOO_LARGE_MESSAGE } from './errors'
import { closeAfterAnswer } from './lingering-close'

/** What an API body sent without its length answers (411). */
export const LENGTH_REQUIRED_MESSAGE = 'Send the request body with its length (Content-Length).'

/**
 * Bounds what the API reads of a body before body-parser sees it. Left to
 * body-parser, a body over its limit is read to its end before the answer (so
 * that the connection can be kept): 200 MB declared to an admin path, signed
 * in or not, was read whole, and a body sent without a length (chunked) would
 * be read for as long as it came, up to the 30 s body deadline. So:
 *
 * - a body declared over four times `limit` answers 413 'Request body too
 *   large' from its headers alone, without reading it (up to four times the
 *   limit, body-parser's own 413 stands, after reading at most that much);
 * - a body sent without a length answers 411. The site's pages and panels
 *   always send one (`fetch` with a string, a form or a file).
 *
 * Either way the connection is closed once the client has had time to read
 * the answer (lingering-close.ts). Uploads have limits of their own
 * (media/receive.ts), as pages do (page-body.ts).
 */
export function boundApiBodies(limit: number): RequestHandler {
  return (req, res, next) => {
    if (UPLOAD_PATHS.has(req.originalUrl.split('?')[0]!)) return next()
    const declared = req.headers['content-length']
    if (declared === undefined) {
      if (req.headers['transfer-encoding'] === undefined) return next()
      return refuse(req, res, 411, LENGTH_REQUIRED_MESSAGE)
    }
    if (Number(declared) > limit * 4) return refuse(req, res, 413, REQUEST_TOO_LARGE_MESSAGE)
    next()
  }
}

function refuse(req: Request, res: Response, status: number, message: string) {
  res.set('Connection', 'close')
  closeAfterAnswer(req, res)
  res.status(status).json({ message })
}
