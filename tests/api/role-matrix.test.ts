/**
 * The role matrix (issue 33): every staff route the app registers, read from
 * its router, called signed out and as each role, answers 401, 403 with the
 * message, or goes through, exactly as common/permissions.ts grants. One app
 * instance, plain HTTP calls. A route without a permission cannot be mounted,
 * and the walk of the router finds any route that slipped past without a guard.
 */
import express from 'express'
import request from 'supertest'
import { beforeAll, describe, expect, it } from 'vitest'
import { can, FORBIDDEN_MESSAGE, isPermission, ROLES, type Permission, type Role } from '#common/permissions'
import { ApiRoutes, isStaffPath, mountRoutes, type RouteDef } from '../../server/http/routes'
import { permissionGuard } from '../../server/auth/guard'
import { createTestApp, signedInAgent, signedInAs, type TestApp } from '../helpers/app'
import { SAMPLES } from '../helpers/route-samples'
import { routeName, type AppRoute } from '../helpers/routes'

type Layer = { route?: { path: string; methods: Record<string, boolean>; stack: { handle: { permission?: unknown } }[] } }

/** Every staff route of the app's router with the permission its first handler (the guard) carries. */
function guardedRoutes(app: TestApp['app']): (AppRoute & { permission: unknown })[] {
  const stack = (app as unknown as { router: { stack: Layer[] } }).router.stack
  return stack.flatMap((layer) => {
    const route = layer.route
    if (!route || typeof route.path !== 'string' || !isStaffPath(route.path)) return []
    return (['get', 'post', 'put', 'patch', 'delete'] as const)
      .filter((m) => route.methods[m])
      .map((method) => ({ method, path: route.path, permission: route.stack[0]?.handle.permission }))
  })
}

let t: TestApp
const agents = {} as Record<Role, Awaited<ReturnType<typeof signedInAgent>>>
const ids: Record<string, string | number> = { sessions: 'not-a-session' }
const params: Record<string, string> = { dayOfWeek: '5', key: 'footer_kitchen_hours' }

beforeAll(async () => {
  t = await createTestApp({ now: '2026-11-21T12:00:00Z' })
  agents.owner = await signedInAgent(t)
  agents.manager = await signedInAs(t, 'manager')
  agents.staff = await signedInAs(t, 'staff')
  const made = async (url: string, body: unknown) => (await agents.owner.post(url).send(body as object).expect(201)).body.id as number
  ids.reservations = await made('/api/admin/reservations', { ...SAMPLES['post /api/admin/reservations'], force: true })
  ids['hero-slides'] = await made('/api/admin/hero-slides', SAMPLES['post /api/admin/hero-slides'])
  ids['hour-exceptions'] = await made('/api/admin/hour-exceptions', SAMPLES['post /api/admin/hour-exceptions'])
  ids.users = await made('/api/admin/users', { username: 'matrix-target', role: 'staff', password: 'matrix-target-password' })
  const first = async (table: string) => (await t.db.$client.query<{ id: number }>(`select min(id) as id from ${table}`)).rows[0]!.id
  ids.events = await first('events')
  ids['menu-sections'] = await first('menu_sections')
  ids['email-templates'] = await first('email_templates')
  ids['email-outbox'] = await first('email_outbox')
  const area = await made('/api/admin/areas', { name: 'Matrix Room' })
  ids.areas = area
  const tableIds = [await made('/api/admin/tables', { name: 'MX1', areaId: area, maxCovers: 4 }), await made('/api/admin/tables', { name: 'MX2', areaId: area, maxCovers: 4 })]
  ids.tables = tableIds[0]!
  ids['table-combinations'] = await made('/api/admin/table-combinations', { tableIds, maxCovers: 8 })
  params.closureId = String((await agents.owner.post(`/api/admin/areas/${area}/closures`).send({ date: '2026-12-18', reason: 'Rain' }).expect(201)).body.closures[0].id)
  // The staff booking's guest (issue 37).
  ids.guests = await first('guests')
  ids['event-enquiries'] = (await request(t.app).post('/api/event-enquiries').send(SAMPLES['post /api/event-enquiries']).expect(201)).body.id
  ids.waitlist = (await request(t.app).post('/api/waitlist').send(SAMPLES['post /api/waitlist']).expect(201)).body.id
  ids['walk-in-queue'] = await made('/api/admin/walk-in-queue', SAMPLES['post /api/admin/walk-in-queue'])
})

const concrete = (route: AppRoute) =>
  route.path.replace(/\/([\w-]+)\/:(\w+)/g, (_m, resource: string, name: string) => {
    const value = name === 'id' ? ids[resource] : params[name]
    if (value === undefined) throw new Error(`No value for :${name} of ${routeName(route)}: add one to the test`)
    return `/${resource}/${value}`
  })

