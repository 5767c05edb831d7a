// `npm run db:backup [-- FILE]`: one .tar.gz holding a consistent copy of the app's database and
// its uploads. The embedded database is copied as files (PostgreSQL's low-level base backup, safe
// while the app runs); an external one (DATABASE_URL) is dumped with pg_dump. See docs/reliability.md.
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { loadConfigOrExit } from '../server/config'
import { copyTree, embeddedConnection, MANIFEST, pgToolMajor, serverMajor, type Manifest } from './db-backup-files'

const config = loadConfigOrExit()
const stamp = new Date().toISOString().replace(/[:.]/g, '-').slice(0, 19)
const out = path.resolve(process.argv[2] ?? path.join('backups', `pub-${stamp}.tar.gz`))
const staging = fs.mkdtempSync(path.join(os.tmpdir(), 'pub-backup-'))

/** The embedded database's files, copied between pg_backup_start and pg_backup_stop, then the WAL that makes them consistent. */
async function backupEmbedded(): Promise<Manifest['database']> {
  const pgData = path.join(config.dataDir, 'postgres')
  if (!fs.existsSync(path.join(pgData, 'PG_VERSION'))) throw new Error(`No embedded database in ${pgData}`)
  fs.copyFileSync(path.join(config.dataDir, 'postgres-password'), path.join(staging, 'postgres-password'))
  const url = embeddedConnection(config.dataDir)
  if (!url) {
    // Not running: the files are at rest (and a crashed server's WAL is in pg_wal, replayed at start).
    copyTree(pgData, path.join(staging, 'postgres'), { skipFiles: ['postmaster.pid', 'postmaster.opts'] })
    return 'embedded-files'
  }
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    // A temporary slot keeps the WAL written during the copy until it is copied too.
    await client.query(`select pg_create_physical_replication_slot('pub_backup_${process.pid}', true, true)`)
    await client.query(`select pg_backup_start('npm run db:backup', true)`)
    copyTree(pgData, path.join(staging, 'postgres'), {
      skipFiles: ['postmaster.pid', 'postmaster.opts', 'backup_label', 'tablespace_map'],
      // Kept as empty folders: what is in them is rebuilt at start, or (pg_wal) copied after the stop.
      emptyDirs: ['pg_wal', 'pg_replslot', 'pg_stat_tmp', 'pg_dynshmem', 'pg_notify', 'pg_serial', 'pg_snapshots', 'pg_subtrans'],
    })
    const { rows } = await client.query<{ labelfile: string; spcmapfile: string }>('select labelfile, spcmapfile from pg_backup_stop(false)')
    fs.writeFileSync(path.join(staging, 'postgres', 'backup_label'), rows[0]!.labelfile)
    if (rows[0]!.spcmapfile) fs.writeFileSync(path.join(staging, 'postgres', 'tablespace_map'), rows[0]!.spcmapfile)
    // Every WAL segment up to the backup's end, so that recovery reaches a consistent state.
    copyTree(path.join(pgData, 'pg_wal'), path.join(staging, 'postgres', 'pg_wal'), { emptyDirs: ['archive_status'] })
  } finally {
    await client.end()
  }
  return 'embedded-files'
}

/** An external database, with pg_dump (custom format): its major version must be at least the server's. */
async function backupExternal(url: string): Promise<Manifest['database']> {
  const pgDump = process.env.PG_DUMP || 'pg_dump'
  const [tool, server] = [pgToolMajor(pgDump), await serverMajor(url)]
  if (tool < server) throw new Error(`${pgDump} is version ${tool}, the server ${server}: install a pg_dump of version ${server} or newer (PG_DUMP=/path/to/pg_dump)`)
  execFileSync(pgDump, ['--format=custom', '--no-owner', '--no-privileges', `--file=${path.join(staging, 'database.dump')}`, url], { stdio: 'inherit' })
  return 'pg_dump'
}

try {
  const database = config.databaseUrl ? await backupExternal(config.databaseUrl) : await backupEmbedded()
  const uploads = path.join(config.dataDir, 'uploads')
  if (fs.existsSync(uploads)) copyTree(uploads, path.join(staging, 'uploads'), { skipDirs: ['.tmp'] })
  const manifest: Manifest = { app: 'the-wheatsheaf', createdAt: new Date().toISOString(), database, uploads: fs.existsSync(uploads) }
  fs.writeFileSync(path.join(staging, MANIFEST), JSON.stringify(manifest, null, 2))
  fs.mkdirSync(path.dirname(out), { recursive: true })
  // Written beside the target and renamed: a backup file that exists is a whole one.
  execFileSync('tar', ['-czf', `${out}.partial`, '-C', staging, '.'])
  fs.renameSync(`${out}.partial`, out)
  console.log(`Backup written: ${out} (${(fs.statSync(out).size / 1024 / 1024).toFixed(1)} MB, ${database}${manifest.uploads ? ', uploads' : ''})`)
} catch (error) {
  console.error(`Backup failed: ${(error as Error).message}`)
  fs.rmSync(`${out}.partial`, { force: true })
  process.exitCode = 1
} finally {
  fs.rmSync(staging, { recursive: true, force: true })
}
