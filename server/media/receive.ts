import crypto from 'node:crypto'
import fs from 'node:fs'
import fsp from 'node:fs/promises'
import path from 'node:path'
import type { Request, RequestHandler } from 'express'
import multer, { MulterError } from 'multer'
import { UPLOAD_MAX_BYTES } from '#common/constants'
import { HttpError, isOutOfSpace, ValidationError } from '../http/errors'
import { closeAfterAnswer } from '../http/lingering-close'
import type { ReceivedFile } from './media-service'

export const FILE_TOO_LARGE = 'File too large'
const NOT_MULTIPART = 'Send the file as multipart/form-data in a field named "file"'

/** Whether a Content-Type is multipart/form-data with a boundary (busboy cannot read one without). */
function isMultipartWithBoundary(contentType: string | undefined): boolean {
  if (!contentType || contentType.length > 500) return false
  const [type, ...params] = contentType.split(';')
  return (
    type!.trim().toLowerCase() === 'multipart/form-data' &&
    params.some((p) => {
      const [name, value] = p.split('=')
      return name!.trim().toLowerCase() === 'boundary' && Boolean(value?.trim())
    })
  )
}
/** Room for the multipart boundaries and part headers around a file at the limit. */
const MULTIPART_OVERHEAD = 64 * 1024
/** A temporary file older than this was left by a crash and is removed. */
const STALE_TMP_MS = 60 * 60 * 1000

async function sweepStaleTmp(tmpDir: string) {
  const now = Date.now()
  for (const name of await fsp.readdir(tmpDir).catch(() => [] as string[])) {
    const file = path.join(tmpDir, name)
    const stat = await fsp.stat(file).catch(() => undefined)
    if (stat && now - stat.mtimeMs > STALE_TMP_MS) await fsp.rm(file, { force: true })
  }
}

/**
 * Refuses a body that declares more than the limit before reading any of it:
 * nothing touches the disk. Up to four times the limit the body is read and
 * discarded before answering, so the browser gets the 413 rather than a reset
 * connection; beyond that the answer goes at once, and the connection is
 * closed once the client has had time to read it (lingering-close.ts).
 */
function refuseDeclaredOversize(maxBytes: number): RequestHandler {
  return (req, res, next) => {
    const declared = Number(req.headers['content-length'])
    if (!Number.isFinite(declared) || declared <= maxBytes + MULTIPART_OVERHEAD) return next()
    const answer = () => {
      if (!res.headersSent) res.status(413).json({ message: FILE_TOO_LARGE })
    }
    // Far beyond the limit is not worth draining: answer, and close the connection once the client has read it.
    if (declared > maxBytes * 4) {
      res.set('Connection', 'close')
      closeAfterAnswer(req, res)
      answer()
      return
    }
    req.on('end', answer)
    req.on('error', () => undefined)
    req.resume()
  }
}

/**
 * multer's disk storage, except that a file whose write fails (a full disk)
 * is removed: multer's own clean-up only covers files it finished writing,
 * and would leave the half-written one behind.
 */
function diskStorageWithoutPartials(options: multer.DiskStorageOptions): multer.StorageEngine {
  const disk = multer.diskStorage(options)
  return {
    _handleFile(req, file, callback) {
      disk._handleFile(req, file, (error, info) => {
        const partial = (file as { path?: string }).path
        if (!error || !partial) return callback(error, info)
        fs.rm(partial, { force: true }, () => callback(error))
      })
    },
    _removeFile: (req, file, callback) => disk._removeFile(req, file, callback),
  }
}

/**
 * Receives one multipart `file` field into a temporary file in `tmpDir`
 * (streamed, never held in memory). Over `maxBytes` gives 413 'File too
 * large'; on that, on an aborted request or any other failure the partial file
 * is deleted (multer removes it before passing the error on).
 */
export function receiveSingleFile(tmpDir: string, maxBytes = UPLOAD_MAX_BYTES): RequestHandler[] {
  fs.mkdirSync(tmpDir, { recursive: true })
  void sweepStaleTmp(tmpDir)
  const upload = multer({
    storage: diskStorageWithoutPartials({
      destination: tmpDir,
      filename: (_req, _file, cb) => cb(null, `${crypto.randomBytes(16).toString('hex')}.upload`),
    }),
    limits: { fileSize: maxBytes, files: 1, fields: 10, parts: 12, fieldSize: 64 * 1024 },
  }).single('file')

  const receive: RequestHandler = (req, res, next) => {
    if (!isMultipartWithBoundary(req.get('content-type'))) {
      return next(new ValidationError(NOT_MULTIPART, { file: NOT_MULTIPART }))
    }
    upload(req, res, (error?: unknown) => {
      if (!error) return next()
      if (error instanceof MulterError) {
        if (error.code === 'LIMIT_FILE_SIZE') return next(new HttpError(413, FILE_TOO_LARGE))
        if (error.code === 'LIMIT_UNEXPECTED_FILE') {
          return next(new ValidationError('Upload one file in the field named "file"', { file: 'Upload one file in the field named "file"' }))
        }
        return next(new ValidationError('The upload could not be read'))
      }
      // A full disk first: multer may have stopped reading the request by then, which would look like an abort.
      if (isOutOfSpace(error)) return next(error)
      if (req.destroyed || req.aborted) return next(new HttpError(400, 'The upload was interrupted'))
      // Any other system error is ours; anything else is a body the parser could not read.
      if (typeof (error as { errno?: unknown }).errno === 'number') return next(error)
      next(new ValidationError('The upload could not be read'))
    })
  }
  return [refuseDeclaredOversize(maxBytes), receive]
}

/** The received file, or a 400 naming the missing field. */
export function receivedFile(req: Request): ReceivedFile {
  const file = req.file
  if (!file) throw new ValidationError('Choose a file to upload', { file: 'Choose a file to upload' })
  return { path: file.path, originalname: file.originalname, size: file.size }
}
