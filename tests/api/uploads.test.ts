import fs from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import zlib from 'node:zlib'
import { eq } from 'drizzle-orm'
import sharp from 'sharp'
import request from 'supertest'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mediaFiles } from '../../server/db/schema'
import { checkPdf, PDF_TOO_LARGE, PDF_TOO_SLOW } from '../../server/media/pdf'
import { createTestApp, signedInAgent, STAFF, type TestApp } from '../helpers/app'
import { longestBlock } from '../helpers/event-loop'
import { pdfBomb } from '../helpers/pdf-bomb'

const UNSUPPORTED = 'Unsupported file type. Upload a PNG, JPEG, GIF, WebP image or a PDF.'
const STORED_NAME = /^[a-f0-9]{32}\.(png|jpg|gif|webp|pdf)$/
const MB = 1024 * 1024

let t: TestApp
let agent: Awaited<ReturnType<typeof signedInAgent>>
let uploadsDir: string
let tmpDir: string
let server: http.Server
let cookie: string

beforeAll(async () => {
  t = await createTestApp({ now: '2026-11-21T12:00:00Z' })
  agent = await signedInAgent(t)
  uploadsDir = path.join(t.dataDir, 'uploads')
  tmpDir = path.join(uploadsDir, '.tmp')
  server = t.app.listen(0)
  const login = await request(t.app).post('/api/login').send(STAFF).expect(200)
  cookie = (login.headers['set-cookie'] as unknown as string[]).map((c) => c.split(';')[0]).join('; ')
})
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

const photo = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 180, g: 90, b: 40 } } })
const pngBytes = (w = 64, h = 48) => photo(w, h).png().toBuffer()
const jpegBytes = (w = 64, h = 48) => photo(w, h).jpeg().toBuffer()
const webpBytes = (w = 64, h = 48) => photo(w, h).webp().toBuffer()
const gifBytes = (w = 64, h = 48) => photo(w, h).gif().toBuffer()
/** The smallest well-formed one-page PDF. */
const PDF_BYTES = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
)

/** Files under the uploads folder, the temporary folder excluded. */
const storedFiles = () => fs.readdirSync(uploadsDir).filter((n) => n !== '.tmp')
const tmpFiles = () => fs.readdirSync(tmpDir)

const upload = (body: Buffer, filename: string, contentType?: string, endpoint = '/api/upload') =>
  agent.post(endpoint).attach('file', body, contentType ? { filename, contentType } : filename)

async function waitFor(check: () => boolean, ms = 5000) {
  const until = Date.now() + ms
  while (!check() && Date.now() < until) await new Promise((r) => setTimeout(r, 50))
  return check()
}

describe('POST /api/upload accepts the five types, told apart by their bytes', () => {
  it.each([
    ['PNG', 'photo.png', pngBytes, 'image/png', 'png'],
    ['JPEG', 'photo.jpeg', jpegBytes, 'image/jpeg', 'jpg'],
    ['GIF', 'photo.gif', gifBytes, 'image/gif', 'gif'],
    ['WebP', 'photo.webp', webpBytes, 'image/webp', 'webp'],
    ['PDF', 'menu.pdf', async () => PDF_BYTES, 'application/pdf', 'pdf'],
  ])('stores a %s under a server-generated name and serves it back', async (_label, name, make, type, ext) => {
    const bytes = await make()
    const res = await upload(bytes, name).expect(201)
    expect(res.body.filename).toMatch(STORED_NAME)
    expect(res.body.filename.endsWith(`.${ext}`)).toBe(true)
    expect(res.body.url).toBe(`/uploads/${res.body.filename}`)

    const served = await request(t.app).get(res.body.url).buffer(true).parse(binary).expect(200)
    expect(served.headers['content-type']).toBe(type)
    expect(served.headers['x-content-type-options']).toBe('nosniff')
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    const body = served.body as Buffer
    if (ext === 'pdf' || ext === 'gif') {
      // Kept exactly as uploaded.
      expect(Buffer.compare(body, bytes)).toBe(0)
    } else {
      // Re-encoded upright without metadata, same format and size in pixels.
      const [before, after] = await Promise.all([sharp(bytes).metadata(), sharp(body).metadata()])
      expect([after.format, after.width, after.height]).toEqual([before.format, before.width, before.height])
      expect(after.exif).toBeUndefined()
    }

    const [row] = await t.db.select().from(mediaFiles).where(eq(mediaFiles.filename, res.body.filename))
    expect(row).toMatchObject({ originalName: name, contentType: type, bytes: body.length })
  })

  it('takes the type from the content, not from the name or the declared type', async () => {
    const res = await upload(await jpegBytes(), 'looks-like.png', 'image/png').expect(201)
    expect(res.body.filename).toMatch(/\.jpg$/)
    await request(t.app).get(res.body.url).expect('Content-Type', 'image/jpeg')
  })

  it('serves PDFs inline so the menu viewer can frame them', async () => {
    const res = await upload(PDF_BYTES, 'menu.pdf').expect(201)
    const served = await request(t.app).get(res.body.url).expect(200)
    expect(served.headers['content-disposition']).toBe('inline')
  })

  it('POST /api/admin/upload answers { filename, url } the same way', async () => {
    const res = await upload(await pngBytes(), 'gallery.png', undefined, '/api/admin/upload').expect(201)
    expect(Object.keys(res.body)).toEqual(['url', 'filename'])
    expect(res.body.filename).toMatch(STORED_NAME)
    await request(t.app).get(`/uploads/${res.body.filename}`).expect(200)
  })
})

