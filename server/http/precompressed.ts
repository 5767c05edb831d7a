import fs from 'node:fs'
import path from 'node:path'
import type { RequestHandler } from 'express'

/** The text files the build compresses ahead of time, and their types. */
export const PRECOMPRESSED_TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json; charset=utf-8',
}

type Encoding = 'br' | 'gzip'
const SUFFIX: Record<Encoding, string> = { br: '.br', gzip: '.gz' }

/** The encodings a client accepts, best first (br, then gzip); `q=0` refuses one. */
export function acceptedEncodings(header: string | undefined): Encoding[] {
  const accepted = new Set<string>()
  for (const part of (header ?? '').slice(0, 500).split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';')
    if (!name || params.some((p) => /^\s*q\s*=\s*0(?:\.0*)?\s*$/.test(p))) continue
    accepted.add(name)
  }
  return (['br', 'gzip'] as const).filter((e) => accepted.has(e))
}

/**
 * Serves the build's hashed assets in the compressed forms the build wrote
 * beside them (`app.js.br`, `app.js.gz`): no CPU per request, so a first
 * visit's twenty scripts and the stylesheet come back at once instead of
 * queueing behind on-the-fly gzip. Files without a compressed copy, and
 * clients that accept neither encoding, fall through to the next handler.
 */
export function precompressedAssets(dir: string, options: { maxAge: string }): RequestHandler {
  const variants = new Map<string, Encoding[]>()
  for (const name of fs.existsSync(dir) ? fs.readdirSync(dir) : []) {
    if (!PRECOMPRESSED_TYPES[path.extname(name)]) continue
    const present = (['br', 'gzip'] as const).filter((e) => fs.existsSync(path.join(dir, name + SUFFIX[e])))
    if (present.length) variants.set(`/${name}`, present)
  }
  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next()
    const present = variants.get(req.path)
    if (!present) return next()
    res.vary('Accept-Encoding')
    const encoding = acceptedEncodings(req.get('accept-encoding')).find((e) => present.includes(e))
    if (!encoding) return next()
    res.set({ 'Content-Type': PRECOMPRESSED_TYPES[path.extname(req.path)]!, 'Content-Encoding': encoding })
    res.sendFile(path.join(dir, req.path.slice(1) + SUFFIX[encoding]), { maxAge: options.maxAge, immutable: true, dotfiles: 'deny' }, (error) => {
      // A copy gone since the start (a build replaced under a running app) falls through with neither header
      // set: the next handler's own type, such as the 404 page's, would otherwise be added to this one (a 500).
      if (error && !res.headersSent) {
        res.removeHeader('Content-Encoding')
        res.removeHeader('Content-Type')
        next()
      }
    })
  }
}
