import fs from 'node:fs'
import { spawn } from 'node:child_process'
import os from 'node:os'
import path from 'node:path'
import { expect, test } from '@playwright/test'
import { pdfBomb } from '../helpers/pdf-bomb'
import { alive, postmasterPid } from '../helpers/postgres-process'
// @ts-expect-error a plain ESM helper shared with the bench script
import { startServer } from '../helpers/server-process.mjs'
import { processAdminEnv, signIn } from '../e2e/servers'

const POST_BYTES = 200 * 1024 * 1024
const HEALTH_P99_LIMIT_MS = 50

/**
 * The attack, in a process of its own so that pushing 800 MB does not delay
 * the health checks this test makes and times: four 200 MB page posts (two
 * with their length declared, two chunked) and the PDF bomb, all at once.
 * Prints what each was answered, as JSON.
 */
const ATTACKER = `
import fs from 'node:fs'
import { spawn } from 'node:child_process'
const { URL_, COOKIE, BOMB, BYTES } = process.env
const MB = 1024 * 1024
function post(declared) {
  const started = performance.now()
  return new Promise((resolve) => {
    let status = 0
    const done = () => resolve({ status, ms: Math.round(performance.now() - started) })
    const req = http.request(URL_ + '/unsubscribe', { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...(declared ? { 'Content-Length': BYTES } : {}) } })
    req.on('response', (res) => { status = res.statusCode; res.resume(); res.on('end', done); req.destroy() })
    req.on('error', done)
    req.on('close', done)
    const chunk = Buffer.alloc(MB, 'a')
    let sent = 0
    const pump = () => {
      while (sent < Number(BYTES) && !req.destroyed) { sent += chunk.length; if (!req.write(chunk)) return void req.once('drain', pump) }
      if (!req.destroyed) req.end()
    }
    pump()
  })
}
async function bomb() {
  const started = performance.now()
  const form = new FormData()
  form.append('file', new Blob([fs.readFileSync(BOMB)], { type: 'application/pdf' }), 'menu.pdf')
  const res = await fetch(URL_ + '/api/upload', { method: 'POST', headers: { cookie: COOKIE, 'Sec-Fetch-Site': 'same-origin' }, body: form })
  return { status: res.status, message: (await res.json()).message, ms: Math.round(performance.now() - started) }
}
const [posts, pdf] = await Promise.all([Promise.all([true, true, false, false].map(post)), bomb()])
console.log(JSON.stringify({ posts, pdf }))
`

type AttackResult = { posts: { status: number; ms: number }[]; pdf: { status: number; message: string; ms: number } }

function attack(env: Record<string, string>): Promise<AttackResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--input-type=module', '-e', ATTACKER], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] })
    let out = ''
    child.stdout.on('data', (d) => (out += d))
    child.on('close', (code) => (code === 0 ? resolve(JSON.parse(out) as AttackResult) : reject(new Error(`The attacker exited ${code}`))))
  })
}

/**
 * Issue 31: four 200 MB posts to a page took the server from 287 MB to 1.8 GB
 * and blocked its event loop for 4.1 s (health answered 503 twenty-five
 * times), and a 1 MB PDF inflating to gigabytes blocked it for 10.7 s. Both
 * arrive here at once while /api/health is asked every 20 ms.
 */
test('/api/health answers under 50 ms p99 while four 200 MB page posts and a PDF bomb arrive', async () => {
  test.setTimeout(120_000)
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pub-attack-'))
  const server = await startServer({ dataDir, env: processAdminEnv })
  try {
    const cookie = await signIn(server)
    // Warm: the first PDF check loads pdf-lib in its worker; the first page render compiles.
    await fetch(`${server.url}/unsubscribe`)
    const latencies: number[] = []
    const statuses = new Map<number, number>()
    let polling = true
    const poller = (async () => {
      while (polling) {
        const started = performance.now()
        const res = await fetch(`${server.url}/api/health`).catch(() => undefined)
        latencies.push(performance.now() - started)
        statuses.set(res?.status ?? 0, (statuses.get(res?.status ?? 0) ?? 0) + 1)
        await new Promise((r) => setTimeout(r, 20))
      }
    })()
    await new Promise((r) => setTimeout(r, 500))
    const bombFile = path.join(dataDir, 'bomb.pdf')
    fs.writeFileSync(bombFile, pdfBomb(1024))
    // Three rounds, so that many of the checks fall while an attack is under way.
    const rounds: AttackResult[] = []
    for (let i = 0; i < 3; i++) rounds.push(await attack({ URL_: server.url, COOKIE: cookie, BOMB: bombFile, BYTES: String(POST_BYTES) }))
    const posts = rounds.flatMap((r) => r.posts)
    const bombs = rounds.map((r) => r.pdf)
    await new Promise((r) => setTimeout(r, 500))
    polling = false
    await poller
    const peakRssMb = Math.round(Number(/VmHWM:\s+(\d+)/.exec(fs.readFileSync(`/proc/${server.child.pid}/status`, 'utf8'))![1]) / 1024)

    const sorted = [...latencies].sort((a, b) => a - b)
    const p99 = sorted[Math.ceil(sorted.length * 0.99) - 1]!
    console.log(
      `Health under attack: p99 ${p99.toFixed(1)} ms, max ${sorted[sorted.length - 1]!.toFixed(1)} ms over ${latencies.length} checks (all ${[...statuses.keys()].join(', ')}); ` +
        `3 rounds of four 200 MB page posts answered ${posts.map((p) => `${p.status || 'dropped'} in ${Math.round(p.ms)} ms`).join(', ')}; ` +
        `PDF bombs ${bombs.map((b) => `${b.status} in ${b.ms} ms`).join(', ')}; the app's peak RSS ${peakRssMb} MB`,
    )
    expect([...statuses.keys()]).toEqual([200])
    expect(latencies.length).toBeGreaterThanOrEqual(50)
    expect(p99).toBeLessThan(HEALTH_P99_LIMIT_MS)
    // The declared ones are refused from their headers; the chunked ones once 16 KB have come. Each client reads its
    // 413: the connection is closed only after a pause (lingering-close.ts). Dropped at once, 2 to 7 of the
    // 12 were reset while still sending, and lost the answer that had come.
    expect(posts.map((p) => p.status)).toEqual(posts.map(() => 413))
    for (const bomb of bombs) expect(bomb.status).toBe(415)
    expect(peakRssMb).toBeLessThan(600)
  } finally {
    server.child.kill('SIGTERM')
    await server.exited
    const pg = postmasterPid(dataDir)
    if (pg && alive(pg)) process.kill(pg, 'SIGINT')
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
})
