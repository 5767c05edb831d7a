import { sql } from 'drizzle-orm'
import type { Db } from '../db/client'
import { ApiRoutes } from '../http/routes'

/** GET /api/health: 200 `{ status: 'ok' }`, or 503 when the database does not answer. */
export function healthRoutes(db: Db) {
  return new ApiRoutes().get('/api/health', async (_req, res) => {
    try {
      await Promise.race([
        db.execute(sql`select 1`),
        new Promise((_, reject) => setTimeout(() => reject(new Error('timeout')), 2000).unref()),
      ])
      res.set('Cache-Control', 'no-store').json({ status: 'ok' })
    } catch {
      res.status(503).set('Cache-Control', 'no-store').json({ status: 'unavailable', message: 'Database unreachable' })
    }
  })
}
