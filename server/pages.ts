import { createRequestHandler } from '@react-router/express'
import type { RequestHandler } from 'express'
import type { ServerBuild } from 'react-router'
import type { Deps } from './deps'
import type { AppContext } from './load-context'
import type { Services } from './services'

/** The React Router handler, given the services through the load context. */
export function pagesHandler(build: ServerBuild | (() => Promise<ServerBuild>), { config }: Pick<Deps, 'config'>) {
  return (services: Services, deps: Deps): RequestHandler =>
    createRequestHandler({
      build,
      mode: config.isProduction ? 'production' : 'development',
      getLoadContext: (_req, res): AppContext => ({
        services,
        clock: deps.clock,
        cspNonce: res.locals.cspNonce as string,
        venueTimezone: deps.config.venueTimezone,
        metaPixelId: deps.config.metaPixelId,
      }),
    })
}
