import { pipeline } from 'node:stream/promises'
import type { RequestHandler } from 'express'
import { contentTypeOfStoredName } from './file-type'
import { isStoredName, type MediaStorage } from './storage'

const ONE_YEAR_S = 365 * 24 * 60 * 60

/**
 * Serves `/uploads/<name>` from storage. Names are unique and never reused,
 * so responses are cacheable for a year and immutable. Only exact stored
 * names are looked up: no directory listing, no `..`, no dotfiles.
 */
export function serveUploads(storage: MediaStorage): RequestHandler {
  return async (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next()
    const name = req.path.slice(1)
    const contentType = isStoredName(name) ? contentTypeOfStoredName(name) : undefined
    const object = contentType ? await storage.open(name) : null
    if (!object || !contentType) {
      res.status(404).set('Cache-Control', 'no-store').type('text/plain').send('Not found')
      return
    }
    const etag = `"${name}"`
    res.set({
      'Content-Type': contentType,
      'Cache-Control': `public, max-age=${ONE_YEAR_S}, immutable`,
      ETag: etag,
      'Last-Modified': object.lastModified.toUTCString(),
      'X-Content-Type-Options': 'nosniff',
    })
    // PDFs open inside the menu viewer's frame rather than downloading.
    if (contentType === 'application/pdf') res.set('Content-Disposition', 'inline')
    if (req.headers['if-none-match'] === etag) {
      object.stream.destroy()
      res.status(304).end()
      return
    }
    res.set('Content-Length', String(object.bytes))
    if (req.method === 'HEAD') {
      object.stream.destroy()
      res.end()
      return
    }
    try {
      await pipeline(object.stream, res)
    } catch {
      // The client went away mid-download; nothing to answer.
    }
  }
}
