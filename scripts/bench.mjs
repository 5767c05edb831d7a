// `npm run bench`: the production build on a throwaway database, measured with
// autocannon (50 connections, 10 s per endpoint) beside a raw node:http
// hello-world started in the same run. Also reports start-up time with an
// existing data directory and the idle memory of the app and of PostgreSQL.
import { execFileSync, spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import autocannon from 'autocannon'
import pg from 'pg'
import { embeddedDatabaseUrl, freePort, startServer } from '../tests/helpers/server-process.mjs'
import { endpoints } from './bench-endpoints.mjs'
import { machineLine, markdownTable, writeGeneratedSection } from './performance-doc.mjs'

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50)
const DURATION = Number(process.env.BENCH_DURATION ?? 10)
// Each endpoint first runs this long unmeasured, so JIT compilation, pool
// connections and prepared statements are in place: the table shows steady state.
const WARMUP = Number(process.env.BENCH_WARMUP ?? 3)
const buildDir = path.resolve(process.env.BUILD_DIR ?? 'build')
const only = process.argv.slice(2)
// Taken before the run, so the load average says what else the machine was doing.
const machine = machineLine()

if (!fs.existsSync(path.join(buildDir, 'server-entry.js'))) {
  execFileSync(process.execPath, ['scripts/build.mjs'], { stdio: 'inherit' })
}

/** CPU time a process has used, user and system, in microseconds (from /proc/<pid>/stat). */
function cpuMicros(pid) {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8')
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    // utime and stime are fields 14 and 15 of the whole line, in clock ticks (100 a second on Linux).
    return (Number(fields[11]) + Number(fields[12])) * 10_000
  } catch {
    return 0
  }
}

function rssKb(pid) {
  try {
    return Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0)
  } catch {
    return 0
  }
}

/** PostgreSQL's processes: the postmaster of the data dir and its children. */
function postgresPids(dataDir) {
  const pidFile = path.join(dataDir, 'postgres', 'postmaster.pid')
  if (!fs.existsSync(pidFile)) return []
  const master = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0])
  const pids = [master]
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      const ppid = Number(/PPid:\s+(\d+)/.exec(fs.readFileSync(`/proc/${entry}/status`, 'utf8'))?.[1])
      if (ppid === master) pids.push(Number(entry))
    } catch {
      // process went away
    }
  }
  return pids
}

function postgresRssKb(dataDir) {
  const pids = postgresPids(dataDir)
  return { total: pids.reduce((sum, pid) => sum + rssKb(pid), 0), count: pids.length }
}

/**
 * What an endpoint's requests cost, for `costPer` endpoints: CPU of the app and of
 * PostgreSQL's processes (those that lived through the run), and committed
 * transactions, before and after.
 */
async function costSnapshot(dataDir, appPid) {
  const { rows } = await benchDb(dataDir).query(
    "select xact_commit::bigint as commits, (select count(*) from reservation_tables)::bigint as holds from pg_stat_database where datname = 'pub'",
  )
  return {
    app: cpuMicros(appPid),
    postgres: postgresPids(dataDir).reduce((sum, pid) => sum + cpuMicros(pid), 0),
    commits: Number(rows[0].commits),
    holds: Number(rows[0].holds),
  }
}

/** A client of the bench's own embedded PostgreSQL, for endpoints that set up data. */
let benchClient
function benchDb(dataDir) {
  if (!benchClient) {
    benchClient = new pg.Client({ connectionString: embeddedDatabaseUrl(dataDir) })
    benchClient.ready = benchClient.connect()
  }
  return { query: async (text, values) => (await benchClient.ready, benchClient.query(text, values)) }
}

/** The statements that took most of PostgreSQL's time since the last reset, with their calls. */
async function statementTimes(dataDir) {
  const { rows } = await benchDb(dataDir).query(
    `select calls::bigint as calls, round(total_exec_time::numeric, 1) as ms, round(total_plan_time::numeric, 1) as plan_ms, round(max_exec_time::numeric, 1) as max_ms, rows::bigint as rows, left(regexp_replace(query, '\\s+', ' ', 'g'), 110) as query
       from pg_stat_statements where query not like '%pg_stat_statements%' order by total_exec_time + total_plan_time desc limit 15`,
  )
  return rows
}

