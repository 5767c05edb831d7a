import crypto from 'node:crypto'
import type { Express, RequestHandler } from 'express'
import type { Logger } from 'pino'

declare module 'http' {
  interface IncomingMessage {
    id: string
    log: Logger
  }
}

const REQUEST_ID_RE = /^[\w.-]{1,100}$/
// The request's own logger, once something has logged (see `log` below).
const CHILD = Symbol('request logger')
type LoggingRequest = { id: string; [CHILD]?: Logger }

/**
 * A request id on every response (kept from a well-formed X-Request-Id), and
 * one structured log line per request. Cheaper than pino-http on the hot path:
 * the per-request child logger is only made when something logs.
 *
 * `req.log` is one getter on the app's request prototype, not an accessor
 * defined on each request (issue 16). With the accessor per request, most of
 * each request outlived two young-generation collections and was moved to the
 * old generation: measured with --trace-gc-nvp on a cached JSON read, 3.5 MB
 * survived each scavenge, against 11 KB with the getter on the prototype. That
 * made every scavenge slow and a full collection come every two seconds, each
 * stalling every request in flight. (The likely reason: V8 keeps accessors in
 * an object's hidden class, so each request got a hidden class of its own, and
 * the getter's closure shared its scope with the 'finish' listener, which
 * holds the request and its response.)
 */
export function requestLog(app: Express, logger: Logger): RequestHandler {
  Object.defineProperty(app.request, 'log', {
    configurable: true,
    get(this: LoggingRequest) {
      return (this[CHILD] ??= logger.child({ reqId: this.id }))
    },
  })
  return (req, res, next) => {
    const incoming = req.headers['x-request-id']
    const id = typeof incoming === 'string' && REQUEST_ID_RE.test(incoming) ? incoming : crypto.randomUUID()
    req.id = id
    res.setHeader('X-Request-Id', id)
    const started = performance.now()
    res.on('finish', () => {
      const level = res.statusCode >= 500 ? 'error' : 'info'
      if (!logger.isLevelEnabled(level)) return
      logger[level](
        { reqId: id, method: req.method, url: req.originalUrl, status: res.statusCode, ms: Math.round(performance.now() - started) },
        'request',
      )
    })
    next()
  }
}