describe('refused uploads', () => {
  it.each([
    ['a text file named .png', Buffer.from('just some words, not a picture'), 'notes.png', 'image/png'],
    [
      'an SVG',
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      'logo.svg',
      'image/svg+xml',
    ],
    ['an HTML file', Buffer.from('<!doctype html><script>alert(document.cookie)</script>'), 'page.png', 'text/html'],
    ['a PNG signature followed by junk', Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.alloc(200, 7)]), 'broken.png', 'image/png'],
  ])('refuses %s with 415 and stores nothing', async (_label, body, name, type) => {
    const before = storedFiles()
    const res = await upload(body, name, type).expect(415)
    expect(res.body.message).toMatch(/^(Unsupported file type\. Upload a PNG, JPEG, GIF, WebP image or a PDF\.|The image could not be read\.)/)
    expect(storedFiles()).toEqual(before)
    expect(tmpFiles()).toEqual([])
  })

  it('names the allowed types in the 415 message', async () => {
    const res = await upload(Buffer.from('hello'), 'hello.txt', 'text/plain').expect(415)
    expect(res.body).toEqual({ message: UNSUPPORTED })
  })

  it('refuses an image that claims more than 100 megapixels before decoding it', async () => {
    const res = await upload(pngClaiming(20_000, 20_000), 'bomb.png', 'image/png').expect(400)
    expect(res.body.message).toMatch(/too large to process/)
    expect(tmpFiles()).toEqual([])
  })

  const BLOCK_BOUND_MS = 250
  it('refuses a PDF bomb (1 MB inflating to 1 GB) with 415 and why, checked off the event loop within bounded memory', async () => {
    const bomb = pdfBomb(1024)
    expect(bomb.length).toBeLessThan(1.1 * MB)
    const before = storedFiles()
    const rssBefore = process.memoryUsage().rss
    // The check once held the event loop for 10 s and took the process to 3 GB.
    let measured = await longestBlock(() => upload(bomb, 'menu.pdf', 'application/pdf'))
    // A single slow tick can be a garbage collection or the machine: a block the upload causes comes back every time.
    // On the event loop the check blocked for seconds; off it, what is left is the machine's own scheduling,
    // which on a busy 2-core machine (this process, the check's thread and PostgreSQL) reached 114 ms.
    // Health's 50 ms p99 under this attack is measured by npm run faults (health-under-attack.spec.ts).
    for (let retry = 0; retry < 2 && measured.blockedMs > BLOCK_BOUND_MS; retry++) measured = await longestBlock(() => upload(bomb, 'menu.pdf', 'application/pdf'))
    expect(measured.result.status).toBe(415)
    expect(measured.result.body).toEqual({ message: PDF_TOO_LARGE })
    expect(measured.blockedMs).toBeLessThanOrEqual(BLOCK_BOUND_MS)
    expect(process.memoryUsage().rss - rssBefore).toBeLessThan(400 * MB)
    expect(storedFiles()).toEqual(before)
    expect(tmpFiles()).toEqual([])
  })

  it('refuses a PDF whose check takes longer than its time limit', async () => {
    const file = path.join(t.dataDir, 'slow.pdf')
    fs.writeFileSync(file, PDF_BYTES)
    await expect(checkPdf(file, { timeoutMs: 1 })).rejects.toMatchObject({ status: 415, message: PDF_TOO_SLOW })
    await expect(checkPdf(file)).resolves.toEqual({ pages: 1 })
  })

  it('answers 400 when no file field is sent', async () => {
    const res = await agent.post('/api/upload').field('title', 'nothing attached').expect(400)
    expect(res.body.message).toBe('Choose a file to upload')
  })

  it('answers 401 on both endpoints when signed out, and stores nothing', async () => {
    const before = storedFiles()
    for (const endpoint of ['/api/upload', '/api/admin/upload']) {
      const res = await request(t.app).post(endpoint).attach('file', await pngBytes(), 'a.png').expect(401)
      expect(res.body).toEqual({ message: 'Unauthorized' })
    }
    expect(storedFiles()).toEqual(before)
  })
})