// BENCH_TIMELINE=1: for endpoints with a p99 budget, the measured run in quarter seconds: how many
// answers came, how many took the budget or longer, the slowest, and (sampled each quarter second)
// what PostgreSQL's busy backends were waiting on and whether a checkpoint had begun. Printed for the
// quarters with a slow answer: a tail that comes in bursts, every connection at once, is a stall;
// one spread evenly is the batch's length.
const TIMELINE = process.env.BENCH_TIMELINE === '1'
const QUARTER_MS = 250

function startTimeline(dataDir, instance, slowMs) {
  const started = Date.now()
  const quarters = []
  const quarter = (i) => (quarters[i] ??= { answers: 0, slow: 0, slowestMs: 0, waits: new Set(), walMb: undefined, checkpoints: undefined })
  instance.on('response', (_client, _status, _bytes, ms) => {
    const q = quarter(Math.floor((Date.now() - started) / QUARTER_MS))
    q.answers++
    if (ms >= slowMs) q.slow++
    q.slowestMs = Math.max(q.slowestMs, ms)
  })
  let sampling = true
  const sampler = (async () => {
    while (sampling) {
      const { rows } = await benchDb(dataDir).query(
        `select (select wal_bytes from pg_stat_wal)::bigint as wal_bytes, (select num_timed + num_requested from pg_stat_checkpointer)::int as checkpoints,
                (select array_agg(distinct wait_event) from pg_stat_activity where state = 'active' and wait_event is not null and pid <> pg_backend_pid()) as waits`,
      )
      const q = quarter(Math.floor((Date.now() - started) / QUARTER_MS))
      q.walMb = Number(rows[0].wal_bytes) / 1e6
      q.checkpoints = rows[0].checkpoints
      for (const wait of rows[0].waits ?? []) q.waits.add(wait)
      await new Promise((resolve) => setTimeout(resolve, QUARTER_MS))
    }
  })()
  return async function stop() {
    sampling = false
    await sampler
    return quarters
  }
}

function printTimeline(name, quarters, slowMs) {
  let checkpoints = quarters.find((q) => q?.checkpoints !== undefined)?.checkpoints
  const marked = quarters.map((q, i) => {
    const began = q?.checkpoints !== undefined && q.checkpoints > checkpoints
    if (q?.checkpoints !== undefined) checkpoints = q.checkpoints
    return { ...q, at: i * QUARTER_MS, began }
  })
  const slow = marked.filter((q) => q.slow > 0)
  console.log(`\nTimeline of ${name}: ${slow.length} of ${quarters.length} quarter seconds had an answer of ${slowMs} ms or more`)
  for (const q of slow) {
    const wal = q.walMb === undefined ? '' : `, WAL at ${q.walMb.toFixed(0)} MB`
    const checkpoint = q.began ? ', a checkpoint began' : ''
    console.log(`  ${String(q.at).padStart(6)} ms: ${q.slow} of ${q.answers} answers slow, the slowest ${q.slowestMs.toFixed(0)} ms${wal}${checkpoint}, waits: ${[...q.waits].join(', ') || 'none seen'}`)
  }
  const began = marked.filter((q) => q.began).map((q) => `${q.at} ms`)
  if (began.length) console.log(`  checkpoints began at ${began.join(', ')}`)
}

