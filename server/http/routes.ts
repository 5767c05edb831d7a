import type { Express, RequestHandler } from 'express'
import type { Permission } from '#common/permissions'

export type Method = 'get' | 'post' | 'put' | 'patch' | 'delete'
export type RouteDef = {
  method: Method
  path: string
  /** What a signed-in user must hold to call it (common/permissions.ts); required under /api/admin and for POST /api/upload. */
  permission?: Permission
  handlers: RequestHandler[]
}

/** A public route's handlers, or a staff route's permission followed by its handlers. */
type RouteArgs = [Permission, ...RequestHandler[]] | RequestHandler[]

/** Paths whose every route must declare a permission. */
export const isStaffPath = (path: string) => path.startsWith('/api/admin/') || path === '/api/upload'

/**
 * A list of API routes. Routers are declared as data so the app can list
 * them, and a test can walk every admin route and check it is guarded.
 * A staff route names its permission before its handlers:
 *
 *   new ApiRoutes().delete('/api/admin/events/:id', 'content.delete', async (req, res) => ...)
 */
export class ApiRoutes {
  readonly list: RouteDef[] = []
  private add(method: Method, path: string, args: RouteArgs) {
    const [first, ...rest] = args
    if (typeof first === 'string') this.list.push({ method, path, permission: first, handlers: rest as RequestHandler[] })
    else this.list.push({ method, path, handlers: args as RequestHandler[] })
    return this
  }
  get(path: string, ...args: RouteArgs) {
    return this.add('get', path, args)
  }
  post(path: string, ...args: RouteArgs) {
    return this.add('post', path, args)
  }
  put(path: string, ...args: RouteArgs) {
    return this.add('put', path, args)
  }
  patch(path: string, ...args: RouteArgs) {
    return this.add('patch', path, args)
  }
  delete(path: string, ...args: RouteArgs) {
    return this.add('delete', path, args)
  }
}

/** A guard that lets through only users holding `permission`; it carries the permission for the router walk of the tests. */
export type PermissionGuard = (permission: Permission) => RequestHandler & { permission: Permission }

/**
 * Registers the routes on the app, each declared permission's guard first,
 * and records them in `app.locals.routes`. A staff route without a permission
 * stops start-up: no route added later can be left open by forgetting it.
 */
export function mountRoutes(app: Express, routes: ApiRoutes[], guard: PermissionGuard) {
  const table: RouteDef[] = (app.locals.routes ??= [])
  for (const group of routes) {
    for (const route of group.list) {
      if (isStaffPath(route.path) && !route.permission) {
        throw new Error(`${route.method.toUpperCase()} ${route.path} declares no permission: name one from common/permissions.ts`)
      }
      app[route.method](route.path, ...(route.permission ? [guard(route.permission)] : []), ...route.handlers)
      table.push(route)
    }
  }
}
