import type { RequestHandler } from 'express'
import { z } from 'zod'
import { actorOf } from '../auth/guard'
import { ApiRoutes } from '../http/routes'
import { receivedFile, receiveSingleFile } from '../media/receive'
import type { Services } from '../services'

const DescribeQuerySchema = z.object({
  url: z.union([z.string().max(500), z.array(z.string().max(500)).max(50)]).transform((u) => (Array.isArray(u) ? u : [u])),
})

/**
 * POST /api/upload (`{ url, filename }`) and POST /api/admin/upload
 * (`{ filename, url }`): one multipart `file`, staff who may upload ('upload').
 * GET /api/admin/media?url=… describes stored images for admin thumbnails.
 */
export function uploadRoutes({ media }: Services) {
  const receive = receiveSingleFile(media.tmpDir)
  const store: RequestHandler = async (req, res) => {
    const stored = await media.ingest(actorOf(req), receivedFile(req))
    res.status(201).json({ url: stored.url, filename: stored.filename })
  }
  return new ApiRoutes()
    .post('/api/upload', 'upload', ...receive, store)
    .post('/api/admin/upload', 'upload', ...receive, store)
    .get('/api/admin/media', 'content.read', async (req, res) => {
      const { url } = DescribeQuerySchema.parse(req.query)
      res.json(await media.describe(url))
    })
}
