// What db:backup and db:restore share: the archive's manifest, copying folders, finding the running embedded server.
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import pg from 'pg'
import { embeddedUrl, runningEmbeddedServer } from '../server/db/embedded'

export const MANIFEST = 'manifest.json'

/** What a backup archive holds. `embedded-files`: postgres/ (a base backup); `pg_dump`: database.dump. */
export type Manifest = { app: 'the-wheatsheaf'; createdAt: string; database: 'embedded-files' | 'pg_dump'; uploads: boolean }

type CopyOptions = { skipFiles?: string[]; skipDirs?: string[]; emptyDirs?: string[] }

/**
 * Copies a folder that a running server may be writing to: a file removed
 * while the copy runs is left out (PostgreSQL's WAL replay makes the rest
 * consistent). Modes are kept; top-level names in the options are matched.
 */
export function copyTree(from: string, to: string, { skipFiles = [], skipDirs = [], emptyDirs = [] }: CopyOptions = {}) {
  fs.mkdirSync(to, { recursive: true, mode: fs.statSync(from).mode & 0o777 })
  for (const entry of fs.readdirSync(from, { withFileTypes: true })) {
    const source = path.join(from, entry.name)
    const target = path.join(to, entry.name)
    try {
      if (entry.isDirectory()) {
        if (skipDirs.includes(entry.name)) continue
        if (emptyDirs.includes(entry.name)) fs.mkdirSync(target, { mode: fs.statSync(source).mode & 0o777 })
        else copyTree(source, target)
      } else if (entry.isFile() && !skipFiles.includes(entry.name)) {
        fs.copyFileSync(source, target)
        fs.chmodSync(target, fs.statSync(source).mode & 0o777)
      }
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
    }
  }
}

/** The running embedded server's connection string (its `pub` database), or undefined when it is not running. */
export function embeddedConnection(dataDir: string, database = 'pub'): string | undefined {
  const running = runningEmbeddedServer(dataDir)
  return running && embeddedUrl(dataDir, running.port, database)
}

/** The major version of a PostgreSQL client tool (pg_dump, pg_restore). */
export function pgToolMajor(tool: string): number {
  const version = execFileSync(tool, ['--version'], { encoding: 'utf8' })
  return Number(/(\d+)(?:\.\d+)?/.exec(version)?.[1] ?? 0)
}

/** The major version of the server at `url`. */
export async function serverMajor(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    const { rows } = await client.query<{ v: string }>(`select current_setting('server_version_num') as v`)
    return Math.floor(Number(rows[0]!.v) / 10000)
  } finally {
    await client.end()
  }
}
