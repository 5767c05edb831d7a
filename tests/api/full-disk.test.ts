/**
 * A full disk under the uploads folder: a real filesystem (a small tmpfs
 * mounted over DATA_DIR/uploads, so the test needs root, and fails rather
 * than skips without it), filled to a little less each time than an upload
 * needs. Every upload either is stored whole (original and every variant) or
 * is refused with 507 and a plain message, leaving no file behind, whichever
 * write the disk ran out on: the received upload, the cleaned original, the
 * stored original or one of its resized variants.
 */
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import { beforeAll, describe, expect, it } from 'vitest'
import { afterFile } from '../helpers/after-file'
import { createTestApp, signedInAgent, type TestApp } from '../helpers/app'

const OUT_OF_SPACE = 'The server is out of disk space. The file was not saved.'
const FILLER = 'filler.bin'
const DISK_BYTES = 8 * 1024 * 1024

let t: TestApp
let agent: Awaited<ReturnType<typeof signedInAgent>>
let uploadsDir: string
let tmpDir: string
let photo: Buffer

/** Mounts a tmpfs of `bytes` over `dir`: a real filesystem that really fills up. */
function mountSmallDisk(dir: string, bytes: number) {
  fs.mkdirSync(dir, { recursive: true })
  execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${bytes}`, 'tmpfs', dir])
  afterFile(() => execFileSync('umount', ['--lazy', dir]))
}

const freeBytes = () => {
  const s = fs.statfsSync(uploadsDir)
  return s.bavail * s.bsize
}

/** Fills the disk until `free` bytes are left (to the filesystem's block). */
function leaveFree(free: number) {
  fs.rmSync(path.join(uploadsDir, FILLER), { force: true })
  const fill = freeBytes() - free
  if (fill > 0) fs.writeFileSync(path.join(uploadsDir, FILLER), Buffer.alloc(fill))
}

/** Every file under the uploads folder (the temporary folder's too), the filler left out. */
function filesOnDisk(): string[] {
  const stored = fs.readdirSync(uploadsDir).filter((n) => n !== '.tmp' && n !== FILLER)
  return [...stored, ...fs.readdirSync(tmpDir).map((n) => `.tmp/${n}`)].sort()
}

beforeAll(async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pub-full-disk-'))
  uploadsDir = path.join(dataDir, 'uploads')
  tmpDir = path.join(uploadsDir, '.tmp')
  // Clean-ups run last registered first: unmount, then remove the folder.
  afterFile(() => fs.rmSync(dataDir, { recursive: true, force: true }))
  mountSmallDisk(uploadsDir, DISK_BYTES)
  t = await createTestApp({ configure: (config) => ({ ...config, dataDir }) })
  agent = await signedInAgent(t)
  // A photo of noise does not compress: each of its files takes real room.
  photo = await sharp({ create: { width: 1800, height: 1200, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 40 } } })
    .jpeg({ quality: 80 })
    .toBuffer()
})

const upload = () => agent.post('/api/upload').attach('file', photo, 'garden.jpg')

describe('an upload when the disk is full', () => {
  it('is refused with 507 and a plain message, and leaves no file behind', async () => {
    leaveFree(0)
    const res = await upload()
    expect(res.status).toBe(507)
    expect(res.body).toEqual({ message: OUT_OF_SPACE })
    expect(filesOnDisk()).toEqual([])
  })

  it('is stored whole or not at all, whichever write runs out of room', async () => {
    // How much room a whole upload takes: the received file, the cleaned original, the stored
    // original and its variants. Then the same upload with less and less room than that.
    leaveFree(DISK_BYTES)
    const before = freeBytes()
    const stored = await upload()
    expect(stored.status).toBe(201)
    const files = filesOnDisk()
    expect(files.length).toBeGreaterThanOrEqual(4) // the original and three variants
    const keptBytes = before - freeBytes()
    for (const name of files) fs.rmSync(path.join(uploadsDir, name))
    const needed = photo.length * 2 + keptBytes

    const outcomes: number[] = []
    for (let free = needed - 64 * 1024; free > 0; free -= 160 * 1024) {
      leaveFree(free)
      const res = await upload()
      outcomes.push(res.status)
      if (res.status === 201) {
        // Whole: the original and every variant the answer's record lists are on disk.
        const name = path.basename(res.body.url as string)
        expect(filesOnDisk().filter((n) => n.startsWith(name.slice(0, 32)))).toHaveLength(files.length)
        for (const n of filesOnDisk()) fs.rmSync(path.join(uploadsDir, n))
        continue
      }
      expect({ free, status: res.status, body: res.body }).toEqual({ free, status: 507, body: { message: OUT_OF_SPACE } })
      expect({ free, files: filesOnDisk() }).toEqual({ free, files: [] })
    }
    // The disk ran out at every step of an upload, not only the first.
    expect(outcomes.filter((s) => s === 507).length).toBeGreaterThanOrEqual(8)
  })

  it('works again once there is room', async () => {
    leaveFree(DISK_BYTES)
    const res = await upload()
    expect(res.status).toBe(201)
    const served = await agent.get(res.body.url as string)
    expect(served.status).toBe(200)
  })
})
