import { IdSchema } from '#common/fields-schema'
import { GuestEraseSchema, GuestLinesQuerySchema, GuestMergeSchema, GuestPatchSchema, GuestQuerySchema, RetentionSchema } from '#common/guests-schema'
import { actorOf } from '../auth/guard'
import { ApiRoutes } from '../http/routes'
import type { Services } from '../services'

/**
 * Guests (issue 37; each route names its permission): staff search, read and
 * annotate profiles; managers export one (a subject access request); owners
 * erase one and set how long guest details are kept.
 */
export function adminGuestsRoutes({ guests }: Services) {
  return new ApiRoutes()
    .get('/api/admin/guests', 'guests.read', async (req, res) => {
      const { q, page } = GuestQuerySchema.parse(req.query)
      res.json(await guests.list(q, page))
    })
    .get('/api/admin/guests/lines', 'guests.read', async (req, res) => {
      res.json(await guests.cardLines(GuestLinesQuerySchema.parse(req.query).reservations))
    })
    .post('/api/admin/guests/merge', 'guests.write', async (req, res) => {
      const { keepId, mergeId } = GuestMergeSchema.parse(req.body)
      res.json(await guests.merge(actorOf(req), keepId, mergeId))
    })
    .get('/api/admin/guests/retention', 'retention.manage', async (_req, res) => {
      res.json({ guestMonths: await guests.retentionMonths() })
    })
    .put('/api/admin/guests/retention', 'retention.manage', async (req, res) => {
      const { guestMonths } = RetentionSchema.parse(req.body)
      res.json(await guests.setRetentionMonths(actorOf(req), guestMonths))
    })
    .get('/api/admin/guests/:id', 'guests.read', async (req, res) => {
      res.json(await guests.get(IdSchema.parse(req.params.id)))
    })
    .patch('/api/admin/guests/:id', 'guests.write', async (req, res) => {
      res.json(await guests.update(actorOf(req), IdSchema.parse(req.params.id), GuestPatchSchema.parse(req.body)))
    })
    .get('/api/admin/guests/:id/export', 'guests.export', async (req, res) => {
      const { fileName, body } = await guests.exportData(actorOf(req), IdSchema.parse(req.params.id))
      res
        .status(200)
        .set('Content-Disposition', `attachment; filename="${fileName}"`)
        .set('Cache-Control', 'no-store')
        .json(body)
    })
    .post('/api/admin/guests/:id/erase', 'guests.erase', async (req, res) => {
      const { confirm } = GuestEraseSchema.parse(req.body)
      res.json(await guests.erase(actorOf(req), IdSchema.parse(req.params.id), confirm))
    })
}