describe('the 50 MB limit', () => {
  it('answers 413 File too large to a 51 MB upload and writes nothing to disk', async () => {
    const before = storedFiles()
    const big = Buffer.alloc(51 * MB, 0)
    Buffer.from('ffd8ffe000104a464946', 'hex').copy(big)
    const res = await upload(big, 'huge.jpg', 'image/jpeg').expect(413)
    expect(res.body).toEqual({ message: 'File too large' })
    expect(storedFiles()).toEqual(before)
    expect(tmpFiles()).toEqual([])
  })

  it('stops a 51 MB upload sent without a length at 50 MB and deletes the partial file', async () => {
    const before = storedFiles()
    const res = await rawMultipart({ fileBytes: 51 * MB })
    expect(res.status).toBe(413)
    expect(JSON.parse(res.body)).toEqual({ message: 'File too large' })
    expect(storedFiles()).toEqual(before)
    expect(await waitFor(() => tmpFiles().length === 0)).toBe(true)
  })

  it('answers 413 File too large to a 250 MB upload from its declared length, and the browser still sending reads it', async () => {
    const before = storedFiles()
    // Dropped at once after the answer, the connection was reset under the client's next write, which lost the
    // answer (lingering-close.ts). Ten in a row, as the loss came in some runs only.
    for (let i = 0; i < 10; i++) {
      const res = await rawMultipart({ fileBytes: 250 * MB, declared: 250 * MB })
      expect(res.status).toBe(413)
      expect(JSON.parse(res.body)).toEqual({ message: 'File too large' })
    }
    expect(storedFiles()).toEqual(before)
    expect(tmpFiles()).toEqual([])
  })

  it('leaves nothing behind when the client aborts half way', async () => {
    const before = storedFiles()
    await rawMultipart({ fileBytes: 20 * MB, abortAfter: 5 * MB })
    expect(await waitFor(() => tmpFiles().length === 0)).toBe(true)
    expect(storedFiles()).toEqual(before)
  })
})

describe('names from the client never become paths', () => {
  it('stores ../../etc/passwd.png inside the upload folder under a generated name', async () => {
    const res = await upload(await pngBytes(), '../../etc/passwd.png', 'image/png').expect(201)
    expect(res.body.filename).toMatch(STORED_NAME)
    expect(fs.existsSync(path.join(uploadsDir, res.body.filename))).toBe(true)
    expect(fs.existsSync(path.resolve(uploadsDir, '../../etc/passwd.png'))).toBe(false)
    expect(fs.existsSync(path.resolve(tmpDir, '../../etc/passwd.png'))).toBe(false)
    const [row] = await t.db.select().from(mediaFiles).where(eq(mediaFiles.filename, res.body.filename))
    expect(row!.originalName).toBe('passwd.png')
  })
})

