import { sql } from 'drizzle-orm'
import type { Db } from '../db/client'
import { ApiRoutes } from '../http/routes'

/** How long one database check answers for: probes in the same second share it. */
const CHECK_TTL_MS = 1000
const CHECK_TIMEOUT_MS = 2000

/**
 * Whether the database answers. Probes arriving together share one
 * `select 1`, and a result stands for a second, so a load balancer polling
 * hard cannot turn health checks into database load.
 */
export function databaseCheck(db: Db, now: () => number = Date.now) {
  let last: { at: number; ok: boolean } | undefined
  let inFlight: Promise<boolean> | undefined
  const query = async () => {
    try {
      await Promise.race([
        db.execute(sql`select 1`),
        new Promise((_, reject) => setTimeout(() => reject(new Error('timeout')), CHECK_TIMEOUT_MS).unref()),
      ])
      return true
    } catch {
      return false
    }
  }
  return async (): Promise<boolean> => {
    if (last && now() - last.at < CHECK_TTL_MS) return last.ok
    inFlight ??= query().then((ok) => {
      last = { at: now(), ok }
      inFlight = undefined
      return ok
    })
    return inFlight
  }
}

/** GET /api/health: 200 `{ status: 'ok' }`, or 503 when the database does not answer. */
export function healthRoutes(db: Db) {
  const check = databaseCheck(db)
  return new ApiRoutes().get('/api/health', async (_req, res) => {
    res.set('Cache-Control', 'no-store')
    if (await check()) res.json({ status: 'ok' })
    else res.status(503).json({ status: 'unavailable', message: 'Database unreachable' })
  })
}
