// Measures what one big phone photo costs. A ~20 MB, 48 MP JPEG is generated,
// then a fresh process (run through tsx, for the TypeScript server code)
// starts the app in-process on a throwaway embedded database and uploads the
// photo through the real route (multer to a temp file, type sniffing, sharp
// variants, storage, media_files row). It reports the elapsed time, the
// process's peak RSS, and the bytes a 390 px wide phone at DPR 3 downloads for
// that photo as a full-width hero, against the original.
//
//   node scripts/measure-upload.mjs              (about 20 MB)
//   MEASURE_MB=10 node scripts/measure-upload.mjs
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

if (process.argv[2] === '--measure') await measure(process.argv[3], process.argv[4])
else await main()

async function main() {
  const targetMb = Number(process.env.MEASURE_MB ?? 20)
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'measure-upload-'))
  const photo = path.join(work, 'photo.jpg')
  try {
    const sharp = (await import('sharp')).default
    const width = 8000
    const height = 6000
    // Photo-like content: coarse shapes, mid-scale texture and fine sensor grain (which a downscale
    // averages away, as with a real phone photo). Random, so nothing compresses unrealistically well.
    const layer = async (w, h) => {
      const noise = Buffer.alloc(w * h * 3)
      for (let i = 0; i < noise.length; i++) noise[i] = Math.random() * 255
      return sharp(noise, { raw: { width: w, height: h, channels: 3 } }).resize(width, height, { kernel: 'cubic' }).raw().toBuffer()
    }
    const coarse = await layer(200, 150)
    const texture = await layer(1200, 900)
    const pixels = Buffer.alloc(width * height * 3)
    for (let i = 0; i < pixels.length; i++) {
      pixels[i] = Math.max(0, Math.min(255, coarse[i] * 0.6 + (texture[i] - 128) * 0.2 + 40 + ((i * 2654435761) >>> 26)))
    }
    let quality = 90
    for (let attempt = 0; attempt < 4; attempt++) {
      await sharp(pixels, { raw: { width, height, channels: 3 } }).jpeg({ quality }).toFile(photo)
      const mb = fs.statSync(photo).size / 1024 / 1024
      if (Math.abs(mb - targetMb) < targetMb * 0.1) break
      quality = Math.min(100, Math.max(40, Math.round(quality + (targetMb - mb))))
    }
    console.log(`Generated a ${(fs.statSync(photo).size / 1024 / 1024).toFixed(1)} MB JPEG, ${width}x${height}`)
    execFileSync(path.resolve('node_modules/.bin/tsx'), [path.resolve('scripts/measure-upload.mjs'), '--measure', photo, work], {
      stdio: 'inherit',
    })
  } finally {
    fs.rmSync(work, { recursive: true, force: true })
  }
}

async function measure(photo, work) {
  const { pino } = await import('pino')
  const request = (await import('supertest')).default
  const { createApp } = await import('../server/app.ts')
  const { loadConfig } = await import('../server/config.ts')
  const { createDb } = await import('../server/db/client.ts')
  const { startEmbeddedPostgres } = await import('../server/db/embedded.ts')
  const { runMigrations } = await import('../server/db/migrate.ts')
  const { createUserService } = await import('../server/auth/users.ts')

  const pg = await startEmbeddedPostgres({ dataDir: path.join(work, 'pg') })
  const db = createDb(pg.url())
  try {
    await runMigrations(db)
    const dataDir = path.join(work, 'data')
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, SESSION_SECRET: 'measure-secret-measure-secret-measure', LOG_LEVEL: 'silent' })
    const { app, services } = createApp({ db, config, clock: { now: () => new Date() }, logger: pino({ level: 'silent' }) })
    await createUserService(db).create('measure', 'measure-password')
    const agent = request.agent(app)
    await agent.post('/api/login').send({ username: 'measure', password: 'measure-password' }).expect(200)

    const rssBefore = process.memoryUsage().rss
    const maxRssBefore = process.resourceUsage().maxRSS
    const started = performance.now()
    const res = await agent.post('/api/upload').attach('file', photo).expect(201)
    const elapsed = performance.now() - started
    const maxRssAfter = process.resourceUsage().maxRSS

    const described = (await services.media.describe([res.body.url]))[res.body.url]
    const sizeOf = (url) => fs.statSync(path.join(dataDir, 'uploads', url.split('/').pop())).size
    const variants = described.srcSet.split(', ').map((entry) => {
      const [url, w] = entry.split(' ')
      return { url, width: parseInt(w, 10), bytes: sizeOf(url) }
    })
    // sizes="100vw" on a 390 CSS px screen at DPR 3 asks for 1170 device pixels: the browser takes the smallest candidate at least that wide.
    const wanted = 390 * 3
    const picked = variants.find((v) => v.width >= wanted) ?? variants[variants.length - 1]
    const original = fs.statSync(photo).size
    console.log(
      JSON.stringify(
        {
          originalBytes: original,
          recorded: { width: described.width, height: described.height },
          elapsedMs: Math.round(elapsed),
          rssBeforeUploadMB: Math.round(rssBefore / 1024 / 1024),
          peakRssBeforeUploadMB: Math.round(maxRssBefore / 1024),
          peakRssMB: Math.round(maxRssAfter / 1024),
          variants: variants.map(({ width, bytes }) => ({ width, bytes })),
          phone390Dpr3: { wantsPx: wanted, picks: `${picked.width}w`, bytes: picked.bytes, percentOfOriginal: +((picked.bytes / original) * 100).toFixed(2) },
          leftInTmp: fs.readdirSync(path.join(dataDir, 'uploads', '.tmp')).length,
        },
        null,
        2,
      ),
    )
  } finally {
    await db.$client.end()
    await pg.stop()
  }
}
