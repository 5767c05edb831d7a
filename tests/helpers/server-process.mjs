// Starts the production build as a child process (used by the process tests and the bench).
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import path from 'node:path'

export async function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer()
    server.on('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address()
      server.close(() => resolve(port))
    })
  })
}

/** The connection string of the app's database in a running server's embedded PostgreSQL. */
export function embeddedDatabaseUrl(dataDir) {
  // postmaster.pid: pid, data directory, start time, port, ...
  const port = fs.readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[3]
  const password = fs.readFileSync(path.join(dataDir, 'postgres-password'), 'utf8').trim()
  return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/pub`
}

/**
 * Runs `<build>/server-entry.js` with NODE_ENV=production on the given data
 * directory, without waiting for it (a test that signals a start in progress).
 */
export function spawnServer({ dataDir, port, env = {}, buildDir = process.env.BUILD_DIR ?? 'build' }) {
  // Node's own flags for the server (NODE_OPTIONS refuses some): SERVER_NODE_FLAGS='--cpu-prof --cpu-prof-dir=/tmp/prof'
  // writes a CPU profile of the app under `npm run bench` when it stops.
  const nodeFlags = process.env.SERVER_NODE_FLAGS?.split(' ').filter(Boolean) ?? []
  const child = spawn(process.execPath, [...nodeFlags, path.resolve(buildDir, 'server-entry.js')], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      DATA_DIR: dataDir,
      SESSION_SECRET: 'process-test-secret-process-test-secret',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      // The tests book covers unless they draw a plan (the demo plan of a first run is tested in tests/api/demo-plan.test.ts).
      DEMO_PLAN: 'false',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout.on('data', (d) => (output += d))
  child.stderr.on('data', (d) => (output += d))
  const exited = new Promise((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })))
  return { child, output: () => output, exited }
}

/**
 * Runs `<build>/server-entry.js` with NODE_ENV=production on the given data
 * directory and resolves once GET /api/health answers 200.
 */
export async function startServer({ dataDir, port, env = {}, buildDir = process.env.BUILD_DIR ?? 'build', timeoutMs = 100_000 }) {
  port ??= await freePort()
  const startedAt = performance.now()
  const { child, output, exited } = spawnServer({ dataDir, port, env, buildDir })
  const deadline = Date.now() + timeoutMs
  for (;;) {
    if (child.exitCode !== null) throw new Error(`Server exited early:\n${output()}`)
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/health`)
      if (res.status === 200) break
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL')
      throw new Error(`Server did not become healthy in ${timeoutMs} ms:\n${output()}`)
    }
    await new Promise((r) => setTimeout(r, 25))
  }
  return {
    child,
    port,
    url: `http://127.0.0.1:${port}`,
    startupMs: Math.round(performance.now() - startedAt),
    output,
    exited,
  }
}
