import { createRequestHandler } from '@react-router/express'
import type { RequestHandler } from 'express'
import { createRequestHandler as createFetchHandler, type ServerBuild } from 'react-router'
import { todayIn } from '#common/time'
import type { ContentChanges } from './db/content-changes'
import type { Deps } from './deps'
import { pageSubmissions } from './http/page-body'
import { pageCache } from './http/page-cache'
import { mayRender, RenderAllowance } from './http/render-limit'
import type { AppContext } from './load-context'
import type { Services } from './services'

/**
 * The React Router handler, given the services through the load context. With
 * `changes` (production), anonymous page views are served from the page cache.
 * A read rendered for one request alone takes one of its address's renders
 * (http/render-limit.ts). A request with a body reaches an action only through
 * the bounded reader of http/page-body.ts.
 */
export function pagesHandler(
  build: ServerBuild | (() => Promise<ServerBuild>),
  { config }: Pick<Deps, 'config'>,
  changes?: ContentChanges,
) {
  const mode = config.isProduction ? 'production' : 'development'
  return (services: Services, deps: Deps): RequestHandler => {
    const context = (cspNonce: string, clientAddress?: string): AppContext => ({
      services,
      clock: deps.clock,
      cspNonce,
      venueTimezone: deps.config.venueTimezone,
      metaPixelId: deps.config.metaPixelId,
      clientAddress,
    })
    const handler = createRequestHandler({ build, mode, getLoadContext: (req, res) => context(res.locals.cspNonce as string, req.ip) })
    // A read rendered for itself alone takes one of its address's renders; a form's submission does not (page-body.ts bounds it).
    const renders = new RenderAllowance(config.pageRenderLimit)
    const pages: RequestHandler = (req, res, next) => {
      if ((req.method !== 'GET' && req.method !== 'HEAD') || mayRender(renders, req, res)) void handler(req, res, next)
    }
    const render = createFetchHandler(build, mode)
    const submissions = pageSubmissions((request, res) => render(request, context(res.locals.cspNonce as string, res.req.ip)))
    if (!changes) return (req, res, next) => submissions(req, res, () => pages(req, res, next))
    const cached = pageCache({
      changes,
      render: (request, nonce) => render(request, context(nonce)),
      today: () => todayIn(deps.clock.now(), deps.config.venueTimezone),
      renders,
    })
    return (req, res, next) => submissions(req, res, () => cached(req, res, () => pages(req, res, next)))
  }
}
