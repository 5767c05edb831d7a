import { IdSchema } from '#common/fields-schema'
import {
  AreaCreateSchema,
  AreaPatchSchema,
  ClosureSchema,
  CombinationCreateSchema,
  CombinationPatchSchema,
  TableCreateSchema,
  TablePatchSchema,
  TurnTimesSchema,
} from '#common/tables-schema'
import { actorOf } from '../auth/guard'
import { ApiRoutes } from '../http/routes'
import type { Services } from '../services'

/**
 * Tables & Areas (issue 34): the floor plan, its turn times and its closed
 * dates. Staff read it (they seat guests by it); managers draw it.
 */
export function adminTablesRoutes({ floorPlan, turnTimes }: Services) {
  return new ApiRoutes()
    .get('/api/admin/areas', 'tables.read', async (_req, res) => {
      res.json(await floorPlan.listAreas())
    })
    .post('/api/admin/areas', 'tables.manage', async (req, res) => {
      res.status(201).json(await floorPlan.createArea(actorOf(req), AreaCreateSchema.parse(req.body)))
    })
    .patch('/api/admin/areas/:id', 'tables.manage', async (req, res) => {
      res.json(await floorPlan.updateArea(actorOf(req), IdSchema.parse(req.params.id), AreaPatchSchema.parse(req.body)))
    })
    .delete('/api/admin/areas/:id', 'tables.manage', async (req, res) => {
      await floorPlan.deleteArea(actorOf(req), IdSchema.parse(req.params.id))
      res.status(204).end()
    })
    .post('/api/admin/areas/:id/closures', 'tables.manage', async (req, res) => {
      res.status(201).json(await floorPlan.closeArea(actorOf(req), IdSchema.parse(req.params.id), ClosureSchema.parse(req.body)))
    })
    .delete('/api/admin/areas/:id/closures/:closureId', 'tables.manage', async (req, res) => {
      res.json(await floorPlan.reopenArea(actorOf(req), IdSchema.parse(req.params.id), IdSchema.parse(req.params.closureId)))
    })
    .get('/api/admin/tables', 'tables.read', async (_req, res) => {
      res.json(await floorPlan.listTables())
    })
    .post('/api/admin/tables', 'tables.manage', async (req, res) => {
      res.status(201).json(await floorPlan.createTable(actorOf(req), TableCreateSchema.parse(req.body)))
    })
    .patch('/api/admin/tables/:id', 'tables.manage', async (req, res) => {
      res.json(await floorPlan.updateTable(actorOf(req), IdSchema.parse(req.params.id), TablePatchSchema.parse(req.body)))
    })
    .delete('/api/admin/tables/:id', 'tables.manage', async (req, res) => {
      await floorPlan.deleteTable(actorOf(req), IdSchema.parse(req.params.id))
      res.status(204).end()
    })
    .get('/api/admin/table-combinations', 'tables.read', async (_req, res) => {
      res.json(await floorPlan.listCombinations())
    })
    .post('/api/admin/table-combinations', 'tables.manage', async (req, res) => {
      res.status(201).json(await floorPlan.createCombination(actorOf(req), CombinationCreateSchema.parse(req.body)))
    })
    .patch('/api/admin/table-combinations/:id', 'tables.manage', async (req, res) => {
      res.json(await floorPlan.updateCombination(actorOf(req), IdSchema.parse(req.params.id), CombinationPatchSchema.parse(req.body)))
    })
    .delete('/api/admin/table-combinations/:id', 'tables.manage', async (req, res) => {
      await floorPlan.deleteCombination(actorOf(req), IdSchema.parse(req.params.id))
      res.status(204).end()
    })
    .get('/api/admin/turn-times', 'tables.read', async (_req, res) => {
      res.json(await turnTimes.get())
    })
    .put('/api/admin/turn-times', 'tables.manage', async (req, res) => {
      res.json(await turnTimes.replace(actorOf(req), TurnTimesSchema.parse(req.body)))
    })
}
