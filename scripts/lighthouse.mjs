// `npm run lighthouse`: Lighthouse 12 (mobile, default throttling) in the local
// Chromium against the production build on a throwaway database, plus each
// page's first-load JavaScript (gzip) as its HTML references it.
// Each page runs LH_RUNS times (default 3) and the run with the median
// performance score is reported, as Lighthouse's own guidance suggests.
// Usage: npm run lighthouse [-- /path /other]
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import zlib from 'node:zlib'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { startServer } from '../tests/helpers/server-process.mjs'

// 'manage' stands for a guest's /booking/manage/{token} page: a booking is made and its link read from the email.
const pages = process.argv.slice(2).length ? process.argv.slice(2) : ['/', '/menu', '/cocktails', '/contact', '/booking', '/events', 'manage']
const chromePath = [process.env.CHROMIUM_PATH, '/usr/bin/chromium'].find((p) => p && fs.existsSync(p))
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pub-lighthouse-'))
const server = await startServer({ dataDir, env: { LOG_LEVEL: 'warn' } })

/** Gzip bytes of every script the page's HTML loads or preloads. */
async function firstLoadJs(url) {
  const html = await (await fetch(url)).text()
  const srcs = new Set([...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]))
  let total = 0
  for (const src of srcs) total += zlib.gzipSync(Buffer.from(await (await fetch(server.url + src)).arrayBuffer())).length
  // The inline route manifest and hydration data travel in the HTML itself.
  return { scripts: srcs.size, kb: total / 1024 }
}

/** Books a table as a guest would, and returns the manage link's path from the confirmation email (written under DATA_DIR/mail). */
async function manageBookingPath() {
  const date = new Date(Date.now() + 14 * 86_400_000)
  while (date.getUTCDay() !== 6) date.setUTCDate(date.getUTCDate() + 1)
  const email = `lighthouse-${Date.now()}@example.com`
  const res = await fetch(`${server.url}/api/reservations`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Sec-Fetch-Site': 'same-origin' },
    body: JSON.stringify({ name: 'Ann Guest', email, phone: '07700 900 000', date: date.toISOString().slice(0, 10), startTime: '19:00', partySize: 4, additionalInfo: 'A high chair, please' }),
  })
  if (res.status !== 201) throw new Error(`Booking for the manage page failed: ${res.status} ${await res.text()}`)
  const mailDir = path.join(dataDir, 'mail')
  for (let i = 0; i < 200; i++) {
    for (const name of fs.existsSync(mailDir) ? fs.readdirSync(mailDir) : []) {
      const raw = fs.readFileSync(path.join(mailDir, name), 'utf8').replace(/=\r?\n/g, '')
      const link = raw.includes(email) && /\/booking\/manage\/[\w.-]+/.exec(raw)
      if (link) return link[0]
    }
    await new Promise((r) => setTimeout(r, 50))
  }
  throw new Error('No confirmation email with a manage link was written')
}
for (let i = 0; i < pages.length; i++) if (pages[i] === 'manage') pages[i] = await manageBookingPath()

// A production server is warm: render each page a few times first so the
// measured server response time is not the JIT compiling the first render.
for (const page of pages) for (let i = 0; i < 20; i++) await (await fetch(server.url + page)).arrayBuffer()

const chrome = await chromeLauncher.launch({
  chromePath,
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
})
const rows = []
try {
  for (const page of pages) {
    const url = server.url.replace('127.0.0.1', 'localhost') + page
    const runs = []
    const wanted = Number(process.env.LH_RUNS ?? 3)
    // A run Lighthouse itself could not record (NO_NAVSTART and the like) scores 0: it is
    // reported and run again, up to three times, instead of counting as a result.
    for (let attempt = 0; runs.length < wanted && attempt < wanted + 3; attempt++) {
      const { lhr } = await lighthouse(url, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
      })
      if (lhr.runtimeError && runs.length + (wanted + 3 - attempt - 1) >= wanted) {
        console.log(`${page}: run discarded, ${lhr.runtimeError.code} ${lhr.runtimeError.message}`)
        continue
      }
      runs.push(lhr)
    }
    runs.sort((a, b) => (a.categories.performance?.score ?? 0) - (b.categories.performance?.score ?? 0))
    const lhr = runs[Math.floor(runs.length / 2)]
    const allScores = runs.map((r) => Math.round((r.categories.performance?.score ?? 0) * 100)).join('/')
    const js = await firstLoadJs(server.url + page)
    const score = (id) => Math.round((lhr.categories[id]?.score ?? 0) * 100)
    rows.push({
      page: page.startsWith('/booking/manage/') ? '/booking/manage/…' : page,
      performance: score('performance'),
      'runs (perf)': allScores,
      accessibility: score('accessibility'),
      'best-practices': score('best-practices'),
      seo: score('seo'),
      'LCP s': ((lhr.audits['largest-contentful-paint'].numericValue ?? NaN) / 1000).toFixed(2),
      CLS: (lhr.audits['cumulative-layout-shift'].numericValue ?? 0).toFixed(3),
      'TBT ms': Math.round(lhr.audits['total-blocking-time'].numericValue ?? NaN),
      'first-load JS KB gzip': js.kb.toFixed(1),
    })
    const failing = Object.values(lhr.audits).filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === 'binary')
    if (failing.length) console.log(`${page}: ${failing.map((a) => a.id).join(', ')}`)
    if (lhr.runtimeError) console.log(`${page}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`)
  }
} finally {
  await chrome.kill()
  server.child.kill('SIGTERM')
  await server.exited
  fs.rmSync(dataDir, { recursive: true, force: true })
}
console.table(rows)