const call = (client: ReturnType<typeof request> | (typeof agents)[Role], route: AppRoute) =>
  (client as unknown as Record<string, (url: string) => request.Test>)[route.method]!(concrete(route))
    .set('Sec-Fetch-Site', 'same-origin')
    .send(SAMPLES[`${route.method} ${route.path}`] ?? {})

describe('every staff route declares its permission', () => {
  it('the router itself puts a permission guard first on each /api/admin route and POST /api/upload', () => {
    const routes = guardedRoutes(t.app)
    expect(routes.length).toBeGreaterThan(40)
    const unguarded = routes.filter((r) => !isPermission(r.permission)).map(routeName)
    expect(unguarded).toEqual([])
    // The router and the app's table of routes agree on every permission.
    const table = new Map((t.app.locals.routes as RouteDef[]).map((r) => [routeName(r), r.permission]))
    for (const r of routes) expect(table.get(routeName(r)), routeName(r)).toBe(r.permission)
    expect(routes.map(routeName)).toContain('POST /api/upload')
  })

  it('mounting an /api/admin route without a permission stops start-up', () => {
    const open = new ApiRoutes().get('/api/admin/forgotten', (_req, res) => res.json([]))
    expect(() => mountRoutes(express(), [open], permissionGuard(t.db))).toThrow('GET /api/admin/forgotten declares no permission')
    const upload = new ApiRoutes().post('/api/upload', (_req, res) => res.json({}))
    expect(() => mountRoutes(express(), [upload], permissionGuard(t.db))).toThrow(/declares no permission/)
  })
})

describe('the role matrix', () => {
  it('signed out 401; a role without the permission 403 with the message; a role with it gets through', async () => {
    const wrong: string[] = []
    const routes = guardedRoutes(t.app)
    for (const route of routes) {
      const permission = route.permission as Permission
      const out = await call(request(t.app), route)
      if (out.status !== 401) wrong.push(`${routeName(route)} signed out → ${out.status}`)
      // Refusals first, then the roles that may (a manager's delete leaves the owner a 404, which is still through).
      const order = [...ROLES].sort((a, b) => Number(can(a, permission)) - Number(can(b, permission)))
      for (const role of order) {
        const res = await call(agents[role], route)
        if (can(role, permission)) {
          if (res.status === 401 || res.status === 403 || res.status >= 500) wrong.push(`${routeName(route)} as ${role} (has ${permission}) → ${res.status} ${JSON.stringify(res.body)}`)
        } else if (res.status !== 403 || res.body.message !== FORBIDDEN_MESSAGE) {
          wrong.push(`${routeName(route)} as ${role} (lacks ${permission}) → ${res.status} ${JSON.stringify(res.body)}`)
        }
      }
    }
    expect(wrong).toEqual([])
  })

  it('grants as the issue says: staff take bookings; managers delete and export; owners manage staff', () => {
    expect(ROLES.filter((r) => can(r, 'reservations.write'))).toEqual(['owner', 'manager', 'staff'])
    expect(ROLES.filter((r) => can(r, 'reservations.delete'))).toEqual(['owner', 'manager'])
    expect(ROLES.filter((r) => can(r, 'marketing.export'))).toEqual(['owner', 'manager'])
    expect(ROLES.filter((r) => can(r, 'templates.manage'))).toEqual(['owner', 'manager'])
    expect(ROLES.filter((r) => can(r, 'audit.read'))).toEqual(['owner', 'manager'])
    expect(ROLES.filter((r) => can(r, 'users.manage'))).toEqual(['owner'])
    expect(ROLES.filter((r) => can(r, 'guests.erase'))).toEqual(['owner'])
    // Guests (issue 37): staff read and write notes, export is a manager's, erasure and retention an owner's.
    expect(ROLES.filter((r) => can(r, 'guests.read'))).toEqual(['owner', 'manager', 'staff'])
    expect(ROLES.filter((r) => can(r, 'guests.write'))).toEqual(['owner', 'manager', 'staff'])
    expect(ROLES.filter((r) => can(r, 'guests.export'))).toEqual(['owner', 'manager'])
    expect(ROLES.filter((r) => can(r, 'retention.manage'))).toEqual(['owner'])
    expect(ROLES.filter((r) => can(r, 'content.read'))).toEqual(['owner', 'manager', 'staff'])
    expect(ROLES.filter((r) => can(r, 'content.write'))).toEqual(['owner', 'manager'])
    expect(ROLES.filter((r) => can(r, 'tables.read'))).toEqual(['owner', 'manager', 'staff'])
    expect(ROLES.filter((r) => can(r, 'tables.manage'))).toEqual(['owner', 'manager'])
  })
})