let counter = 0
// The first answer of each status that was not 2xx, per endpoint (printed after the table): a run's refusals say why.
const refusals = new Map()
function noteRefusal(endpoint, status, body) {
  if (status < 300) return
  const seen = refusals.get(endpoint.name) ?? new Map()
  refusals.set(endpoint.name, seen)
  if (!seen.has(status)) seen.set(status, String(body).slice(0, 200))
}
function run(url, endpoint, extra = {}, duration = DURATION, timeline = undefined) {
  // Bodies and headers given as functions get a fresh request number each time.
  const perRequest = typeof endpoint.body === 'function' || typeof endpoint.headers === 'function'
  const requests = perRequest
    ? [{ setupRequest: (req) => {
        const i = counter++
        const body = typeof endpoint.body === 'function' ? JSON.stringify(endpoint.body(i, extra)) : req.body
        const headers = typeof endpoint.headers === 'function' ? { ...req.headers, ...endpoint.headers(i, extra) } : req.headers
        return { ...req, body, headers }
      }, onResponse: (status, body) => noteRefusal(endpoint, status, body) }]
    : undefined
  return new Promise((resolve, reject) => {
    let stopTimeline
    const instance = autocannon(
      {
        url: url + (typeof endpoint.path === 'function' ? endpoint.path(extra) : endpoint.path),
        method: endpoint.method ?? 'GET',
        // An endpoint measured as one user uses it (staff's guest search) says so; the rest take the crowd.
        connections: endpoint.connections ?? CONNECTIONS,
        duration,
        headers: { 'content-type': 'application/json', ...(typeof endpoint.headers === 'object' ? endpoint.headers : {}) },
        body: endpoint.body && typeof endpoint.body !== 'function' ? JSON.stringify(endpoint.body) : undefined,
        requests,
      },
      (error, result) => {
        const stopped = stopTimeline ? stopTimeline() : Promise.resolve(undefined)
        stopped.then((quarters) => (error ? reject(error) : resolve(quarters ? { ...result, quarters } : result)), reject)
      },
    )
    if (timeline) stopTimeline = startTimeline(timeline.dataDir, instance, timeline.slowMs)
  })
}

const rawPort = await freePort()
const raw = spawn(process.execPath, ['-e', `require('node:http').createServer((q, s) => { s.setHeader('content-type', 'application/json'); s.end('{"status":"ok"}') }).listen(${rawPort})`], { stdio: 'ignore' })
// Ended however the bench ends, also when the app fails to start before the run's own clean-up is in place.
process.on('exit', () => raw.kill())
await new Promise((r) => setTimeout(r, 300))

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pub-bench-'))
// Endpoints may need server settings (the booking POST needs TRUST_PROXY to spread its rate limit).
const env = Object.assign({ LOG_LEVEL: 'warn', ADMIN_USERNAME: 'bench', ADMIN_PASSWORD: 'bench-password-1' }, ...endpoints.map((e) => e.env ?? {}))
// First start creates the database; the measured start-up uses the existing data directory.
const first = await startServer({ dataDir, env, buildDir })
first.child.kill('SIGTERM')
await first.exited
// BENCH_STATEMENTS=1: PostgreSQL also counts each statement's time (pg_stat_statements), printed per
// endpoint with a cost line: where the database's share of a request goes. Off by default: it costs a little.
const STATEMENTS = process.env.BENCH_STATEMENTS === '1'
if (STATEMENTS) {
  fs.appendFileSync(path.join(dataDir, 'postgres', 'postgresql.conf'), "\nshared_preload_libraries = 'pg_stat_statements'\npg_stat_statements.track = all\npg_stat_statements.track_planning = on\n")
}
const server = await startServer({ dataDir, env, buildDir })
await new Promise((r) => setTimeout(r, 2000))
const idleAppKb = rssKb(server.child.pid)
const idlePg = postgresRssKb(dataDir)

