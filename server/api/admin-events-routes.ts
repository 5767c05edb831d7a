import { EnquiryPatchSchema, EventPatchSchema, EventSchema } from '#common/event-schema'
import { IdSchema } from '#common/fields-schema'
import { actorOf } from '../auth/guard'
import { ApiRoutes } from '../http/routes'
import type { Services } from '../services'

/** Events Management and Event Enquiries (staff only: each route names its permission). */
export function adminEventsRoutes({ adminEvents, adminEnquiries }: Services) {
  return new ApiRoutes()
    .get('/api/admin/events', 'content.read', async (_req, res) => {
      res.json(await adminEvents.list())
    })
    .post('/api/admin/events', 'content.write', async (req, res) => {
      res.status(201).json(await adminEvents.create(actorOf(req), EventSchema.parse(req.body)))
    })
    .patch('/api/admin/events/:id', 'content.write', async (req, res) => {
      res.json(await adminEvents.update(actorOf(req), IdSchema.parse(req.params.id), EventPatchSchema.parse(req.body)))
    })
    .delete('/api/admin/events/:id', 'content.delete', async (req, res) => {
      await adminEvents.remove(actorOf(req), IdSchema.parse(req.params.id))
      res.status(204).end()
    })
    .get('/api/admin/event-categories', 'content.read', async (_req, res) => {
      res.json(await adminEvents.categories())
    })
    .get('/api/admin/event-enquiries', 'enquiries.read', async (_req, res) => {
      res.json(await adminEnquiries.list())
    })
    // The sidebar's count beside Event Enquiries (issue 36): the new ones, still 'pending'.
    .get('/api/admin/event-enquiries/counts', 'enquiries.read', async (_req, res) => {
      res.json(await adminEnquiries.counts())
    })
    // A status from the card (at once), and/or staff's notes at the version they were read at.
    .patch('/api/admin/event-enquiries/:id', 'enquiries.write', async (req, res) => {
      res.json(await adminEnquiries.update(actorOf(req), IdSchema.parse(req.params.id), EnquiryPatchSchema.parse(req.body)))
    })
    .delete('/api/admin/event-enquiries/:id', 'enquiries.delete', async (req, res) => {
      await adminEnquiries.remove(actorOf(req), IdSchema.parse(req.params.id))
      res.status(204).end()
    })
}
