import crypto from 'node:crypto'
import type { RequestHandler } from 'express'
import type { Logger } from 'pino'

declare module 'http' {
  interface IncomingMessage {
    id: string
    log: Logger
  }
}

const REQUEST_ID_RE = /^[\w.-]{1,100}$/

/**
 * A request id on every response (kept from a well-formed X-Request-Id), and
 * one structured log line per request. Cheaper than pino-http on the hot path:
 * the per-request child logger is only made when something logs.
 */
export function requestLog(logger: Logger): RequestHandler {
  return (req, res, next) => {
    const incoming = req.headers['x-request-id']
    const id = typeof incoming === 'string' && REQUEST_ID_RE.test(incoming) ? incoming : crypto.randomUUID()
    req.id = id
    res.setHeader('X-Request-Id', id)
    let child: Logger | undefined
    Object.defineProperty(req, 'log', { get: () => (child ??= logger.child({ reqId: id })), configurable: true })
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
