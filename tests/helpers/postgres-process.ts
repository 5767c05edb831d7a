// The embedded PostgreSQL of a running app, as the process-level tests see it: its
// postmaster, its processes, and the state its control file says it was left in.
import fs from 'node:fs'
import path from 'node:path'
import { parentOf } from '../../server/db/embedded'

/** The postmaster's pid from DATA_DIR/postgres/postmaster.pid, if there is one. */
export function postmasterPid(dataDir: string): number | undefined {
  const file = path.join(dataDir, 'postgres', 'postmaster.pid')
  return fs.existsSync(file) ? Number(fs.readFileSync(file, 'utf8').split('\n')[0]) : undefined
}

export const alive = (pid: number) => {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

/** The processes whose parent is `pid` (PostgreSQL's backends and background workers). */
function childrenOf(pid: number): number[] {
  return fs
    .readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry) && parentOf(Number(entry)) === pid)
    .map(Number)
}

/**
 * Kills the embedded PostgreSQL as a power cut would: SIGKILL to the
 * postmaster and every process it started, no checkpoint, no clean shutdown.
 * Resolves once they are all gone.
 */
export async function killPostgres(dataDir: string) {
  const pid = postmasterPid(dataDir)
  if (!pid || !alive(pid)) throw new Error('No PostgreSQL running for this data directory')
  const all = [pid, ...childrenOf(pid)]
  for (const p of all) {
    try {
      process.kill(p, 'SIGKILL')
    } catch {
      // already gone
    }
  }
  const deadline = Date.now() + 10_000
  while (all.some(alive)) {
    if (Date.now() > deadline) throw new Error('PostgreSQL processes outlived SIGKILL')
    await new Promise((r) => setTimeout(r, 20))
  }
}

const DB_STATES = ['starting up', 'shut down', 'shut down in recovery', 'shutting down', 'in crash recovery', 'in archive recovery', 'in production']

/**
 * The cluster state recorded in global/pg_control (pg_controldata's "Database
 * cluster state"): 'shut down' after a clean stop; 'in production' when it
 * was killed while running, so its next start runs crash recovery.
 */
export function clusterState(dataDir: string): string {
  // ControlFileData: system_identifier (8 bytes), pg_control_version (4), catalog_version_no (4), then state.
  const state = fs.readFileSync(path.join(dataDir, 'postgres', 'global', 'pg_control')).readInt32LE(16)
  return DB_STATES[state] ?? `unknown (${state})`
}
