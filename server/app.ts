import crypto from 'node:crypto'
import compression from 'compression'
import express, { type RequestHandler } from 'express'
import { pinoHttp } from 'pino-http'
import { apiRoutes } from './api'
import { requireUser, sessionMiddleware } from './auth/session'
import type { Deps } from './deps'
import { apiNotFound, errorHandler } from './http/errors'
import { mountRoutes } from './http/routes'
import { cspNonce, sameOriginOnly, securityHeaders } from './http/security'
import { createServices, type Services } from './services'

export type AppOptions = {
  /** Static files and other middleware served before the pages (built assets, Vite in dev). */
  assets?: RequestHandler[]
  /** The React Router request handler for every non-API path. */
  pages?: (services: Services) => RequestHandler
}

const REQUEST_ID_RE = /^[\w.-]{1,100}$/

/** Builds the Express app from its dependencies. Tests call this with a fresh database. */
export function createApp(deps: Deps, options: AppOptions = {}) {
  const { config, logger, db } = deps
  const services = createServices(deps)
  const app = express()
  app.disable('x-powered-by')
  app.set('trust proxy', config.trustProxy)
  app.set('query parser', 'simple')

  app.use(
    pinoHttp({
      logger,
      genReqId: (req, res) => {
        const incoming = req.headers['x-request-id']
        const id = typeof incoming === 'string' && REQUEST_ID_RE.test(incoming) ? incoming : crypto.randomUUID()
        res.setHeader('X-Request-Id', id)
        return id
      },
      customLogLevel: (_req, res, error) => (error || res.statusCode >= 500 ? 'error' : 'info'),
      serializers: {
        req: (req: { id: string; method: string; url: string }) => ({ id: req.id, method: req.method, url: req.url }),
        res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
      },
    }),
  )
  app.use(compression())
  app.use(cspNonce)
  app.use(securityHeaders({ pixel: Boolean(config.metaPixelId), dev: config.nodeEnv === 'development' }))

  app.use('/api', sameOriginOnly)
  app.use('/api', express.json({ limit: '100kb' }))
  app.use('/api', sessionMiddleware(db, config.sessionSecret, { prune: config.nodeEnv !== 'test' }))
  app.use('/api', (_req, res, next) => {
    res.set('Cache-Control', 'no-store')
    next()
  })
  // One guard for every admin route and the upload endpoint.
  app.use('/api/admin', requireUser)
  app.use('/api/upload', (req, res, next) => (req.method === 'POST' ? requireUser(req, res, next) : next()))

  mountRoutes(app, apiRoutes(services, deps))
  app.use('/api', apiNotFound)

  for (const handler of options.assets ?? []) app.use(handler)
  if (options.pages) app.use(options.pages(services))
  app.use(errorHandler)
  return { app, services }
}
