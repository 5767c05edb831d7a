import { VisitMoveSchema } from '#common/admin-reservations-schema'
import { IdSchema } from '#common/fields-schema'
import { QueueJoinSchema, QueueUpdateSchema } from '#common/walk-in-queue-schema'
import { WalkInOptionsQuerySchema, WalkInSchema } from '#common/walk-ins-schema'
import { actorOf } from '../auth/guard'
import { ApiRoutes } from '../http/routes'
import type { Services } from '../services'

/**
 * The night's service (issue 35): a booking's visit (arrived, seated, finished,
 * no-show, or the last step undone), walk-ins and the walk-in queue. Changes need `service.write`
 * and write their audit rows; reading the free tables needs `reservations.read`.
 */
export function adminServiceRoutes({ visits, walkIns, walkInQueue }: Services) {
  return new ApiRoutes()
    .post('/api/admin/reservations/:id/visit', 'service.write', async (req, res) => {
      res.json(await visits.move(IdSchema.parse(req.params.id), VisitMoveSchema.parse(req.body), actorOf(req)))
    })
    .get('/api/admin/walk-ins/options', 'reservations.read', async (req, res) => {
      res.json(await walkIns.options(WalkInOptionsQuerySchema.parse(req.query).partySize))
    })
    .post('/api/admin/walk-ins', 'service.write', async (req, res) => {
      res.status(201).json(await walkIns.seat(WalkInSchema.parse(req.body), actorOf(req)))
    })
    // The walk-in queue (docs/decisions/0053): today's parties waiting at the bar; seated through POST /api/admin/walk-ins.
    .get('/api/admin/walk-in-queue', 'reservations.read', async (_req, res) => {
      res.json(await walkInQueue.today())
    })
    .post('/api/admin/walk-in-queue', 'service.write', async (req, res) => {
      res.status(201).json(await walkInQueue.join(QueueJoinSchema.parse(req.body), actorOf(req)))
    })
    .patch('/api/admin/walk-in-queue/:id', 'service.write', async (req, res) => {
      res.json(await walkInQueue.update(IdSchema.parse(req.params.id), QueueUpdateSchema.parse(req.body), actorOf(req)))
    })
}
