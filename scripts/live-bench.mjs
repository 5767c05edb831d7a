// `npm run live-bench`: the staff screens' live channel (issue 35) measured on
// the production build and a throwaway database. The time from a committed
// change to its event on an open stream (median and p99 of 100 changes, with
// one stream open and with 50), and the server's memory (RSS) with 50 streams
// open against none. Writes its section of docs/performance.md.
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { openEventStream } from '../tests/helpers/event-stream.mjs'
import { embeddedDatabaseUrl, startServer } from '../tests/helpers/server-process.mjs'
import { machineLine, markdownTable, writeGeneratedSection } from './performance-doc.mjs'

const CHANGES = Number(process.env.LIVE_BENCH_CHANGES ?? 100)
const STREAMS = Number(process.env.LIVE_BENCH_STREAMS ?? 50)
// The caps of server/live/live-hub.ts: four streams a session.
const PER_SESSION = 4
const ADMIN = { username: 'live-bench', password: 'live-bench-password-42' }
const buildDir = path.resolve(process.env.BUILD_DIR ?? 'build')
const machine = machineLine()

if (!fs.existsSync(path.join(buildDir, 'server-entry.js'))) execFileSync(process.execPath, ['scripts/build.mjs'], { stdio: 'inherit' })

const rssMb = (pid) => Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms))
const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pub-live-bench-'))
const server = await startServer({ dataDir, buildDir, env: { ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password, LOG_LEVEL: 'error' } })
const db = new pg.Client({ connectionString: embeddedDatabaseUrl(dataDir) })
try {
  await db.connect()
  const live = `${server.url}/api/admin/live`

  /** A new signed-in session's cookie. */
  const session = async () => {
    const res = await fetch(`${server.url}/api/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Sec-Fetch-Site': 'same-origin' },
      body: JSON.stringify(ADMIN),
    })
    if (res.status !== 200) throw new Error(`Sign-in answered ${res.status}: ${await res.text()}`)
    return res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ')
  }

  // One booking, changed again and again by a plain SQL client as a script or another instance would.
  const { rows } = await db.query(
    `insert into reservations (name, email, phone, date, start_time, party_size, status)
     values ('Live Bench', 'live-bench@example.com', '07700 900 999', '2030-06-07', '19:00', 2, 'confirmed') returning id`,
  )
  const id = rows[0].id
  let n = 0

  /** Milliseconds from sending each autocommitted change to its event on `stream`, sorted. */
  const latencies = async (stream) => {
    const ms = []
    for (let i = 0; i < CHANGES; i++) {
      const event = stream.next('change', (d) => d.id === id, 5_000)
      const sent = performance.now()
      await db.query('update reservations set additional_info = $2 where id = $1', [id, `change ${++n}`])
      ms.push((await event).at - sent)
      await sleep(5)
    }
    return ms.sort((a, b) => a - b)
  }
  const row = (label, ms) => ({
    'open streams': label,
    changes: ms.length,
    'median ms': percentile(ms, 50).toFixed(1),
    'p99 ms': percentile(ms, 99).toFixed(1),
    'max ms': ms.at(-1).toFixed(1),
  })

  // The sessions first: signing in hashes a password, whose memory must not count as the streams'.
  const cookies = []
  for (let i = 0; i < Math.ceil(STREAMS / PER_SESSION); i++) cookies.push(await session())
  // Warm up: the route, the listener and the first events compiled.
  const first = await openEventStream(live, { Cookie: cookies[0] })
  await first.next('ready')
  await latencies(first)
  const one = await latencies(first)
  first.close()
  await sleep(2_000)
  const idleMb = rssMb(server.child.pid)

  const streams = []
  for (let i = 0; i < STREAMS; i++) {
    const stream = await openEventStream(live, { Cookie: cookies[Math.floor(i / PER_SESSION)] })
    if (stream.status !== 200) throw new Error(`Stream ${i + 1} answered ${stream.status}`)
    await stream.next('ready')
    streams.push(stream)
  }
  // Every stream has events through it before memory is read: measured on the last one opened.
  const fifty = await latencies(streams.at(-1))
  await sleep(2_000)
  const openMb = rssMb(server.child.pid)
  for (const stream of streams) stream.close()

  const table = markdownTable([row(1, one), row(STREAMS, fifty)])
  const memory = markdownTable([
    { 'open streams': 0, 'server RSS MB': idleMb.toFixed(1) },
    { 'open streams': STREAMS, 'server RSS MB': openMb.toFixed(1) },
  ])
  console.log(`${table}\n\n${memory}`)
  const file = writeGeneratedSection(
    'live-bench',
    'Live channel',
    `${machine}\n\nFrom sending an autocommitted \`update reservations\` (a plain SQL client, as another instance or a script) to the event parsed off an open \`GET /api/admin/live\` stream in Node, ${CHANGES} changes one after another, after as many unmeasured:\n\n${table}\n\nThe server's memory (RSS), 2 s after the streams opened and carried ${CHANGES} events each, against none:\n\n${memory}`,
  )
  console.log(`Written to ${file}`)
} finally {
  await db.end().catch(() => {})
  server.child.kill('SIGTERM')
  await server.exited
  fs.rmSync(dataDir, { recursive: true, force: true })
}
