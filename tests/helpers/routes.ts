import type { Express } from 'express'
import type { Method } from '../../server/http/routes'

export type AppRoute = { method: Method; path: string }

type Layer = {
  route?: { path: string; methods: Record<string, boolean> }
  handle?: { stack?: Layer[] }
}

const METHODS: Method[] = ['get', 'post', 'put', 'patch', 'delete']

/**
 * Every `/api` route registered on the Express app, one entry per method and
 * path, read from the app's own router (not from `app.locals.routes`): a route
 * registered any other way is listed too. A router mounted with `app.use`
 * would hide its routes from this walk, so one is an error here.
 */
export function registeredApiRoutes(app: Express): AppRoute[] {
  const stack = (app as unknown as { router: { stack: Layer[] } }).router.stack
  const found: AppRoute[] = []
  for (const layer of stack) {
    if (!layer.route) {
      if (layer.handle?.stack?.some((inner) => inner.route)) {
        throw new Error('A router mounted with app.use: register API routes through mountRoutes so tests can list them')
      }
      continue
    }
    const { path, methods } = layer.route
    if (typeof path !== 'string' || !path.startsWith('/api')) continue
    for (const method of METHODS) if (methods[method] || methods._all) found.push({ method, path })
  }
  return found
}

export const isUnsafe = (route: AppRoute) => route.method !== 'get'
export const routeName = (route: AppRoute) => `${route.method.toUpperCase()} ${route.path}`
