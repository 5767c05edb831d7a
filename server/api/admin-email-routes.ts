import { z } from 'zod'
import { OUTBOX_STATUSES } from '#common/email'
import { EmailTemplateSchema } from '#common/email-schema'
import { IdSchema, VersionBodySchema, wholeNumber } from '#common/fields-schema'
import { PreviewError } from '../email/email-service'
import { actorOf } from '../auth/guard'
import { HttpError } from '../http/errors'
import { ApiRoutes } from '../http/routes'
import type { Services } from '../services'

const LogQuerySchema = z.object({
  limit: wholeNumber({ min: 1, max: 500, message: 'limit must be from 1 to 500' }).default(100),
  status: z.enum(OUTBOX_STATUSES, { error: `status must be one of ${OUTBOX_STATUSES.join(', ')}` }).optional(),
})

/** Email Templates and the delivery log (staff only: each route names its permission). */
export function adminEmailRoutes({ email }: Services) {
  return new ApiRoutes()
    .get('/api/admin/email-templates', 'templates.manage', async (_req, res) => {
      res.json(await email.templates.list())
    })
    .post('/api/admin/email-templates', 'templates.manage', async (req, res) => {
      res.status(201).json(await email.templates.create(actorOf(req), EmailTemplateSchema.parse(req.body)))
    })
    .post('/api/admin/email-templates/quick-setup', 'templates.manage', async (req, res) => {
      res.json({ created: await email.templates.createMissing(actorOf(req)) })
    })
    .put('/api/admin/email-templates/:id', 'templates.manage', async (req, res) => {
      const input = EmailTemplateSchema.parse(req.body)
      res.json(await email.templates.update(actorOf(req), IdSchema.parse(req.params.id), VersionBodySchema.parse(req.body).version, input))
    })
    .delete('/api/admin/email-templates/:id', 'templates.manage', async (req, res) => {
      await email.templates.remove(actorOf(req), IdSchema.parse(req.params.id))
      res.status(204).end()
    })
    .get('/api/admin/email-templates/:id/preview', 'templates.manage', async (req, res) => {
      try {
        res.json({ htmlContent: await email.templates.preview(IdSchema.parse(req.params.id)) })
      } catch (error) {
        // A template staff broke (an unclosed {{tag}}): they see why in the preview.
        if (error instanceof PreviewError) throw new HttpError(422, `The template could not be filled in: ${error.message}`)
        throw error
      }
    })
    .get('/api/admin/email-outbox', 'templates.manage', async (req, res) => {
      const { limit, status } = LogQuerySchema.parse(req.query)
      res.json(await email.log(limit, status))
    })
    .post('/api/admin/email-outbox/:id/resend', 'templates.manage', async (req, res) => {
      res.json(await email.resend(actorOf(req), IdSchema.parse(req.params.id)))
    })
}
