import type { IncomingMessage, ServerResponse } from 'node:http'
import type { RequestHandler } from 'express'

/** How long a connection refused while its body is still coming is held, unread, after its answer. */
export const LINGER_MS = 500

/**
 * Closes a connection refused while its body is still coming (a 413 from the
 * headers, or once a limit is passed), after its answer has gone, so that the
 * client gets to read the answer. Dropped at once with the body arriving
 * unread, the connection is reset by the kernel; a client still sending then
 * fails on its next write and loses the answer that had already come (the
 * fault test saw 2 to 7 of 12 such 200 MB posts end so). As Go's server and
 * nginx's lingering close do: the answer and a FIN, then nothing more is read
 * (the client's writes stall rather than fail), and the connection is dropped
 * LINGER_MS later, or when the client closes it first.
 *
 * Call it before answering, with `Connection: close` set on the answer.
 */
export function closeAfterAnswer(req: IncomingMessage, res: ServerResponse) {
  const socket = req.socket
  res.once('finish', () => {
    // Node's server has just ended the socket (FIN after the answer, as it said Connection: close) and set it to be
    // destroyed once that is written (destroySoon); it is held instead, with its request paused, for LINGER_MS.
    socket.removeListener('finish', socket.destroy)
    lingerThenDrop(req)
  })
}

/** Reads nothing more of the request, and drops its connection LINGER_MS later, or when the client closes it first. */
function lingerThenDrop(req: IncomingMessage) {
  const socket = req.socket
  req.pause()
  const timer = setTimeout(() => socket.destroy(), LINGER_MS)
  socket.once('close', () => clearTimeout(timer))
}

/** More of a body than this may be left unread when its answer goes: its connection is closed, not read to the end. */
const UNREAD_DRAINED_AT_MOST = 64 * 1024

/**
 * A request answered before its body had all come (a 401 before an upload, a
 * cross-site 403, a refused upload sent without a length): Node reads the rest
 * off, so that the connection can be kept, for as long as it comes (within the
 * body deadline: 30 s, or 10 minutes for anything carrying a session cookie,
 * real or not). When the body declared more than UNREAD_DRAINED_AT_MOST, or no
 * length at all, its connection is closed instead, as closeAfterAnswer does:
 * nothing more read, the answer and a FIN, dropped LINGER_MS later. Answers
 * that say `Connection: close` are left to Node and closeAfterAnswer.
 */
export const closeUnreadBodies: RequestHandler = (req, res, next) => {
  const declared = req.headers['content-length']
  const large = declared === undefined ? req.headers['transfer-encoding'] !== undefined : Number(declared) > UNREAD_DRAINED_AT_MOST
  if (!large) return next()
  res.once('finish', () => {
    if (req.complete || String(res.getHeader('connection')).toLowerCase() === 'close') return
    lingerThenDrop(req)
    req.socket.end()
  })
  next()
}