describe('responsive variants', () => {
  it('writes 480, 960 and 1600 wide WebP variants of a 2400 px photo, with the sizes it records', async () => {
    const res = await upload(await jpegBytes(2400, 1200), 'garden.jpg').expect(201)
    const [row] = await t.db.select().from(mediaFiles).where(eq(mediaFiles.filename, res.body.filename))
    expect(row).toMatchObject({ width: 2400, height: 1200 })
    expect(row!.variants.map((v) => [v.width, v.height])).toEqual([
      [480, 240],
      [960, 480],
      [1600, 800],
    ])
    for (const variant of row!.variants) {
      const served = await request(t.app).get(`/uploads/${variant.filename}`).buffer(true).parse(binary).expect(200)
      expect(served.headers['content-type']).toBe('image/webp')
      const meta = await sharp(served.body as Buffer).metadata()
      expect({ format: meta.format, width: meta.width, height: meta.height }).toEqual({
        format: 'webp',
        width: variant.width,
        height: variant.height,
      })
      expect((served.body as Buffer).length).toBe(variant.bytes)
      expect(meta.exif).toBeUndefined()
    }
  })

  it('never makes a variant wider than the original', async () => {
    for (const [width, expected] of [
      [600, [480, 600]],
      [300, [300]],
      [1000, [480, 960]],
    ] as const) {
      const res = await upload(await pngBytes(width, 200), `w${width}.png`).expect(201)
      const [row] = await t.db.select().from(mediaFiles).where(eq(mediaFiles.filename, res.body.filename))
      expect(row!.variants.map((v) => v.width)).toEqual(expected)
      for (const v of row!.variants) expect(v.width).toBeLessThanOrEqual(width)
    }
  })

  it('applies the EXIF orientation of a phone photo and strips its metadata', async () => {
    // 200 x 100 pixels stored sideways: orientation 6 means "display rotated 90 degrees clockwise".
    const sideways = await photo(200, 100).jpeg().withMetadata({ orientation: 6 }).toBuffer()
    expect((await sharp(sideways).metadata()).orientation).toBe(6)
    const res = await upload(sideways, 'phone.jpg').expect(201)
    const [row] = await t.db.select().from(mediaFiles).where(eq(mediaFiles.filename, res.body.filename))
    expect(row).toMatchObject({ width: 100, height: 200 })
    const variant = row!.variants[0]!
    expect([variant.width, variant.height]).toEqual([100, 200])
    const served = await request(t.app).get(`/uploads/${variant.filename}`).buffer(true).parse(binary).expect(200)
    const meta = await sharp(served.body as Buffer).metadata()
    expect([meta.width, meta.height]).toEqual([100, 200])
    expect(meta.orientation).toBeUndefined()
    expect(meta.exif).toBeUndefined()

    // The stored original is upright and carries no EXIF (a phone photo's GPS position) either.
    const original = await request(t.app).get(res.body.url).buffer(true).parse(binary).expect(200)
    const originalMeta = await sharp(original.body as Buffer).metadata()
    expect([originalMeta.format, originalMeta.width, originalMeta.height]).toEqual(['jpeg', 100, 200])
    expect(originalMeta.exif).toBeUndefined()
  })

  it('stores a large photo no larger than 2560 px on its longest side', async () => {
    const big = await photo(3000, 2000).jpeg().toBuffer()
    const res = await upload(big, 'camera.jpg').expect(201)
    const original = await request(t.app).get(res.body.url).buffer(true).parse(binary).expect(200)
    const meta = await sharp(original.body as Buffer).metadata()
    expect([meta.width, meta.height]).toEqual([2560, 1707])
  })

  it('keeps an animated GIF as it is, without still variants', async () => {
    const frames = await Promise.all(['red', 'blue'].map((c) => sharp({ create: { width: 40, height: 20, channels: 3, background: c } }).png().toBuffer()))
    const animated = await sharp(frames, { join: { animated: true } }).gif().toBuffer()
    const res = await upload(animated, 'spinner.gif').expect(201)
    const [row] = await t.db.select().from(mediaFiles).where(eq(mediaFiles.filename, res.body.filename))
    expect(row).toMatchObject({ width: 40, height: 20, variants: [] })
  })

  it('describes stored images for srcset, and leaves out anything else', async () => {
    const res = await upload(await jpegBytes(2000, 1000), 'hero.jpg').expect(201)
    const url: string = res.body.url
    const described = await t.services.media.describe([url, res.body.filename, '/images/static-hero.jpg'])
    const [row] = await t.db.select().from(mediaFiles).where(eq(mediaFiles.filename, res.body.filename))
    const urls = row!.variants.map((v) => `/uploads/${v.filename}`)
    expect(described[url]).toEqual({
      src: urls[2],
      srcSet: `${urls[0]} 480w, ${urls[1]} 960w, ${urls[2]} 1600w`,
      width: 2000,
      height: 1000,
    })
    expect(described[res.body.filename]).toEqual(described[url])
    expect(described['/images/static-hero.jpg']).toBeUndefined()

    const viaApi = await agent.get('/api/admin/media').query({ url }).expect(200)
    expect(viaApi.body[url]).toEqual(described[url])
    await request(t.app).get('/api/admin/media').query({ url }).expect(401)
  })
})

