import compression from 'compression'
import express, { type RequestHandler } from 'express'
import { apiRoutes } from './api'
import type { ContentChanges } from './db/content-changes'
import type { Notifications } from './db/notifications'
import type { LiveLimits } from './live/live-hub'
import { LIVE_PATH } from '#common/live'
import { permissionGuard } from './auth/guard'
import { requireUser, sessionMiddleware } from './auth/session'
import { testClockFromHeader, type Deps } from './deps'
import { bodyDeadline } from './http/body-deadline'
import { apiNotFound, errorHandler } from './http/errors'
import { boundApiBodies } from './http/declared-length'
import { API_JSON_LIMIT_BYTES, fastLane } from './http/fast-lane'
import { closeUnreadBodies } from './http/lingering-close'
import { wellFormedRequest } from './http/request-guard'
import { requestLog } from './http/request-log'
import { mountRoutes } from './http/routes'
import { sameOriginOnly, securityHeaders } from './http/security'
import { serveUploads } from './media/serve'
import { createServices, type Services } from './services'

export type AppOptions = {
  /** Static files and other middleware served before the pages (built assets, Vite in dev). */
  assets?: RequestHandler[]
  /** The React Router request handler for every non-API path. */
  pages?: (services: Services, deps: Deps) => RequestHandler
  /** Told of this instance's own staff writes, so cached pages drop them before the database's announcement arrives. */
  contentChanges?: ContentChanges
  /** The instance's database listener (listening on SERVICE_CHANGES_CHANNEL): feeds the staff screens' live stream. */
  notifications?: Notifications
  /** The live stream's caps (server/live/live-hub.ts DEFAULT_LIVE_LIMITS unless given). */
  liveLimits?: LiveLimits
}

/** Builds the Express app from its dependencies. Tests call this with a fresh database. */
export function createApp(given: Deps, options: AppOptions = {}) {
  const { config, logger, db } = given
  const dev = config.nodeEnv === 'development'
  const testClock = config.testClockHeader ? testClockFromHeader(given.clock) : undefined
  const deps: Deps = testClock ? { ...given, clock: testClock.clock } : given
  const services = createServices(deps, { liveLimits: options.liveLimits })
  if (options.notifications) services.live.follow(options.notifications)
  const app = express()
  app.disable('x-powered-by')
  app.set('trust proxy', config.trustProxy)
  app.set('query parser', 'simple')
  // API answers are `no-store`; hashing every JSON body for an ETag would buy nothing.
  app.set('etag', false)

  app.use(requestLog(app, logger))
  app.use(wellFormedRequest)
  app.use(bodyDeadline())
  app.use(closeUnreadBodies)
  if (testClock) app.use(testClock.middleware)
  const routes = apiRoutes(services, deps)
  // The public booking write, ahead of the middleware it does not use and the routes before it (decision 16).
  const booking = routes.flatMap((group) => group.list).find((r) => r.method === 'post' && r.path === '/api/reservations')!
  app.use(fastLane(booking, { dev }))
  // Public reads answered a moment ago are answered again from memory, before compression, sessions and routing.
  if (options.contentChanges) services.publicReads.follow(options.contentChanges)
  app.use(services.publicReads.fromMemory({ dev }))
  // Answers to API writes are a few hundred bytes of JSON: compressing them costs more than it saves.
  // The live stream neither: compression would hold each event back until a buffer filled.
  const compress = compression()
  app.use((req, res, next) => ((req.method === 'POST' && req.path.startsWith('/api/')) || req.path === LIVE_PATH ? next() : compress(req, res, next)))
  app.use(securityHeaders({ pixel: Boolean(config.metaPixelId), dev }))

  app.use('/api', sameOriginOnly)
  app.use('/api', boundApiBodies(API_JSON_LIMIT_BYTES))
  app.use('/api', express.json({ limit: API_JSON_LIMIT_BYTES }))
  // Only the sign-in form is ever posted as a plain form (before its script loads).
  app.use('/api/login', express.urlencoded({ extended: false, limit: '10kb' }))
  // Sessions are only loaded for requests that carry the cookie, and for the two ways to sign in
  // (the form, and setting a password with an emailed link): public reads skip the work entirely.
  const session = sessionMiddleware(db, config.sessionSecret)
  const signsIn = (path: string) => path === '/login' || path.startsWith('/password-reset/')
  app.use('/api', (req, res, next) => (signsIn(req.path) || req.headers.cookie?.includes('sid=') ? session(req, res, next) : next()))
  app.use('/api', (_req, res, next) => {
    res.set('Cache-Control', 'no-store')
    next()
  })
  // Nobody signed in: 401 for any admin path, before routing. Each route then checks its own permission (mountRoutes).
  app.use('/api/admin', requireUser)
  app.use('/api/upload', (req, res, next) => (req.method === 'POST' ? requireUser(req, res, next) : next()))
  const changes = options.contentChanges
  if (changes) {
    // Bumped as the answer's headers are written, before any of it leaves: a staff member (or a test) who reads the
    // answer and asks this instance for the page at once gets it rendered anew. Bumped once the answer had gone
    // ('finish'), the next request could be read first, and was answered the page kept before the change.
    app.use(['/api/admin', '/api/upload'], (req, res, next) => {
      if (req.method !== 'GET' && req.method !== 'HEAD') {
        const writeHead = res.writeHead
        res.writeHead = function (this: typeof res, ...args: unknown[]) {
          changes.bump()
          return (writeHead as (...a: unknown[]) => typeof res).apply(this, args)
        } as typeof res.writeHead
      }
      next()
    })
  }

  mountRoutes(app, routes, permissionGuard(db))
  app.use('/api', apiNotFound)

  app.use('/uploads', serveUploads(services.media.storage))
  for (const handler of options.assets ?? []) app.use(handler)
  if (options.pages) app.use(options.pages(services, deps))
  app.use(errorHandler)
  return { app, services }
}
