import type { Express, RequestHandler } from 'express'

export type Method = 'get' | 'post' | 'put' | 'patch' | 'delete'
export type RouteDef = { method: Method; path: string; handlers: RequestHandler[] }

/**
 * A list of API routes. Routers are declared as data so the app can list
 * them, and a test can walk every admin route and check it is guarded.
 */
export class ApiRoutes {
  readonly list: RouteDef[] = []
  private add(method: Method, path: string, handlers: RequestHandler[]) {
    this.list.push({ method, path, handlers })
    return this
  }
  get(path: string, ...handlers: RequestHandler[]) {
    return this.add('get', path, handlers)
  }
  post(path: string, ...handlers: RequestHandler[]) {
    return this.add('post', path, handlers)
  }
  put(path: string, ...handlers: RequestHandler[]) {
    return this.add('put', path, handlers)
  }
  patch(path: string, ...handlers: RequestHandler[]) {
    return this.add('patch', path, handlers)
  }
  delete(path: string, ...handlers: RequestHandler[]) {
    return this.add('delete', path, handlers)
  }
}

/** Registers the routes on the app and records them in `app.locals.routes`. */
export function mountRoutes(app: Express, routes: ApiRoutes[]) {
  const table: RouteDef[] = (app.locals.routes ??= [])
  for (const group of routes) {
    for (const route of group.list) {
      app[route.method](route.path, ...route.handlers)
      table.push(route)
    }
  }
}
