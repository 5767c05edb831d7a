import crypto from 'node:crypto'
import fs from 'node:fs'
import fsp from 'node:fs/promises'
import path from 'node:path'
import { inArray } from 'drizzle-orm'
import { mediaFiles } from '../db/schema'
import { audit, type Actor } from '../audit/audit'
import type { Deps } from '../deps'
import { HttpError } from '../http/errors'
import { SNIFF_BYTES, sniffMediaType } from './file-type'
import { checkPdf } from './pdf'
import { encodeVariants, inspectImage, writeCleanOriginal } from './images'
import { createLocalStorage, isStoredName, UPLOADS_URL_PREFIX, type MediaStorage } from './storage'

export const UNSUPPORTED_TYPE_MESSAGE = 'Unsupported file type. Upload a PNG, JPEG, GIF, WebP image or a PDF.'

/** A file received by the upload endpoint, waiting in the temporary folder. */
export type ReceivedFile = { path: string; originalname: string; size: number }

export type StoredMedia = {
  url: string
  filename: string
  contentType: string
  width: number | null
  height: number | null
}

/** What a page needs to render an uploaded image responsively (see ResponsiveImage). */
export type DescribedImage = { src: string; srcSet?: string; width: number; height: number }

/** How staff-facing names are kept: metadata only, never used as a path. */
function cleanOriginalName(name: string): string {
  // eslint-disable-next-line no-control-regex
  const cleaned = path.basename(name.replace(/\\/g, '/')).replace(/[\u0000-\u001f\u007f]/g, '').trim()
  return cleaned.slice(0, 255) || 'upload'
}

async function readHead(file: string): Promise<Uint8Array> {
  const handle = await fsp.open(file, 'r')
  try {
    const buffer = Buffer.alloc(SNIFF_BYTES)
    const { bytesRead } = await handle.read(buffer, 0, SNIFF_BYTES, 0)
    return buffer.subarray(0, bytesRead)
  } finally {
    await handle.close()
  }
}

/** Runs one job at a time, in order: image work is memory-heavy, so uploads queue rather than pile up. */
function serialQueue() {
  let tail: Promise<unknown> = Promise.resolve()
  return <T>(job: () => Promise<T>): Promise<T> => {
    const run = tail.then(job, job)
    tail = run.catch(() => undefined)
    return run
  }
}

/**
 * Uploads and media: checks what a received file really is, stores it under
 * a server-generated name, writes the WebP variants of images, records it in
 * media_files, and describes stored images for responsive rendering.
 */
export function createMediaService(deps: Pick<Deps, 'db' | 'config' | 'clock' | 'logger'> & { storage?: MediaStorage }) {
  const { db, clock, logger } = deps
  const uploadsRoot = path.join(deps.config.dataDir, 'uploads')
  const storage = deps.storage ?? createLocalStorage(uploadsRoot)
  /** Incoming uploads are streamed here, then moved to storage or deleted. Local even with a remote store. */
  const tmpDir = path.join(uploadsRoot, '.tmp')
  fs.mkdirSync(tmpDir, { recursive: true })
  const exclusive = serialQueue()

  async function store(file: ReceivedFile, actor: Actor): Promise<StoredMedia> {
    const started = performance.now()
    const type = sniffMediaType(await readHead(file.path))
    if (!type) throw new HttpError(415, UNSUPPORTED_TYPE_MESSAGE)
    if (type.ext === 'pdf') await checkPdf(file.path)
    const info = type.sharpFormat ? await inspectImage(file.path, type) : undefined

    const base = crypto.randomBytes(16).toString('hex')
    const filename = `${base}.${type.ext}`
    const written: string[] = []
    const cleanPath = `${file.path}.clean`
    try {
      // Still images are stored upright and stripped of metadata; PDFs and GIFs as uploaded.
      const cleaned =
        info && !info.animated && type.sharpFormat
          ? await writeCleanOriginal(file.path, type.sharpFormat, cleanPath)
          : undefined
      const original = await storage.put(filename, fs.createReadStream(cleaned ? cleanPath : file.path), type.contentType)
      written.push(filename)
      const variants: { width: number; height: number; filename: string; bytes: number }[] = []
      if (info && !info.animated) {
        for (const variant of await encodeVariants(cleaned ? cleanPath : file.path, info)) {
          const name = `${base}-${variant.width}w.webp`
          const { bytes } = await storage.put(name, variant.data, 'image/webp')
          written.push(name)
          variants.push({ width: variant.width, height: variant.height, filename: name, bytes })
        }
      }
      const originalName = cleanOriginalName(file.originalname)
      // The record of the file and the audit row commit together (the files are removed if they do not).
      await db.transaction(async (tx) => {
        await tx.insert(mediaFiles).values({
          filename,
          originalName,
          contentType: type.contentType,
          bytes: original.bytes,
          width: info?.width ?? null,
          height: info?.height ?? null,
          variants,
          createdAt: clock.now(),
        })
        await audit(tx, actor, {
          action: 'upload',
          entityType: 'media',
          entityId: filename,
          summary: `uploaded ${originalName || 'a file'} (${storage.url(filename)})`.slice(0, 300),
          after: { filename, originalName, contentType: type.contentType, bytes: original.bytes },
        })
      })
      logger.info(
        { filename, contentType: type.contentType, bytes: original.bytes, variants: variants.length, ms: Math.round(performance.now() - started) },
        'Upload stored',
      )
      return { url: storage.url(filename), filename, contentType: type.contentType, width: info?.width ?? null, height: info?.height ?? null }
    } catch (error) {
      await Promise.all(written.map((name) => storage.delete(name).catch(() => undefined)))
      throw error
    } finally {
      await fsp.rm(cleanPath, { force: true })
    }
  }

  return {
    storage,
    tmpDir,

    /**
     * Stores a received upload and removes its temporary file whatever
     * happens. Resolves once the original and every variant are stored.
     */
    async ingest(actor: Actor, file: ReceivedFile): Promise<StoredMedia> {
      try {
        return await exclusive(() => store(file, actor))
      } finally {
        await fsp.rm(file.path, { force: true })
      }
    },

    /**
     * For each uploaded image URL (`/uploads/<name>` or a bare stored name),
     * the `src`, `srcSet`, `width` and `height` to render it with. URLs that
     * are not stored images are left out, so callers fall back to a plain src.
     */
    async describe(urls: readonly string[]): Promise<Record<string, DescribedImage>> {
      const nameOf = (url: string) => (url.startsWith(UPLOADS_URL_PREFIX) ? url.slice(UPLOADS_URL_PREFIX.length) : url)
      const names = [...new Set(urls.map(nameOf).filter(isStoredName))]
      if (names.length === 0) return {}
      const rows = await db.select().from(mediaFiles).where(inArray(mediaFiles.filename, names))
      const byName = new Map(rows.map((row) => [row.filename, row]))
      const described: Record<string, DescribedImage> = {}
      for (const url of urls) {
        const row = byName.get(nameOf(url))
        if (!row || !row.width || !row.height) continue
        const variants = [...row.variants].sort((a, b) => a.width - b.width)
        const largest = variants[variants.length - 1]
        described[url] = {
          src: storage.url(largest ? largest.filename : row.filename),
          srcSet: variants.length ? variants.map((v) => `${storage.url(v.filename)} ${v.width}w`).join(', ') : undefined,
          width: row.width,
          height: row.height,
        }
      }
      return described
    },
  }
}
export type MediaService = ReturnType<typeof createMediaService>
