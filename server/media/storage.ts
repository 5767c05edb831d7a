import fs from 'node:fs'
import fsp from 'node:fs/promises'
import path from 'node:path'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'

/** A stored object opened for reading. */
export type StoredObject = {
  stream: Readable
  bytes: number
  lastModified: Date
}

/**
 * Where uploaded files live. Local disk today; an S3-compatible store
 * implements the same four calls later (DESIGN.md section 7). Names are
 * flat, server-generated and immutable; nothing outside this module sees a
 * local path.
 */
export interface MediaStorage {
  /** Stores `data` under `name`, replacing nothing (names are unique). Resolves to the bytes written. */
  put(name: string, data: Buffer | Readable, contentType: string): Promise<{ bytes: number }>
  /** Opens a stored object, or null when there is none by that name. */
  open(name: string): Promise<StoredObject | null>
  /** Removes an object; a missing one is not an error. */
  delete(name: string): Promise<void>
  /** The public URL the site serves the object from. */
  url(name: string): string
}

/** Stored names: lower-case hex, an optional `-480w` style suffix, one known extension. No dots, slashes or dotfiles. */
export const STORED_NAME_RE = /^[a-f0-9]{32}(-\d{1,5}w)?\.(png|jpg|gif|webp|pdf)$/

export function isStoredName(name: string): boolean {
  return STORED_NAME_RE.test(name)
}

/** The URL prefix uploads are served from. */
export const UPLOADS_URL_PREFIX = '/uploads/'

/** Local-disk storage under `root` (DATA_DIR/uploads by default). */
export function createLocalStorage(root: string): MediaStorage {
  fs.mkdirSync(root, { recursive: true })

  // Every name is checked, so a crafted name can never reach outside `root`.
  const fileOf = (name: string) => {
    if (!isStoredName(name)) throw new Error(`Invalid stored name: ${JSON.stringify(name)}`)
    return path.join(root, name)
  }

  return {
    async put(name, data) {
      const file = fileOf(name)
      // Write beside the target and rename, so a reader never sees half a file.
      const partial = `${file}.${process.pid}.partial`
      try {
        const source = Buffer.isBuffer(data) ? Readable.from([data]) : data
        await pipeline(source, fs.createWriteStream(partial, { flags: 'wx' }))
        await fsp.rename(partial, file)
      } catch (error) {
        await fsp.rm(partial, { force: true })
        throw error
      }
      const stat = await fsp.stat(file)
      return { bytes: stat.size }
    },

    async open(name) {
      if (!isStoredName(name)) return null
      const file = path.join(root, name)
      let handle: fsp.FileHandle
      try {
        handle = await fsp.open(file, 'r')
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null
        throw error
      }
      const stat = await handle.stat()
      if (!stat.isFile()) {
        await handle.close()
        return null
      }
      return { stream: handle.createReadStream(), bytes: stat.size, lastModified: stat.mtime }
    },

    async delete(name) {
      await fsp.rm(fileOf(name), { force: true })
    },

    url(name) {
      return `${UPLOADS_URL_PREFIX}${name}`
    },
  }
}