const rows = []
const plans = []
try {
  const rawEndpoint = { name: 'raw node:http', path: '/' }
  if (WARMUP > 0) await run(`http://127.0.0.1:${rawPort}`, rawEndpoint, {}, WARMUP)
  const baseline = await run(`http://127.0.0.1:${rawPort}`, rawEndpoint)
  rows.push({ name: 'raw node:http hello world', result: baseline })
  for (const endpoint of endpoints) {
    if (only.length && !only.some((o) => endpoint.name.includes(o))) continue
    const extra = endpoint.prepare ? await endpoint.prepare(server.url, { query: (text, values) => benchDb(dataDir).query(text, values) }) : {}
    if (endpoint.explain) {
      const plan = await benchDb(dataDir).query(`explain (analyze, costs off, timing off, summary off) ${endpoint.explain.text}`, endpoint.explain.values(extra))
      plans.push({ name: endpoint.name, plan: plan.rows.map((r) => r['QUERY PLAN']).join('\n') })
    }
    if (WARMUP > 0) await run(server.url, endpoint, extra, WARMUP)
    if (STATEMENTS && endpoint.costPer) await benchDb(dataDir).query('create extension if not exists pg_stat_statements; select pg_stat_statements_reset()')
    const before = endpoint.costPer ? await costSnapshot(dataDir, server.child.pid) : undefined
    // The load generator (this process) shares the machine's cores with the app and PostgreSQL.
    const loadGenerator = process.cpuUsage()
    const slowMs = endpoint.budget?.maxP99Ms
    const result = await run(server.url, endpoint, extra, DURATION, TIMELINE && slowMs ? { dataDir, slowMs } : undefined)
    const { user, system } = process.cpuUsage(loadGenerator)
    const after = endpoint.costPer ? await costSnapshot(dataDir, server.child.pid) : undefined
    const statements = STATEMENTS && endpoint.costPer ? await statementTimes(dataDir) : undefined
    rows.push({ name: endpoint.name, endpoint, result, statements, cost: before && after && { before, after, loadGenerator: user + system } })
  }
} finally {
  await benchClient?.end()
  server.child.kill('SIGTERM')
  await server.exited
  raw.kill()
  fs.rmSync(dataDir, { recursive: true, force: true })
}

