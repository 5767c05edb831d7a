import { EnquiryStatusSchema, EventPatchSchema, EventSchema } from '#common/event-schema'
import { IdSchema } from '#common/fields-schema'
import { ApiRoutes } from '../http/routes'
import type { Services } from '../services'

/** Events Management and Event Enquiries (staff only, guarded in app.ts). */
export function adminEventsRoutes({ adminEvents, adminEnquiries }: Services) {
  return new ApiRoutes()
    .get('/api/admin/events', async (_req, res) => {
      res.json(await adminEvents.list())
    })
    .post('/api/admin/events', async (req, res) => {
      res.status(201).json(await adminEvents.create(EventSchema.parse(req.body)))
    })
    .patch('/api/admin/events/:id', async (req, res) => {
      res.json(await adminEvents.update(IdSchema.parse(req.params.id), EventPatchSchema.parse(req.body)))
    })
    .delete('/api/admin/events/:id', async (req, res) => {
      await adminEvents.remove(IdSchema.parse(req.params.id))
      res.status(204).end()
    })
    .get('/api/admin/event-categories', async (_req, res) => {
      res.json(await adminEvents.categories())
    })
    .get('/api/admin/event-enquiries', async (_req, res) => {
      res.json(await adminEnquiries.list())
    })
    .patch('/api/admin/event-enquiries/:id', async (req, res) => {
      res.json(await adminEnquiries.setStatus(IdSchema.parse(req.params.id), EnquiryStatusSchema.parse(req.body).status))
    })
    .delete('/api/admin/event-enquiries/:id', async (req, res) => {
      await adminEnquiries.remove(IdSchema.parse(req.params.id))
      res.status(204).end()
    })
}