describe('serving /uploads', () => {
  it('answers 404 for unknown names, directory paths and traversal attempts', async () => {
    const stored = (await upload(await pngBytes(), 'x.png').expect(201)).body.filename as string
    fs.writeFileSync(path.join(t.dataDir, 'secret.txt'), 'do not serve')
    for (const p of [
      '/uploads/0123456789abcdef0123456789abcdef.png',
      '/uploads/',
      '/uploads',
      '/uploads/.tmp',
      '/uploads/.tmp/',
      '/uploads/../secret.txt',
      '/uploads/..%2Fsecret.txt',
      '/uploads/%2e%2e/secret.txt',
      `/uploads/../uploads/${stored}`,
      `/uploads/${stored}/`,
      `/uploads/${stored.toUpperCase()}`,
    ]) {
      const res = await rawGet(p)
      expect(res.status, p).toBe(404)
      expect(res.body, p).not.toContain('do not serve')
    }
  })

  it('answers a repeat request with 304 Not Modified', async () => {
    const { url } = (await upload(await pngBytes(), 'again.png').expect(201)).body
    const first = await request(t.app).get(url).expect(200)
    await request(t.app).get(url).set('If-None-Match', first.headers.etag!).expect(304)
  })
})

/** Reads a response body as raw bytes. */
function binary(res: unknown, callback: (err: Error | null, body: Buffer) => void) {
  const stream = res as NodeJS.ReadableStream
  const chunks: Buffer[] = []
  stream.on('data', (c: Buffer) => chunks.push(c))
  stream.on('end', () => callback(null, Buffer.concat(chunks)))
}

/** A GET whose path is sent exactly as written (no client-side `..` clean-up). */
function rawGet(requestPath: string): Promise<{ status: number; body: string }> {
  const { port } = server.address() as AddressInfo
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path: requestPath, method: 'GET' }, (res) => {
      let body = ''
      res.on('data', (c) => (body += c))
      res.on('end', () => resolve({ status: res.statusCode!, body }))
    })
    req.on('error', reject)
    req.end()
  })
}

/**
 * A signed-in multipart upload streamed with chunked encoding (no
 * Content-Length), or with the length `declared`, optionally cut off after
 * `abortAfter` bytes. An answer that comes before the body is all sent stops
 * the sending.
 */
function rawMultipart(options: { fileBytes: number; abortAfter?: number; declared?: number }): Promise<{ status: number; body: string }> {
  const { port } = server.address() as AddressInfo
  const boundary = 'test-boundary-7f3a'
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="stream.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
  )
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`)
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        path: '/api/upload',
        method: 'POST',
        // As a browser sends it: the same-origin check refuses a cookie-bearing write that says nothing.
        headers: {
          Cookie: cookie,
          'Sec-Fetch-Site': 'same-origin',
          'Content-Type': `multipart/form-data; boundary=${boundary}`,
          ...(options.declared ? { 'Content-Length': String(options.declared) } : { 'Transfer-Encoding': 'chunked' }),
        },
      },
      (res) => {
        // Answered before the body was all sent (a refusal): stop sending, and read the answer.
        sent = Infinity
        let body = ''
        res.on('data', (c) => (body += c))
        res.on('end', () => resolve({ status: res.statusCode!, body }))
      },
    )
    req.on('error', (error) => (options.abortAfter ? resolve({ status: 0, body: String(error) }) : reject(error)))
    const chunk = Buffer.alloc(MB, 1)
    let sent = 0
    const writeMore = () => {
      while (sent < options.fileBytes && !req.destroyed) {
        if (options.abortAfter && sent >= options.abortAfter) {
          // Give the server a moment to write what it has, then drop the connection.
          setTimeout(() => {
            req.destroy()
            resolve({ status: 0, body: 'aborted' })
          }, 200)
          return
        }
        sent += chunk.length
        if (!req.write(sent === chunk.length ? Buffer.concat([head, chunk]) : chunk)) {
          req.once('drain', writeMore)
          return
        }
      }
      if (sent < Infinity && !req.destroyed) req.end(tail)
    }
    writeMore()
  })
}

/** A PNG header claiming `width` x `height` pixels, with a token image body: a decompression bomb's shape. */
function pngClaiming(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data])
    const length = Buffer.alloc(4)
    length.writeUInt32BE(data.length)
    const crc = Buffer.alloc(4)
    crc.writeUInt32BE(zlib.crc32(body))
    return Buffer.concat([length, body, crc])
  }
  const ihdr = Buffer.alloc(13)
  ihdr.writeUInt32BE(width, 0)
  ihdr.writeUInt32BE(height, 4)
  ihdr.set([8, 2, 0, 0, 0], 8)
  return Buffer.concat([
    Buffer.from('89504e470d0a1a0a', 'hex'),
    chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(Buffer.alloc(1024))),
    chunk('IEND', Buffer.alloc(0)),
  ])
}