const STARTUP_BUDGET_MS = 3000
const IDLE_RSS_BUDGET_MB = 150
const missed = []
const rawRps = rows[0].result.requests.average
console.log(`\nStart-up to first 200 with an existing data directory: ${server.startupMs} ms (budget ${STARTUP_BUDGET_MS} ms)`)
console.log(`Idle RSS: app ${(idleAppKb / 1024).toFixed(1)} MB (budget ${IDLE_RSS_BUDGET_MB} MB); PostgreSQL ${(idlePg.total / 1024).toFixed(1)} MB over ${idlePg.count} processes (RSS counts shared buffers in each)`)
if (server.startupMs > STARTUP_BUDGET_MS) missed.push(`start-up ${server.startupMs} ms > ${STARTUP_BUDGET_MS} ms`)
if (idleAppKb / 1024 > IDLE_RSS_BUDGET_MB) missed.push(`idle RSS ${(idleAppKb / 1024).toFixed(1)} MB > ${IDLE_RSS_BUDGET_MB} MB`)
console.log(`\n${CONNECTIONS} connections, ${DURATION} s each after ${WARMUP} s of warm-up, on ${os.cpus().length} CPU(s)\n`)
const budgetText = (b) => [b?.minRps && `>= ${b.minRps} req/s`, b?.maxP99Ms && `p99 < ${b.maxP99Ms} ms`].filter(Boolean).join(', ')
const table = rows.map(({ name, endpoint, result }) => {
  // autocannon's latency percentiles: p50 is the median.
  const rps = Math.round(result.requests.average)
  const budget = endpoint?.budget
  const misses = []
  if (budget?.minRps && rps < budget.minRps) misses.push(`${rps} req/s < ${budget.minRps}`)
  if (budget?.maxP99Ms && result.latency.p99 >= budget.maxP99Ms) misses.push(`p99 ${result.latency.p99} ms >= ${budget.maxP99Ms}`)
  if (result.errors + result.timeouts > 0) misses.push(`${result.errors + result.timeouts} errors`)
  for (const miss of misses) missed.push(`${name}: ${miss}`)
  return {
    endpoint: name,
    'req/s': rps,
    'p50 ms': result.latency.p50,
    'p99 ms': result.latency.p99,
    'ratio to raw': (result.requests.average / rawRps).toFixed(2),
    'non-2xx': result.non2xx,
    errors: result.errors + result.timeouts,
    budget: budgetText(budget),
    met: budget ? (misses.length ? 'NO' : 'yes') : '',
  }
})
console.table(table)
const costLines = []
for (const { name, endpoint, result, cost } of rows) {
  if (!cost) continue
  const done = result['2xx'] || 1
  const commits = cost.after.commits - cost.before.commits
  const holds = cost.after.holds - cost.before.holds
  // A booking POST of a floor plan that seated no one measured the covers engine: say so, as a budget missed.
  if (endpoint.seatsTables && holds === 0) missed.push(`${name}: no booking was given a table (the floor plan was not drawn)`)
  costLines.push(
    `${name}, per request answered 2xx (${done}): app CPU ${Math.round((cost.after.app - cost.before.app) / done)} µs, ` +
      `PostgreSQL CPU ${Math.round((cost.after.postgres - cost.before.postgres) / done)} µs (its processes that lived through the run), ` +
      `load generator CPU ${Math.round(cost.loadGenerator / done)} µs, ` +
      `${(done / Math.max(1, commits)).toFixed(1)} requests per committed transaction (${commits} commits), ${holds} tables taken`,
  )
}
for (const line of costLines) console.log(line)
for (const [name, seen] of refusals) {
  const counts = rows.find((r) => r.name === name)?.result.statusCodeStats ?? {}
  console.log(`\nAnswers of ${name} that were not 2xx:`)
  for (const [status, body] of seen) console.log(`  ${status} (${counts[status]?.count ?? '?'} in the measured run), the first: ${body}`)
}
for (const { name, result, statements } of rows) {
  if (!statements) continue
  const done = result['2xx'] || 1
  console.log(`\nStatements of ${name} by PostgreSQL's time (µs per request answered 2xx, executing and planning, the slowest run, calls, rows, statement):`)
  for (const s of statements) console.log(`${String(Math.round((Number(s.ms) * 1000) / done)).padStart(6)} µs (planning ${String(Math.round((Number(s.plan_ms) * 1000) / done)).padStart(4)} µs, slowest run ${String(s.max_ms).padStart(5)} ms) ${String(s.calls).padStart(7)} ${String(s.rows).padStart(8)}  ${s.query}`)
}
for (const { name, endpoint, result } of rows) if (result.quarters) printTimeline(name, result.quarters, endpoint.budget.maxP99Ms)
for (const { name, plan } of plans) console.log(`\nQuery plan of ${name}:\n${plan}`)
if (missed.length) {
  console.error(`\nBudgets missed:\n- ${missed.join('\n- ')}`)
  process.exitCode = 1
} else {
  console.log('\nEvery budget met.')
}
// Only a full run replaces the table of docs/performance.md: a filtered one would leave rows out.
if (only.length === 0 && process.env.BENCH_DOC !== '0') {
  const doc = writeGeneratedSection(
    'bench',
    'Benchmark',
    [
      machine,
      `Start-up to first 200 with an existing data directory: ${server.startupMs} ms (budget ${STARTUP_BUDGET_MS} ms). ` +
        `Idle RSS: app ${(idleAppKb / 1024).toFixed(1)} MB (budget ${IDLE_RSS_BUDGET_MB} MB), PostgreSQL ${(idlePg.total / 1024).toFixed(1)} MB over ${idlePg.count} processes.`,
      `autocannon, ${CONNECTIONS} connections, ${DURATION} s per endpoint after ${WARMUP} s of warm-up.`,
      markdownTable(table),
      costLines.map((line) => `- ${line}`).join('\n'),
      missed.length ? `Budgets missed:\n\n${missed.map((m) => `- ${m}`).join('\n')}` : 'Every budget met.',
    ]
      .filter(Boolean)
      .join('\n\n'),
  )
  console.log(`\nTable written to ${path.relative(process.cwd(), doc)}`)
}
if (process.env.BENCH_JSON) fs.writeFileSync(process.env.BENCH_JSON, JSON.stringify({ startupMs: server.startupMs, idleAppKb, idlePg, table }, null, 2))
